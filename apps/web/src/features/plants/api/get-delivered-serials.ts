import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@heliotrack/domain/pagination';
import type { DeliveredSerial } from '@heliotrack/domain/serials';
import { queryKeys } from '../../../api/query-keys';
import { http } from '../../../lib/http-client';

export interface DeliveredSerialsQuery {
  plantId: number;
  page: number;
  pageSize: number;
  search: string;
}

/** Every query of a plant's delivered serials lives under this key: one invalidation reaches them all. */
export const deliveredSerialsKey = (plantId: number) =>
  [...queryKeys.plants.detail(plantId), 'delivered-serials'] as const;

/** `GET plants/{id}/delivered-serials/?page&page_size&search`: a page of the list and its count. */
export function getDeliveredSerials({
  plantId,
  page,
  pageSize,
  search,
}: DeliveredSerialsQuery): Promise<Paged<DeliveredSerial>> {
  return http.get<Paged<DeliveredSerial>>(`plants/${plantId}/delivered-serials/`, {
    query: { page, page_size: pageSize, search: search.trim() || undefined },
  });
}

export function deliveredSerialsQueryOptions(query: DeliveredSerialsQuery) {
  return queryOptions({
    queryKey: [...deliveredSerialsKey(query.plantId), query.page, query.pageSize, query.search.trim()],
    queryFn: () => getDeliveredSerials(query),
    placeholderData: keepPreviousData,
  });
}

export function useDeliveredSerials(query: DeliveredSerialsQuery) {
  return useQuery(deliveredSerialsQueryOptions(query));
}
