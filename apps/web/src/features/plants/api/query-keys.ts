import { queryKeys } from '../../../api/query-keys';

/**
 * Query keys of the plants feature (its own; the plant itself and its imagery are shared, in
 * `api/query-keys.ts`). A plant's delivered serials live under one key: one invalidation reaches
 * every page and search.
 */
export const plantKeys = {
  deliveredSerials: (plantId: number) => [...queryKeys.plants.detail(plantId), 'delivered-serials'] as const,
  deliveredSerialsPage: (plantId: number, page: number, pageSize: number, search: string) =>
    [...plantKeys.deliveredSerials(plantId), page, pageSize, search] as const,
};
