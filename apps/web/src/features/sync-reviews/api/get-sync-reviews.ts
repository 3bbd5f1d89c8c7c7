import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@heliotrack/domain/pagination';
import type { SyncReview } from '@heliotrack/domain/sync-reviews';
import { http } from '../../../lib/http-client';
import { type SyncReviewsQuery, syncReviewKeys } from './query-keys';

/** `GET plants/{id}/sync-reviews/`: conflicts, late arrivals and refused offline changes, newest first. */
export function getSyncReviews(
  plantId: number,
  { kind, resolved, page, pageSize }: SyncReviewsQuery,
  signal?: AbortSignal,
): Promise<Paged<SyncReview>> {
  return http.get<Paged<SyncReview>>(`plants/${plantId}/sync-reviews/`, {
    query: { kind: kind ?? undefined, resolved, page, page_size: pageSize },
    signal,
  });
}

export function syncReviewsQueryOptions(plantId: number, query: SyncReviewsQuery) {
  return queryOptions({
    queryKey: syncReviewKeys.list(plantId, query),
    queryFn: ({ signal }) => getSyncReviews(plantId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSyncReviews(plantId: number, query: SyncReviewsQuery) {
  return useQuery(syncReviewsQueryOptions(plantId, query));
}
