import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { State } from '@heliotrack/domain/catalogues';
import { http } from '../../../lib/http-client';
import { type ClientStatesFilters, stateManagementKeys } from './query-keys';

/** `GET client-states/?element_type&is_active&search` (search: code or name). */
export function getClientStates({ elementType, isActive, search }: ClientStatesFilters = {}): Promise<
  State[]
> {
  return http.get<State[]>('client-states/', {
    query: {
      element_type: elementType ?? undefined,
      is_active: isActive === null || isActive === undefined ? undefined : String(isActive),
      search: search?.trim() || undefined,
    },
  });
}

export function clientStatesQueryOptions(filters: ClientStatesFilters = {}) {
  const key = {
    elementType: filters.elementType ?? null,
    isActive: filters.isActive ?? null,
    search: filters.search?.trim() ?? '',
  };
  return queryOptions({
    queryKey: stateManagementKeys.states.list(key),
    queryFn: () => getClientStates(key),
    placeholderData: keepPreviousData,
  });
}

export function useClientStates(filters: ClientStatesFilters = {}) {
  return useQuery(clientStatesQueryOptions(filters));
}
