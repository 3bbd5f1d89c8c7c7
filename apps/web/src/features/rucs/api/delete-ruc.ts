import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';
import { rucKeys } from './query-keys';

/** Deletes the RUC and its users' authorisations. */
export function deleteRuc({ plantId, rucId }: { plantId: number; rucId: number }): Promise<void> {
  return http.delete(`plants/${plantId}/rucs/${rucId}/`);
}

export function useDeleteRuc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRuc,
    onSuccess: (_, { plantId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rucKeys.list(plantId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.clientUsers.all }),
      ]),
  });
}
