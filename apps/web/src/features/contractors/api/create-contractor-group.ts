import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractorGroup, ContractorGroupInput } from '@heliotrack/domain/contractors';
import { http } from '../../../lib/http-client';
import { contractorKeys } from './query-keys';

/** 400s go under the form fields, not to the global dialog. */
export function createContractorGroup(body: ContractorGroupInput): Promise<ContractorGroup> {
  return http.post<ContractorGroup>('contractor-groups/', body, { handle400: false });
}

export function useCreateContractorGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContractorGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractorKeys.groups.all }),
  });
}
