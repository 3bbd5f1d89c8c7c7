import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Contractor } from '@heliotrack/domain/catalogues';
import { http } from '../../../lib/http-client';
import { contractorKeys } from './query-keys';

/**
 * The organisation's whole list of contractors (`GET contractors/`); `search` matches name, contact or
 * email. Not those a plant's state changes may name (`api/get-plant-contractors.ts`).
 */
export function getClientContractors(search = ''): Promise<Contractor[]> {
  return http.get<Contractor[]>('contractors/', { query: { search: search.trim() || undefined } });
}

export function clientContractorsQueryOptions(search = '') {
  return queryOptions({
    queryKey: contractorKeys.contractors.list(search.trim()),
    queryFn: () => getClientContractors(search),
    placeholderData: keepPreviousData,
  });
}

export function useClientContractors(search = '') {
  return useQuery(clientContractorsQueryOptions(search));
}
