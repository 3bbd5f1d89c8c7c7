import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePlantElements } from '../../../api/invalidate-plant-elements';
import { http } from '../../../lib/http-client';
import { plantKeys } from './query-keys';

/** `DELETE plants/{id}/delivered-serials/` (administrators): the whole list. */
export function deleteDeliveredSerials(plantId: number): Promise<void> {
  return http.delete(`plants/${plantId}/delivered-serials/`);
}

/** Without a list no module is unregistered: the elements' flags are read again too. */
export function useDeleteDeliveredSerials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeliveredSerials,
    onSuccess: async (_, plantId) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: plantKeys.deliveredSerials(plantId) }),
        invalidatePlantElements(queryClient, plantId),
      ]);
    },
  });
}
