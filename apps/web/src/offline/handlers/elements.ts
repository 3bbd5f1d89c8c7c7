import {
  ElementIdsQuery,
  ElementListQuery,
  ExtraElementIdsQuery,
  ExtraElementListQuery,
} from '@heliotrack/domain/elements';
import { MAX_POLYGON_POINTS, type PolygonParamErrorReason } from '@heliotrack/domain/geometry';
import type { ApiMessageKey } from '@heliotrack/domain/i18n/translate';
import { z } from 'zod';
import type { OfflineRequest } from '../../lib/offline-resolver';
import { resolvePlantType } from './element-type';
import { groupsOf, PATHS } from './paths';
import { fieldError, idParam, notFound, parse, queryObject, store } from './local';

/*
 * The element paths the table and the map call, answered from the local database in the server's
 * shapes: the paged list (with the server's filters, ordering and `next`/`previous` links), the ids
 * of "select all matching", one element's detail and the polygon selection (rows, or `fields=id`).
 */
function segments(regex: RegExp, request: OfflineRequest): string[] {
  const groups = groupsOf(regex, request.path);
  if (!groups) throw notFound();
  return groups;
}

const isExtra = (segment: string) => segment.toLowerCase() === 'extra-elements';
const extraTypeOf = (query: object) => ('element_type' in query ? Number(query.element_type) : undefined);

/** What the server's PolygonQuery accepts (apps/server spatial.routes.ts). */
const PolygonQuery = z.object({ polygon: z.string().max(400_000), fields: z.literal('id').optional() });
const ExtraPolygonQuery = PolygonQuery.extend({ element_type: z.coerce.number().int().positive() });

const POLYGON_MESSAGES: Record<PolygonParamErrorReason, ApiMessageKey> = {
  empty: 'geometry.polygon.empty',
  malformed: 'geometry.polygon.malformed',
  not_a_number: 'geometry.polygon.notANumber',
  too_few_points: 'geometry.polygon.tooFewPoints',
  too_many_points: 'geometry.polygon.tooManyPoints',
  degenerate: 'geometry.polygon.degenerate',
};

export const elementHandlers = {
  list: async (request: OfflineRequest) => {
    const [plantIdText, segment] = segments(PATHS.elementList, request);
    const raw = queryObject(request.query);
    const query = isExtra(segment) ? parse(ExtraElementListQuery, raw) : parse(ElementListQuery, raw);
    const { plantId, type } = await resolvePlantType(plantIdText, segment, extraTypeOf(query));
    const { element_type: _ignored, ...listQuery } = query as ExtraElementListQuery;
    const search = request.query.toString();
    return (await store()).call(
      'listElements',
      plantId,
      type.id,
      listQuery,
      `/api/${request.path}${search ? `?${search}` : ''}`,
    );
  },
  ids: async (request: OfflineRequest) => {
    const [plantIdText, segment] = segments(PATHS.elementIds, request);
    const raw = queryObject(request.query);
    const query = isExtra(segment) ? parse(ExtraElementIdsQuery, raw) : parse(ElementIdsQuery, raw);
    const { plantId, type } = await resolvePlantType(plantIdText, segment, extraTypeOf(query));
    const { element_type: _ignored, ...filters } = query as ExtraElementIdsQuery;
    return (await store()).call('elementIds', plantId, type.id, filters);
  },
  byPolygon: async (request: OfflineRequest) => {
    const [plantIdText, segment] = segments(PATHS.byPolygon, request);
    const raw = queryObject(request.query);
    const query = isExtra(segment) ? parse(ExtraPolygonQuery, raw) : parse(PolygonQuery, raw);
    const { plantId, type } = await resolvePlantType(plantIdText, segment, extraTypeOf(query));
    let elements;
    try {
      elements = await (await store()).call('elementsByPolygon', plantId, type.id, query.polygon);
    } catch (error) {
      // messages.ts's LocalPolygonError, told by its code (the store module loads lazily).
      if (error instanceof Error && (error as { code?: string }).code === 'polygon') {
        const reason = (error as { reason?: string }).reason as PolygonParamErrorReason;
        const key = POLYGON_MESSAGES[reason] ?? POLYGON_MESSAGES.malformed;
        throw fieldError('polygon', key, { max: MAX_POLYGON_POINTS });
      }
      throw error;
    }
    return query.fields === 'id' ? { count: elements.length, ids: elements.map((e) => e.id) } : elements;
  },
  detail: async (request: OfflineRequest) => {
    const [plantIdText, segment, elementIdText] = segments(PATHS.elementDetail, request);
    const plantId = idParam(plantIdText);
    const detail = await (await store()).call('elementDetail', plantId, idParam(elementIdText));
    if (!detail) throw notFound();
    // The server's matchesPath: a plural names its standard type; extra-elements any other type.
    const { type } = await resolvePlantType(plantIdText, segment, detail.type_id).catch(() => ({
      type: null,
    }));
    if (!type || type.id !== detail.type_id) throw notFound();
    return detail;
  },
};
