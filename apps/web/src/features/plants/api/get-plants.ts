import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plant } from '@heliotrack/domain/plants';
import { http } from '../../../lib/http-client';

export function getPlants(): Promise<Plant[]> {
  return http.get<Plant[]>('plants/');
}

export function plantsQueryOptions() {
  return queryOptions({ queryKey: ['plants'], queryFn: getPlants });
}

export function usePlants() {
  return useQuery(plantsQueryOptions());
}
