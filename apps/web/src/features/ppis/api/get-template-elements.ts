import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@heliotrack/domain/pagination';
import type { PpiElement } from '@heliotrack/domain/ppis';
import { http } from '../../../lib/http-client';
import { elementListParams, filterParams, type ElementFilterValues, type ElementListQuery } from '../../../api/get-elements';
import { ppiKeys } from './ppi-keys';

/** Linked, not linked, or both. */
export type LinkedFilter = 'all' | 'linked' | 'unlinked';

export const linkedParam = (linked: LinkedFilter) => (linked === 'all' ? undefined : String(linked === 'linked'));

/** The PPI list's filters as the API takes them: the element list's plus `linked`. */
export function ppiFilterParams(filters: ElementFilterValues, linked: LinkedFilter) {
  return { ...filterParams(filters), linked: linkedParam(linked) };
}

/** `GET ppis/{id}/template-elements`: the plant's elements of the plan's type (paged), each with is_linked. */
export function getTemplateElements(ppiId: number, query: ElementListQuery, linked: LinkedFilter, signal?: AbortSignal): Promise<Paged<PpiElement>> {
  return http.get<Paged<PpiElement>>(`ppis/${ppiId}/template-elements`, {
    query: { ...elementListParams(query), linked: linkedParam(linked) },
    signal,
  });
}

export function templateElementsQueryOptions(ppiId: number, query: ElementListQuery, linked: LinkedFilter) {
  return queryOptions({
    queryKey: [...ppiKeys.elements(ppiId), query, linked],
    queryFn: ({ signal }) => getTemplateElements(ppiId, query, linked, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTemplateElements(ppiId: number, query: ElementListQuery, linked: LinkedFilter) {
  return useQuery(templateElementsQueryOptions(ppiId, query, linked));
}
