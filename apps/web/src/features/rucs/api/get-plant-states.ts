import { queryOptions, useQuery } from '@tanstack/react-query';
import type { State } from '@heliotrack/domain/catalogues';
import { http } from '../../../lib/http-client';

/** The states a RUC of the plant may hold: those of the plant's state group (every state without one). */
export function getPlantStates(plantId: number): Promise<State[]> {
  return http.get<State[]>(`plants/${plantId}/states/`);
}

export function plantStatesQueryOptions(plantId: number) {
  return queryOptions({
    queryKey: ['rucs', plantId, 'plant-states'],
    queryFn: () => getPlantStates(plantId),
    staleTime: 0,
  });
}

export function usePlantStates(plantId: number) {
  return useQuery(plantStatesQueryOptions(plantId));
}
