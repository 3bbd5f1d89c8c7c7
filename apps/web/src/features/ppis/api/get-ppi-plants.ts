import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PpiPlant } from '@heliotrack/domain/ppis';
import { http } from '../../../lib/http-client';
import { ppiKeys } from './ppi-keys';

/** `GET client-ppi-plants`: the plants the caller sees, with how many plans the caller sees on each. */
export function getPpiPlants(): Promise<PpiPlant[]> {
  return http.get<PpiPlant[]>('client-ppi-plants');
}

export function ppiPlantsQueryOptions() {
  return queryOptions({ queryKey: ppiKeys.plants, queryFn: getPpiPlants });
}

export function usePpiPlants() {
  return useQuery(ppiPlantsQueryOptions());
}
