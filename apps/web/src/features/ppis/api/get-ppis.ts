import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LinkedPpi, Ppi, PpiListQuery } from '@heliotrack/domain/ppis';
import { http } from '../../../lib/http-client';
import { ppiKeys } from './ppi-keys';

/** `GET ppis-admin-list`: every plan of the organisation (administrators). */
export function getAdminPpis(filters: PpiListQuery): Promise<Ppi[]> {
  return http.get<Ppi[]>('ppis-admin-list', { query: { ...filters } });
}

/** `GET user-linked-ppis`: the plans the caller is linked to, with the role held in each. */
export function getLinkedPpis(filters: PpiListQuery): Promise<LinkedPpi[]> {
  return http.get<LinkedPpi[]>('user-linked-ppis', { query: { ...filters } });
}

export function adminPpisQueryOptions(filters: PpiListQuery) {
  return queryOptions({ queryKey: ppiKeys.list('admin', filters), queryFn: () => getAdminPpis(filters), placeholderData: keepPreviousData });
}

export function linkedPpisQueryOptions(filters: PpiListQuery) {
  return queryOptions({ queryKey: ppiKeys.list('linked', filters), queryFn: () => getLinkedPpis(filters), placeholderData: keepPreviousData });
}

export function useAdminPpis(filters: PpiListQuery, enabled: boolean) {
  return useQuery({ ...adminPpisQueryOptions(filters), enabled });
}

export function useLinkedPpis(filters: PpiListQuery, enabled: boolean) {
  return useQuery({ ...linkedPpisQueryOptions(filters), enabled });
}
