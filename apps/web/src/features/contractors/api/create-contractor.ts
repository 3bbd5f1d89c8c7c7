import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contractor } from '@heliotrack/domain/catalogues';
import type { ContractorInput } from '@heliotrack/domain/contractors';
import { http } from '../../../lib/http-client';
import { contractorKeys } from './query-keys';

/** 400s go under the form fields, not to the global dialog. */
export function createContractor(body: ContractorInput): Promise<Contractor> {
  return http.post<Contractor>('contractors/', body, { handle400: false });
}

export function useCreateContractor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContractor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractorKeys.contractors.all }),
  });
}
