import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@heliotrack/domain/pagination';
import type { DeliveredSerial } from '@heliotrack/domain/serials';
import { http } from '../../../lib/http-client';
import { plantKeys } from './query-keys';

export interface DeliveredSerialsQuery {
  plantId: number;
  page: number;
  pageSize: number;
  search: string;
}

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
    queryKey: plantKeys.deliveredSerialsPage(query.plantId, query.page, query.pageSize, query.search.trim()),
    queryFn: () => getDeliveredSerials(query),
    placeholderData: keepPreviousData,
  });
}

export function useDeliveredSerials(query: DeliveredSerialsQuery) {
  return useQuery(deliveredSerialsQueryOptions(query));
}
