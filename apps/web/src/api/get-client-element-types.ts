import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ElementType } from '@heliotrack/domain/catalogues';
import { http } from '../lib/http-client';
import { queryKeys } from './query-keys';

/** The organisation's element types (states belong to one of them). */
export function getClientElementTypes(): Promise<ElementType[]> {
  return http.get<ElementType[]>('client-element-types');
}

export function clientElementTypesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.clientElementTypes,
    queryFn: getClientElementTypes,
    staleTime: 10 * 60_000,
  });
}

export function useClientElementTypes() {
  return useQuery(clientElementTypesQueryOptions());
}
