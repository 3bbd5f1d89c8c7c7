import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PpiDetail, PpiInput, PpiUpdate } from '@heliotrack/domain/ppis';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';
import { ppiKeys } from './ppi-keys';

/** `POST plants/{id}/ppis/`: its 400s go under the form's fields. */
export function createPpi({ plantId, body }: { plantId: number; body: PpiInput }): Promise<PpiDetail> {
  return http.post<PpiDetail>(`plants/${plantId}/ppis/`, body, { handle400: false });
}

/** `PUT plants/{id}/ppis/{ppiId}/` */
export function updatePpi({ plantId, ppiId, body }: { plantId: number; ppiId: number; body: PpiUpdate }): Promise<PpiDetail> {
  return http.put<PpiDetail>(`plants/${plantId}/ppis/${ppiId}/`, body, { handle400: false });
}

/** `DELETE plants/{id}/ppis/{ppiId}/` */
export function deletePpi({ plantId, ppiId }: { plantId: number; ppiId: number }): Promise<void> {
  return http.delete(`plants/${plantId}/ppis/${ppiId}/`);
}

/** Plans change the lists, the plants' counts, the templates' counts and the caller's inspections. */
function useInvalidatePpis() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ppiKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.auth.clientInspections }),
    ]);
}

export function useCreatePpi() {
  const invalidate = useInvalidatePpis();
  return useMutation({ mutationFn: createPpi, onSuccess: invalidate });
}

export function useUpdatePpi() {
  const invalidate = useInvalidatePpis();
  return useMutation({ mutationFn: updatePpi, onSuccess: invalidate });
}

export function useDeletePpi() {
  const invalidate = useInvalidatePpis();
  return useMutation({ mutationFn: deletePpi, onSuccess: invalidate });
}
