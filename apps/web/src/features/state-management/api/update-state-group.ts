import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StateGroup, StateGroupInput } from '@heliotrack/domain/state-management';
import { http } from '../../../lib/http-client';
import { isPlantStatesQuery } from '../../../api/query-keys';
import { stateManagementKeys } from './query-keys';

/** 400s (e.g. a plant's elements in a state the group would drop) go under the form fields. */
export function updateStateGroup({
  groupId,
  body,
}: {
  groupId: number;
  body: StateGroupInput;
}): Promise<StateGroup> {
  return http.put<StateGroup>(`client-state-groups/${groupId}/`, body, { handle400: false });
}

export function useUpdateStateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStateGroup,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stateManagementKeys.groups.all }),
        queryClient.invalidateQueries({ predicate: isPlantStatesQuery }),
      ]),
  });
}
