import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http-client';
import { contractorKeys } from './query-keys';

/** A group a plant uses is refused with a 400 the global dialog shows. */
export function deleteContractorGroup(groupId: number): Promise<void> {
  return http.delete(`contractor-groups/${groupId}/`);
}

export function useDeleteContractorGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContractorGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractorKeys.groups.lists }),
  });
}
