import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ElementType } from '@heliotrack/domain/catalogues';
import { http } from '../lib/http-client';
import { queryKeys } from './query-keys';

/** The element types of a plant (with the path of their element endpoints). */
export function getElementTypes(plantId: number): Promise<ElementType[]> {
  return http.get<ElementType[]>(`plants/${plantId}/element-types/`);
}

export function elementTypesQueryOptions(plantId: number) {
  return queryOptions({
    queryKey: queryKeys.plants.elementTypes(plantId),
    queryFn: () => getElementTypes(plantId),
    staleTime: 5 * 60_000,
  });
}

export function useElementTypes(plantId: number) {
  return useQuery(elementTypesQueryOptions(plantId));
}
