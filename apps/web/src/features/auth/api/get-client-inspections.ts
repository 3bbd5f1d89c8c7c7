import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http-client';

/** Shape not specified yet: the PPI issue types it. Part of the auth session (specification section 3). */
export type ClientInspection = Record<string, unknown>;

export function getClientInspections(): Promise<ClientInspection[]> {
  return http.get<ClientInspection[]>('user/client-inspections/');
}

export function clientInspectionsQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'client-inspections'],
    queryFn: getClientInspections,
    staleTime: 5 * 60_000,
  });
}

export function useClientInspections() {
  return useQuery(clientInspectionsQueryOptions());
}
