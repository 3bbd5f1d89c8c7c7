import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageryLayer, UpdateImageryLayer } from '@heliotrack/domain/imagery';
import { queryKeys } from '../../../api/query-keys';
import { http } from '../../../lib/http-client';

export interface ImageryLayerUpdate {
  plantId: number;
  layerId: number;
  changes: UpdateImageryLayer;
}

/** `PATCH plants/{id}/imagery/{layerId}/` (administrators): rename, date, or make it the default. */
export function updateImageryLayer({ plantId, layerId, changes }: ImageryLayerUpdate): Promise<ImageryLayer> {
  return http.patch<ImageryLayer>(`plants/${plantId}/imagery/${layerId}/`, changes, { handle400: false });
}

export function useUpdateImageryLayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateImageryLayer,
    // A new default changes the flag of another layer too: the list is read again.
    onSuccess: (_layer, { plantId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.plants.imagery(plantId) }),
  });
}
