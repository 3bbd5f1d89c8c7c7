import { useMutation } from '@tanstack/react-query';
import type { Element, ElementIds } from '@heliotrack/domain/elements';
import { http } from '../lib/http-client';
import { byPolygonPath, typeQuery, type ElementTypeRef } from './element-paths';

export interface ElementsByPolygonRequest {
  plantId: number;
  type: ElementTypeRef;
  /** `x y,x y,…`, see ringToPolygonParam. */
  polygon: string;
}

/**
 * The ids of the elements of a type inside a drawn ring: every vertex of their line or polygon
 * inside (specification section 5; points are never inside). A selection needs the ids only
 * (`fields=id`: 70 KB for 10,000 modules where the rows are 4 MB); the map draws it from its tiles.
 * A malformed ring is a 400 shown by the client.
 */
export function getElementIdsByPolygon({ plantId, type, polygon }: ElementsByPolygonRequest): Promise<ElementIds> {
  return http.get<ElementIds>(byPolygonPath(plantId, type), {
    query: { ...typeQuery(type), polygon, fields: 'id' },
  });
}

export function useElementIdsByPolygon() {
  return useMutation({ mutationFn: getElementIdsByPolygon });
}

/** The elements themselves (with their geometries): a scan plan orders them along its line. */
export function getElementsByPolygon({ plantId, type, polygon }: ElementsByPolygonRequest): Promise<Element[]> {
  return http.get<Element[]>(byPolygonPath(plantId, type), { query: { ...typeQuery(type), polygon } });
}
