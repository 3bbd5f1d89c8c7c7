import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contractor } from '@heliotrack/domain/catalogues';
import type { ContractorInput } from '@heliotrack/domain/contractors';
import { http } from '../../../lib/http-client';
import { contractorKeys } from './query-keys';

export function updateContractor({
  contractorId,
  body,
}: {
  contractorId: number;
  body: ContractorInput;
}): Promise<Contractor> {
  return http.put<Contractor>(`contractors/${contractorId}/`, body, { handle400: false });
}

export function useUpdateContractor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContractor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractorKeys.contractors.all }),
  });
}
