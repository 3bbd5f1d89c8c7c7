import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { StateChangeHistoryItem } from '@heliotrack/domain/elements';
import type { Paged } from '@heliotrack/domain/pagination';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';

export const HISTORY_PAGE_SIZE = 20;

/** The history of one element, newest first, one page at a time. */
export function getElementStateChanges(
  elementId: number,
  page: number,
  signal?: AbortSignal,
): Promise<Paged<StateChangeHistoryItem>> {
  return http.get<Paged<StateChangeHistoryItem>>(`elements/${elementId}/state-changes/`, {
    query: { page, page_size: HISTORY_PAGE_SIZE },
    signal,
  });
}

export function elementStateChangesQueryOptions(elementId: number) {
  return infiniteQueryOptions({
    queryKey: queryKeys.elementHistory.of(elementId),
    queryFn: ({ pageParam, signal }) => getElementStateChanges(elementId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
  });
}

export function useElementStateChanges(elementId: number | null) {
  return useInfiniteQuery({
    ...elementStateChangesQueryOptions(elementId ?? 0),
    enabled: elementId !== null,
  });
}
