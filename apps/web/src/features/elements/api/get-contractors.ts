import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contractor } from '@heliotrack/domain/catalogues';
import { http } from '../../../lib/http-client';

/** The contractors of the plant's contractor group. */
export function getPlantContractors(plantId: number): Promise<Contractor[]> {
  return http.get<Contractor[]>(`plants/${plantId}/contractors/`);
}

export function plantContractorsQueryOptions(plantId: number) {
  return queryOptions({
    queryKey: ['plants', plantId, 'contractors'],
    queryFn: () => getPlantContractors(plantId),
    staleTime: 5 * 60_000,
  });
}

export function usePlantContractors(plantId: number) {
  return useQuery(plantContractorsQueryOptions(plantId));
}
