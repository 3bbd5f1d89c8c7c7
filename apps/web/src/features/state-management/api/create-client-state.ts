import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { State } from '@heliotrack/domain/catalogues';
import type { ClientStateCreate } from '@heliotrack/domain/state-management';
import { http } from '../../../lib/http-client';
import { isPlantStatesQuery } from '../../../api/query-keys';
import { stateManagementKeys } from './query-keys';

/** Specification section 8: the screen shows its own 'Error al crear el estado' dialog for a 400. */
export function createClientState(body: ClientStateCreate): Promise<State> {
  return http.post<State>('client-states/', body, { handle400: false });
}

export function useCreateClientState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClientState,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stateManagementKeys.states.all }),
        queryClient.invalidateQueries({ predicate: isPlantStatesQuery }),
      ]),
  });
}
