import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contractor } from '@heliotrack/domain/catalogues';
import { http } from '../lib/http-client';
import { queryKeys } from './query-keys';

/**
 * The contractors of the plant's contractor group: those a state change may name. Not the
 * organisation's whole list (`features/contractors/api/get-client-contractors.ts`).
 */
export function getPlantContractors(plantId: number): Promise<Contractor[]> {
  return http.get<Contractor[]>(`plants/${plantId}/contractors/`);
}

export function plantContractorsQueryOptions(plantId: number) {
  return queryOptions({
    queryKey: queryKeys.plants.contractors(plantId),
    queryFn: () => getPlantContractors(plantId),
    staleTime: 5 * 60_000,
  });
}

export function usePlantContractors(plantId: number) {
  return useQuery(plantContractorsQueryOptions(plantId));
}
