import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http-client';
import { isPlantStatesQuery } from '../../../api/query-keys';
import { stateManagementKeys } from './query-keys';

/** Specification section 8: the screen shows its own 'Error al eliminar el estado' dialog for a 400. */
export function deleteClientState(stateId: number): Promise<void> {
  return http.delete(`client-states/${stateId}/`, { handle400: false });
}

export function useDeleteClientState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClientState,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stateManagementKeys.states.all }),
        queryClient.invalidateQueries({ queryKey: stateManagementKeys.groups.all }),
        queryClient.invalidateQueries({ predicate: isPlantStatesQuery }),
      ]),
  });
}
