import { queryOptions, useQuery } from '@tanstack/react-query';
import type { State } from '@heliotrack/domain/catalogues';
import { http } from '../lib/http-client';
import { queryKeys } from './query-keys';

/**
 * The states of the plant's state group (every state without one), every element type, with their
 * colours: what a state change, the map legend and a RUC may pick from.
 */
export function getPlantStates(plantId: number): Promise<State[]> {
  return http.get<State[]>(`plants/${plantId}/states/`);
}

export function plantStatesQueryOptions(plantId: number) {
  return queryOptions({
    queryKey: queryKeys.plants.states(plantId),
    queryFn: () => getPlantStates(plantId),
    staleTime: 5 * 60_000,
  });
}

export function usePlantStates(plantId: number) {
  return useQuery(plantStatesQueryOptions(plantId));
}
