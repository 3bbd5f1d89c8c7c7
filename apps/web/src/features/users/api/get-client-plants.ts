import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlantSummary } from '@heliotrack/domain/plants';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';

/** Every plant of the organisation, to authorise users on (administrators). */
export function getClientPlants(): Promise<PlantSummary[]> {
  return http.get<PlantSummary[]>('client-users/client-plants/');
}

export function clientPlantsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.clientUsers.clientPlants,
    queryFn: getClientPlants,
    staleTime: 5 * 60_000,
  });
}

export function useClientPlants() {
  return useQuery(clientPlantsQueryOptions());
}
