import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractorGroup } from '@heliotrack/domain/contractors';
import { http } from '../../../lib/http-client';
import { contractorKeys } from './query-keys';

/** The organisation's contractor groups; `search` matches the group's name or a member's. */
export function getContractorGroups(search = ''): Promise<ContractorGroup[]> {
  return http.get<ContractorGroup[]>('contractor-groups/', { query: { search: search.trim() || undefined } });
}

export function contractorGroupsQueryOptions(search = '') {
  return queryOptions({
    queryKey: contractorKeys.groups.list(search.trim()),
    queryFn: () => getContractorGroups(search),
    placeholderData: keepPreviousData,
  });
}

export function useContractorGroups(search = '') {
  return useQuery(contractorGroupsQueryOptions(search));
}
