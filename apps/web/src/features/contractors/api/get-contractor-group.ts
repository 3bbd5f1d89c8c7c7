import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractorGroup } from '@heliotrack/domain/contractors';
import { http } from '../../../lib/http-client';

export function getContractorGroup(groupId: number): Promise<ContractorGroup> {
  return http.get<ContractorGroup>(`contractor-groups/${groupId}/`);
}

export function contractorGroupQueryOptions(groupId: number) {
  return queryOptions({
    queryKey: ['contractor-groups', 'detail', groupId],
    queryFn: () => getContractorGroup(groupId),
  });
}

export function useContractorGroup(groupId: number) {
  return useQuery(contractorGroupQueryOptions(groupId));
}
