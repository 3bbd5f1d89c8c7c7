import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Contractor } from '@heliotrack/domain/catalogues';
import { http } from '../../../lib/http-client';

/** The organisation's contractors; `search` matches name, contact or email. */
export function getContractors(search = ''): Promise<Contractor[]> {
  return http.get<Contractor[]>('contractors/', { query: { search: search.trim() || undefined } });
}

export function contractorsQueryOptions(search = '') {
  return queryOptions({
    queryKey: ['contractors', 'list', search.trim()],
    queryFn: () => getContractors(search),
    placeholderData: keepPreviousData,
  });
}

export function useContractors(search = '') {
  return useQuery(contractorsQueryOptions(search));
}
