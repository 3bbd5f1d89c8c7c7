import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Element, ElementIds } from '@heliotrack/domain/elements';
import { type ElementTypePlural, STANDARD_ELEMENT_TYPES } from '@heliotrack/domain/element-types';
import { TILE_DETAIL_MIN_ZOOM } from '@heliotrack/domain/tile-content';
import { IdParam, TileParams } from '../../lib/route-params';
import { fileResponse } from '../../openapi/media';
import type { SpatialService } from './spatial.service';

const plurals = STANDARD_ELEMENT_TYPES.map((t) => t.plural) as [ElementTypePlural, ...ElementTypePlural[]];

const PolygonQuery = z.object({
  polygon: z.string().max(400_000).describe("Closed or open ring 'x y,x y,…' (longitude latitude), optionally prefixed with SRID=4326;"),
  fields: z.literal('id').optional().describe('`id`: answer `{ count, ids }` (ascending) instead of the elements, for selections'),
});

/** The elements, or with `fields=id` only their ids and count: 10,000 modules are 4 MB of rows, 70 KB of ids. */
const PolygonAnswer = z.union([z.array(Element), ElementIds]);

/**
 * A selection of 10,000 elements is 4 MB of JSON. The rows are mapped by typed code, so the
 * response schema documents the answer without re-validating each element on the way out
 * (that was an eighth of the request's time on the reference plant).
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

export const spatialRoutes: FastifyPluginAsyncZod<{ spatial: SpatialService }> = async (app, { spatial }) => {
  const tags = ['maps'];

  // The static `by-polygon` segment wins over the `:elementId` of element detail routes.
  app.get(
    '/plants/:id/:type/by-polygon',
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: 'Elements of a standard type with every vertex inside the polygon',
        params: IdParam.extend({ type: z.enum(plurals) }),
        querystring: PolygonQuery,
        response: { 200: PolygonAnswer },
      },
    },
    (req) => spatial.byPolygon(req.user, req.params.id, { plural: req.params.type }, req.query, req.log),
  );
  app.get(
    '/plants/:id/extra-elements/by-polygon',
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: 'Elements of any type (by id) with every vertex inside the polygon',
        params: IdParam,
        querystring: PolygonQuery.extend({ element_type: z.coerce.number().int().positive() }),
        response: { 200: PolygonAnswer },
      },
    },
    (req) => spatial.byPolygon(req.user, req.params.id, { typeId: req.query.element_type }, req.query, req.log),
  );

  app.get(
    '/plants/:id/tiles/:z/:x/:y.pbf',
    {
      schema: {
        tags,
        summary: 'Mapbox vector tile of the plant: layer `elements` (id; type, code, state, color, is_ok)',
        description:
          `Below zoom ${TILE_DETAIL_MIN_ZOOM} only the overview types (all but modules and piles). Answers with an ETag; send it back in If-None-Match to get a 304 while nothing changed.`,
        params: TileParams,
        fileResponses: { 200: fileResponse('The tile (empty when nothing is in it)', ['application/vnd.mapbox-vector-tile']), 304: { description: 'Not modified: the If-None-Match ETag is current' } },
      },
    },
    async (req, reply) => {
      const answer = await spatial.tile(req.user, req.params.id, req.params, req.headers['if-none-match'], req.log);
      // private: tiles depend on the caller's access; no-cache: revalidate every time (a 304 is cheap).
      reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
      if (answer.status === 304) return reply.code(304).send();
      return reply.type('application/vnd.mapbox-vector-tile').send(answer.body);
    },
  );

  app.get(
    '/plants/:id/tiles/bounds',
    {
      schema: {
        tags,
        summary: "Bounding box [minX, minY, maxX, maxY] of the plant's elements (null when it has none)",
        params: IdParam,
        response: { 200: z.object({ bbox: z.array(z.number()).length(4).nullable() }) },
      },
    },
    (req) => spatial.bounds(req.user, req.params.id),
  );
};
