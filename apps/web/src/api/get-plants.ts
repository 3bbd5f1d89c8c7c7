import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plant } from '@heliotrack/domain/plants';
import { http } from '../lib/http-client';
import { queryKeys } from './query-keys';

/** The caller's plants. */
export function getPlants(): Promise<Plant[]> {
  return http.get<Plant[]>('plants/');
}

export function plantsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.plants.all, queryFn: getPlants });
}

export function usePlants() {
  return useQuery(plantsQueryOptions());
}
