import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plant } from '@heliotrack/domain/plants';
import { http } from '../lib/http-client';
import { queryKeys } from './query-keys';

/** One plant; its `elements_version` is the version of its map tiles, on the element map and the dashboard. */
export function getPlant(plantId: number): Promise<Plant> {
  return http.get<Plant>(`plants/${plantId}/`);
}

export function plantQueryOptions(plantId: number) {
  return queryOptions({ queryKey: queryKeys.plants.detail(plantId), queryFn: () => getPlant(plantId) });
}

export function usePlant(plantId: number) {
  return useQuery(plantQueryOptions(plantId));
}
