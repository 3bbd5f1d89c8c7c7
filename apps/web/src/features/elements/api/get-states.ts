import { queryOptions, useQuery } from '@tanstack/react-query';
import type { State } from '@heliotrack/domain/catalogues';
import { http } from '../../../lib/http-client';

/** The states of the plant's state group, every element type, with their colours. */
export function getStates(plantId: number): Promise<State[]> {
  return http.get<State[]>(`plants/${plantId}/states/`);
}

export function statesQueryOptions(plantId: number) {
  return queryOptions({
    queryKey: ['plants', plantId, 'states'],
    queryFn: () => getStates(plantId),
    staleTime: 5 * 60_000,
  });
}

export function useStates(plantId: number) {
  return useQuery(statesQueryOptions(plantId));
}
