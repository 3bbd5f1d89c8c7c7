import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { http } from '../../../lib/http-client';

/** `DELETE plants/{id}/imagery/{layerId}/` (administrators): the layer and its archive. */
export function deleteImageryLayer({
  plantId,
  layerId,
}: {
  plantId: number;
  layerId: number;
}): Promise<void> {
  return http.delete(`plants/${plantId}/imagery/${layerId}/`);
}

export function useDeleteImageryLayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImageryLayer,
    onSuccess: (_answer, { plantId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.plants.imagery(plantId) }),
  });
}
