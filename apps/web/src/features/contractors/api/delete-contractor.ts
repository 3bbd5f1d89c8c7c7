import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http-client';
import { contractorKeys } from './query-keys';

/** A contractor something names is refused with a 400 the global dialog shows. */
export function deleteContractor(contractorId: number): Promise<void> {
  return http.delete(`contractors/${contractorId}/`);
}

export function useDeleteContractor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContractor,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contractorKeys.contractors.all }),
        queryClient.invalidateQueries({ queryKey: contractorKeys.groups.all }),
      ]),
  });
}
