import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractorGroup } from '@heliotrack/domain/contractors';
import { http } from '../../../lib/http-client';
import { contractorKeys } from './query-keys';

export function getContractorGroup(groupId: number): Promise<ContractorGroup> {
  return http.get<ContractorGroup>(`contractor-groups/${groupId}/`);
}

export function contractorGroupQueryOptions(groupId: number) {
  return queryOptions({
    queryKey: contractorKeys.groups.detail(groupId),
    queryFn: () => getContractorGroup(groupId),
  });
}

export function useContractorGroup(groupId: number) {
  return useQuery(contractorGroupQueryOptions(groupId));
}
