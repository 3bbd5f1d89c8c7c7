import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InventoryItem } from '@heliotrack/domain/item-inventory';
import type { Paged } from '@heliotrack/domain/pagination';
import { http } from '../../../lib/http-client';

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
    queryKey: ['item-inventory', 'list', { ...query, search: query.search.trim() }],
    queryFn: ({ signal }) => getItemInventory(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useItemInventory(query: ItemInventoryQuery) {
  return useQuery(itemInventoryQueryOptions(query));
}

/** One element of the inventory by id (`?id=`); null when it does not exist or its plant is not the caller's. */
export async function getInventoryItem(elementId: number): Promise<InventoryItem | null> {
  const page = await http.get<Paged<InventoryItem>>('item-inventory/', { query: { id: elementId } });
  return page.results[0] ?? null;
}

export function inventoryItemQueryOptions(elementId: number) {
  return queryOptions({
    queryKey: ['item-inventory', 'item', elementId],
    queryFn: () => getInventoryItem(elementId),
  });
}

export function useInventoryItem(elementId: number) {
  return useQuery(inventoryItemQueryOptions(elementId));
}
