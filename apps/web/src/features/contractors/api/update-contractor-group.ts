import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractorGroup, ContractorGroupInput } from '@heliotrack/domain/contractors';
import { http, type RequestOptions } from '../../../lib/http-client';
import { contractorKeys } from './query-keys';

export interface UpdateContractorGroupInput {
  groupId: number;
  body: ContractorGroupInput;
  /** The form shows 400s under its fields; adding or removing one member leaves them to the dialog. */
  handle400?: RequestOptions['handle400'];
}

export function updateContractorGroup({
  groupId,
  body,
  handle400 = false,
}: UpdateContractorGroupInput): Promise<ContractorGroup> {
  return http.put<ContractorGroup>(`contractor-groups/${groupId}/`, body, { handle400 });
}

export function useUpdateContractorGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContractorGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(contractorKeys.groups.detail(group.id), group);
      return queryClient.invalidateQueries({ queryKey: contractorKeys.groups.lists });
    },
  });
}
