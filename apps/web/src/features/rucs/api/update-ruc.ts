import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ruc, RucInput } from '@heliotrack/domain/rucs';
import { http } from '../../../lib/http-client';
import { rucKeys } from './query-keys';

/** 400s go under the form fields. */
export function updateRuc({
  plantId,
  rucId,
  body,
}: {
  plantId: number;
  rucId: number;
  body: RucInput;
}): Promise<Ruc> {
  return http.put<Ruc>(`plants/${plantId}/rucs/${rucId}/`, body, { handle400: false });
}

export function useUpdateRuc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRuc,
    onSuccess: (ruc) => queryClient.invalidateQueries({ queryKey: rucKeys.plant(ruc.plant) }),
  });
}
