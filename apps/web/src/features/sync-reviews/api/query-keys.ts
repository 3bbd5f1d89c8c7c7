import { queryKeys } from '../../../api/query-keys';
import type { SyncReviewKind } from '@heliotrack/domain/sync-reviews';

/** Unresolved (the default: what still needs a look), resolved, or both. */
export type SyncReviewStatus = 'false' | 'true' | 'all';

export interface SyncReviewsQuery {
  kind: SyncReviewKind | null;
  resolved: SyncReviewStatus;
  page: number;
  pageSize: number;
}

/** Query keys of the sync reviews: under the plant's key, so what invalidates a whole plant reaches them too. */
export const syncReviewKeys = {
  /** Every page and filter of a plant's reviews. */
  all: (plantId: number) => [...queryKeys.plants.detail(plantId), 'sync-reviews'] as const,
  list: (plantId: number, query: SyncReviewsQuery) => [...syncReviewKeys.all(plantId), query] as const,
};
