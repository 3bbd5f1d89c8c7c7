import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InventoryItem } from '@heliotrack/domain/item-inventory';
import type { Paged } from '@heliotrack/domain/pagination';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';

/** One element of the inventory by id (`?id=`); null when it does not exist or its plant is not the caller's. */
export async function getInventoryItem(elementId: number): Promise<InventoryItem | null> {
  const page = await http.get<Paged<InventoryItem>>('item-inventory/', { query: { id: elementId } });
  return page.results[0] ?? null;
}

export function inventoryItemQueryOptions(elementId: number) {
  return queryOptions({
    queryKey: queryKeys.itemInventory.item(elementId),
    queryFn: () => getInventoryItem(elementId),
  });
}

export function useInventoryItem(elementId: number) {
  return useQuery(inventoryItemQueryOptions(elementId));
}
