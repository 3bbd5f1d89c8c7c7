import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SyncReview } from '@heliotrack/domain/sync-reviews';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';
import { syncReviewKeys } from './query-keys';

/** `POST plants/{id}/sync-reviews/{reviewId}/resolve/`: idempotent; answers the review. */
export function resolveSyncReview({ plantId, reviewId }: { plantId: number; reviewId: number }) {
  return http.post<SyncReview>(`plants/${plantId}/sync-reviews/${reviewId}/resolve/`, undefined);
}

/** After it: the plant's reviews, and the unresolved counts of the plant, the plant list and the dashboard. */
export function useResolveSyncReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveSyncReview,
    onSuccess: (_review, { plantId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: syncReviewKeys.all(plantId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.plants.detail(plantId), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.plants.all, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]),
  });
}
