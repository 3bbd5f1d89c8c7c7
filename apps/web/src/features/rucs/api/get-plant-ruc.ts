import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ruc } from '@heliotrack/domain/rucs';
import { http } from '../../../lib/http-client';
import { rucKeys } from './query-keys';

export function getPlantRuc(plantId: number, rucId: number): Promise<Ruc> {
  return http.get<Ruc>(`plants/${plantId}/rucs/${rucId}/`);
}

export function plantRucQueryOptions(plantId: number, rucId: number) {
  return queryOptions({
    queryKey: rucKeys.detail(plantId, rucId),
    queryFn: () => getPlantRuc(plantId, rucId),
    staleTime: 0,
  });
}

export function usePlantRuc(plantId: number, rucId: number) {
  return useQuery(plantRucQueryOptions(plantId, rucId));
}
