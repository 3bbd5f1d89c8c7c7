import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Element } from '@heliotrack/domain/elements';
import type { Paged } from '@heliotrack/domain/pagination';
import { http } from '../../../lib/http-client';
import { dashboardKeys } from './query-keys';

/** A plant has a handful of transformation centres; one page of the largest size holds them all. */
const CTR_PAGE_SIZE = 1000;

/** The plant's CTR elements, by code, for the "by transformation centre" filters. */
export async function getCtrs(plantId: number): Promise<Element[]> {
  const page = await http.get<Paged<Element>>(`plants/${plantId}/ctrs/`, {
    query: { page_size: CTR_PAGE_SIZE, ordering: 'code' },
  });
  return page.results;
}

export function ctrsQueryOptions(plantId: number) {
  return queryOptions({
    queryKey: dashboardKeys.ctrs(plantId),
    queryFn: () => getCtrs(plantId),
    staleTime: 5 * 60_000,
  });
}

export function useCtrs(plantId: number | null) {
  return useQuery({ ...ctrsQueryOptions(plantId ?? 0), enabled: plantId !== null });
}
