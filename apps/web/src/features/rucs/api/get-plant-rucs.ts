import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ruc } from '@heliotrack/domain/rucs';
import { http } from '../../../lib/http-client';

export function getPlantRucs(plantId: number): Promise<Ruc[]> {
  return http.get<Ruc[]>(`plants/${plantId}/rucs/`);
}

export function plantRucsQueryOptions(plantId: number) {
  return queryOptions({ queryKey: ['rucs', plantId, 'list'], queryFn: () => getPlantRucs(plantId) });
}

export function usePlantRucs(plantId: number) {
  return useQuery(plantRucsQueryOptions(plantId));
}
