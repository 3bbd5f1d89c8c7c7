import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plant } from '@heliotrack/domain/plants';
import { http } from '../../../lib/http-client';

export function getPlant(plantId: number): Promise<Plant> {
  return http.get<Plant>(`plants/${plantId}/`);
}

export function plantQueryOptions(plantId: number) {
  return queryOptions({ queryKey: ['plants', plantId], queryFn: () => getPlant(plantId) });
}

export function usePlant(plantId: number) {
  return useQuery(plantQueryOptions(plantId));
}
