import { useMutation } from '@tanstack/react-query';
import type { Element } from '@heliotrack/domain/elements';
import { http } from '../lib/http-client';
import { byPolygonPath, typeQuery, type ElementTypeRef } from './element-paths';

export interface ElementsByPolygonRequest {
  plantId: number;
  type: ElementTypeRef;
  /** `x y,x y,…`, see ringToPolygonParam. */
  polygon: string;
}

/**
 * The elements of a type inside a drawn ring: every vertex of their line or polygon inside
 * (specification section 5; points are never inside). A malformed ring is a 400 shown by the client.
 */
export function getElementsByPolygon({
  plantId,
  type,
  polygon,
}: ElementsByPolygonRequest): Promise<Element[]> {
  return http.get<Element[]>(byPolygonPath(plantId, type), { query: { ...typeQuery(type), polygon } });
}

export function useElementsByPolygon() {
  return useMutation({ mutationFn: getElementsByPolygon });
}
