import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InventoryItem } from '@heliotrack/domain/item-inventory';
import type { Paged } from '@heliotrack/domain/pagination';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';

export interface ItemInventoryQuery {
  search: string;
  plant: number | null;
  /** An element type code, e.g. MOD. */
  type: string | null;
  page: number;
  pageSize: number;
}

/** `GET item-inventory/?search&type&plant` (paged): elements across the caller's plants. */
export function getItemInventory(
  query: ItemInventoryQuery,
  signal?: AbortSignal,
): Promise<Paged<InventoryItem>> {
  return http.get<Paged<InventoryItem>>('item-inventory/', {
    query: {
      search: query.search.trim() || undefined,
      plant: query.plant,
      type: query.type,
      page: query.page,
      page_size: query.pageSize,
    },
    signal,
  });
}

export function itemInventoryQueryOptions(query: ItemInventoryQuery) {
  return queryOptions({
    queryKey: [...queryKeys.itemInventory.lists, { ...query, search: query.search.trim() }],
    queryFn: ({ signal }) => getItemInventory(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useItemInventory(query: ItemInventoryQuery) {
  return useQuery(itemInventoryQueryOptions(query));
}
