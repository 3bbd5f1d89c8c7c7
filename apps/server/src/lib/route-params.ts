import { z } from 'zod';
import { TILE_MAX_ZOOM } from '@heliotrack/domain/tile-content';

/*
 * Path parameters of the route files. Fastify hands them over as text: each is coerced and checked
 * here, so a handler gets numbers and a malformed id is a 400 before any service runs.
 */

/** A positive integer id in a path. */
const pathId = z.coerce.number().int().positive();

/** `:id`, the first id of most paths (a plant, a user, a contractor, …). */
export const IdParam = z.object({ id: pathId });

/** `:id` and more ids, e.g. `idParams('reportId')` for `plants/:id/reports/:reportId/`. */
export function idParams<const K extends string>(...names: K[]) {
  return IdParam.extend(Object.fromEntries(names.map((name) => [name, pathId])) as Record<K, typeof pathId>);
}

/** `plants/:id/:type/…`: `:type` is a standard type's plural or `extra-elements`. */
export const PlantTypeParams = IdParam.extend({
  type: z.string().max(100).describe('hincas, masts, strings, trackers, modules, inverters, ctrs, or extra-elements for any other type'),
});

/** `plants/:id/:type/:elementId/…` */
export const PlantTypeElementParams = PlantTypeParams.extend({ elementId: pathId });

/** `…/tiles/:z/:x/:y.pbf` of a plant, and of a PPI's map: x and y are checked against z by the service. */
export const TileParams = IdParam.extend({
  z: z.coerce.number().int().min(0).max(TILE_MAX_ZOOM),
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
});
