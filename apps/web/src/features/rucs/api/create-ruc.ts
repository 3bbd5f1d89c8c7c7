import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ruc, RucInput } from '@heliotrack/domain/rucs';
import { http } from '../../../lib/http-client';
import { rucKeys } from './query-keys';

/** 400s go under the form fields. */
export function createRuc({ plantId, body }: { plantId: number; body: RucInput }): Promise<Ruc> {
  return http.post<Ruc>(`plants/${plantId}/rucs/`, body, { handle400: false });
}

export function useCreateRuc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRuc,
    onSuccess: (ruc) => queryClient.invalidateQueries({ queryKey: rucKeys.plant(ruc.plant) }),
  });
}
