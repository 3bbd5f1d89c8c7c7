import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateContractorsGroupRequest } from '@heliotrack/domain/catalogues';
import type { Plant } from '@heliotrack/domain/plants';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';

/** `POST plants/{id}/update-contractors-group/`; null gives the plant every contractor of the organisation. */
export function updatePlantContractorsGroup({
  plantId,
  body,
}: {
  plantId: number;
  body: UpdateContractorsGroupRequest;
}): Promise<Plant> {
  return http.post<Plant>(`plants/${plantId}/update-contractors-group/`, body);
}

export function useUpdatePlantContractorsGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlantContractorsGroup,
    // Also refreshes plants/{id}/contractors/ (['plants', id, 'contractors']).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.plants.all }),
  });
}
