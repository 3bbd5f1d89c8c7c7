import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ruc } from '@heliotrack/domain/rucs';
import { http } from '../../../lib/http-client';
import { rucKeys } from './query-keys';

export function getPlantRucs(plantId: number): Promise<Ruc[]> {
  return http.get<Ruc[]>(`plants/${plantId}/rucs/`);
}

export function plantRucsQueryOptions(plantId: number) {
  return queryOptions({ queryKey: rucKeys.list(plantId), queryFn: () => getPlantRucs(plantId) });
}

export function usePlantRucs(plantId: number) {
  return useQuery(plantRucsQueryOptions(plantId));
}
