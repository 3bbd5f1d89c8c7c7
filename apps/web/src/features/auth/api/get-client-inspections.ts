import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';

/** Shape not specified yet: the PPI issue types it. Part of the auth session (specification section 3). */
export type ClientInspection = Record<string, unknown>;

export function getClientInspections(): Promise<ClientInspection[]> {
  return http.get<ClientInspection[]>('user/client-inspections/');
}

export function clientInspectionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.auth.clientInspections,
    queryFn: getClientInspections,
    staleTime: 5 * 60_000,
  });
}
