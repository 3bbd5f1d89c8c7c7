import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plant } from '@heliotrack/domain/plants';
import type { UpdateStatesGroupRequest } from '@heliotrack/domain/state-management';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';
import { stateManagementKeys } from './query-keys';

/** `POST plants/{id}/update-states-group/`; a 400 (elements outside the group) goes to the global dialog. */
export function updatePlantStatesGroup({
  plantId,
  body,
}: {
  plantId: number;
  body: UpdateStatesGroupRequest;
}): Promise<Plant> {
  return http.post<Plant>(`plants/${plantId}/update-states-group/`, body);
}

export function useUpdatePlantStatesGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlantStatesGroup,
    onSuccess: (plant) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.plants.all }),
        queryClient.invalidateQueries({ queryKey: stateManagementKeys.groups.valid(plant.id) }),
      ]),
  });
}
