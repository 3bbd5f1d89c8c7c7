import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Element, ElementOrdering } from '@heliotrack/domain/elements';
import type { Paged } from '@heliotrack/domain/pagination';
import { http, type QueryValue } from '../lib/http-client';
import { elementsPath, typeKey, typeQuery, type ElementTypeRef } from './element-paths';
import { queryKeys } from './query-keys';

export const SERIAL_FLAGS = [
  'is_serial_invalid_length',
  'is_serial_duplicated',
  'is_serial_unregistered',
] as const;
export type SerialFlag = (typeof SERIAL_FLAGS)[number];

/** What a site team filters elements by (the domain's ElementFilters, in form shape). */
export interface ElementFilterValues {
  /** Code contains. */
  code: string;
  /** Exactly these codes (the map's selection by code); left out when absent or empty. */
  codes?: string[];
  /** Serial contains. */
  serial: string;
  /** Any of these state ids. */
  states: number[];
  /** Contractor of the element's last state change. */
  contractor: number | null;
  /** Id of the CTR element the element hangs from. */
  ct: number | null;
  /** Local calendar days, 'YYYY-MM-DD', both included. */
  updatedFrom: string | null;
  updatedTo: string | null;
  /** Elements that carry every one of these flags. */
  serialFlags: SerialFlag[];
}

export const EMPTY_FILTERS: ElementFilterValues = {
  code: '',
  serial: '',
  states: [],
  contractor: null,
  ct: null,
  updatedFrom: null,
  updatedTo: null,
  serialFlags: [],
};

export interface ElementListQuery {
  page: number;
  pageSize: number;
  ordering: ElementOrdering;
  filters: ElementFilterValues;
}

/**
 * A local calendar day as the UTC instant where it starts or ends, so "updated between 3 and 5
 * November" means those days as the user lives them, whatever the server's time zone.
 */
export function localDayBound(day: string, bound: 'start' | 'end'): string {
  const time = bound === 'start' ? 'T00:00:00.000' : 'T23:59:59.999';
  return new Date(`${day}${time}`).toISOString();
}

/** The query parameters of the element list endpoints for these filters; empty filters are left out. */
export function filterParams(filters: ElementFilterValues): Record<string, QueryValue> {
  const params: Record<string, QueryValue> = {
    code: filters.code.trim() || undefined,
    codes: filters.codes?.length ? filters.codes.join(',') : undefined,
    serial: filters.serial.trim() || undefined,
    state: filters.states.length ? filters.states.join(',') : undefined,
    contractor: filters.contractor ?? undefined,
    ct: filters.ct ?? undefined,
    updated_from: filters.updatedFrom ? localDayBound(filters.updatedFrom, 'start') : undefined,
    updated_to: filters.updatedTo ? localDayBound(filters.updatedTo, 'end') : undefined,
  };
  for (const flag of filters.serialFlags) params[flag] = 'true';
  return params;
}

export function elementListParams(query: ElementListQuery): Record<string, QueryValue> {
  return {
    page: query.page,
    page_size: query.pageSize,
    ordering: query.ordering,
    ...filterParams(query.filters),
  };
}

export function getElements(
  plantId: number,
  type: ElementTypeRef,
  query: ElementListQuery,
  signal?: AbortSignal,
): Promise<Paged<Element>> {
  return http.get<Paged<Element>>(elementsPath(plantId, type), {
    query: { ...typeQuery(type), ...elementListParams(query) },
    signal,
  });
}

export function elementsQueryOptions({
  plantId,
  type,
  query,
}: {
  plantId: number;
  type: ElementTypeRef;
  query: ElementListQuery;
}) {
  return queryOptions({
    queryKey: [...queryKeys.plants.elements(plantId), typeKey(type), 'list', query],
    queryFn: ({ signal }) => getElements(plantId, type, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useElements(args: {
  plantId: number;
  type: ElementTypeRef | undefined;
  query: ElementListQuery;
}) {
  const { plantId, type, query } = args;
  return useQuery({
    ...elementsQueryOptions({ plantId, type: type ?? { id: 0, code: '', path: null }, query }),
    enabled: !!type,
  });
}
