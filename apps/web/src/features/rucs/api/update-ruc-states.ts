import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ruc } from '@heliotrack/domain/rucs';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';
import { rucKeys } from './query-keys';

/** `PUT plants/{id}/rucs/{rucId}/update-states/`: replaces the RUC's states; a 400 goes to the global dialog. */
export function updateRucStates({
  plantId,
  rucId,
  states,
}: {
  plantId: number;
  rucId: number;
  states: number[];
}): Promise<Ruc> {
  return http.put<Ruc>(`plants/${plantId}/rucs/${rucId}/update-states/`, { states });
}

export function useUpdateRucStates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRucStates,
    onSuccess: (ruc) => {
      queryClient.setQueryData(rucKeys.detail(ruc.plant, ruc.id), ruc);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: rucKeys.list(ruc.plant) }),
        // Which states users may record depends on their RUCs.
        queryClient.invalidateQueries({ queryKey: queryKeys.plants.states(ruc.plant) }),
      ]);
    },
  });
}
