import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http-client';
import { stateManagementKeys } from './query-keys';

/** A group a plant uses is refused with a 400 the global dialog shows. */
export function deleteStateGroup(groupId: number): Promise<void> {
  return http.delete(`client-state-groups/${groupId}/`);
}

export function useDeleteStateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStateGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stateManagementKeys.groups.all }),
  });
}
