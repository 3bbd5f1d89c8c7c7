import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StateGroup, StateGroupInput } from '@heliotrack/domain/state-management';
import { http } from '../../../lib/http-client';
import { stateManagementKeys } from './query-keys';

/** 400s go under the form fields. */
export function createStateGroup(body: StateGroupInput): Promise<StateGroup> {
  return http.post<StateGroup>('client-state-groups/', body, { handle400: false });
}

export function useCreateStateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStateGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stateManagementKeys.groups.all }),
  });
}
