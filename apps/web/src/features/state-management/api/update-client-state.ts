import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { State } from '@heliotrack/domain/catalogues';
import type { ClientStateUpdate } from '@heliotrack/domain/state-management';
import { http } from '../../../lib/http-client';
import { isPlantStatesQuery } from '../../../api/query-keys';
import { stateManagementKeys } from './query-keys';

/** Specification section 8: the screen shows its own 'Error al editar el estado' dialog for a 400. */
export function updateClientState({
  stateId,
  body,
}: {
  stateId: number;
  body: ClientStateUpdate;
}): Promise<State> {
  return http.patch<State>(`client-states/${stateId}/`, body, { handle400: false });
}

export function useUpdateClientState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClientState,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stateManagementKeys.states.all }),
        queryClient.invalidateQueries({ predicate: isPlantStatesQuery }),
      ]),
  });
}
