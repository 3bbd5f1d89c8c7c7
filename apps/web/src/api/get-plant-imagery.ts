import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImageryLayer } from '@heliotrack/domain/imagery';
import { http } from '../lib/http-client';
import { queryKeys } from './query-keys';

/** `GET plants/{id}/imagery/`: the plant's orthophoto layers, newest flight first (every user of the plant). */
export function getPlantImagery(plantId: number): Promise<ImageryLayer[]> {
  return http.get<ImageryLayer[]>(`plants/${plantId}/imagery/`);
}

export function plantImageryQueryOptions(plantId: number) {
  return queryOptions({
    queryKey: queryKeys.plants.imagery(plantId),
    queryFn: () => getPlantImagery(plantId),
    staleTime: 5 * 60_000,
  });
}

export function usePlantImagery(plantId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...plantImageryQueryOptions(plantId), enabled });
}
