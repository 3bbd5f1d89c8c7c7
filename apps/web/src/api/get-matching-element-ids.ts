import { useMutation } from '@tanstack/react-query';
import type { ElementIds } from '@heliotrack/domain/elements';
import { http } from '../lib/http-client';
import { elementsPath, typeQuery, type ElementTypeRef } from './element-paths';
import { filterParams, type ElementFilterValues } from './get-elements';

/** What "select all matching" is reading: how many elements the list counted for the filter. */
export interface IdsProgress {
  total: number;
}

export interface MatchingIdsRequest {
  plantId: number;
  type: ElementTypeRef;
  filters: ElementFilterValues;
  signal?: AbortSignal;
}

/**
 * The ids of every element that matches the filters, for "select all N matching the filter": one
 * request to `{type}/ids/` (the list's filters; up to 500,000 ids, ascending) instead of paging
 * through the rows themselves.
 */
export async function getMatchingElementIds({ plantId, type, filters, signal }: MatchingIdsRequest): Promise<number[]> {
  const answer = await http.get<ElementIds>(`${elementsPath(plantId, type)}ids/`, {
    query: { ...typeQuery(type), ...filterParams(filters) },
    signal,
  });
  return answer.ids;
}

export function useMatchingElementIds() {
  return useMutation({ mutationFn: getMatchingElementIds });
}
