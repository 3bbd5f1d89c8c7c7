import { queryKeys } from '../../../api/query-keys';
import type { SyncReviewsQuery } from './get-sync-reviews';

/** Query keys of the sync reviews: under the plant's key, so what invalidates a whole plant reaches them too. */
export const syncReviewKeys = {
  /** Every page and filter of a plant's reviews. */
  all: (plantId: number) => [...queryKeys.plants.detail(plantId), 'sync-reviews'] as const,
  list: (plantId: number, query: SyncReviewsQuery) => [...syncReviewKeys.all(plantId), query] as const,
};
