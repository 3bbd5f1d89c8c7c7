import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PpiDetail } from '@heliotrack/domain/ppis';
import { http } from '../../../lib/http-client';
import { ppiKeys } from './ppi-keys';

/** `GET ppis/{id}`: the plan with its activities, users and linked count. */
export function getPpi(ppiId: number): Promise<PpiDetail> {
  return http.get<PpiDetail>(`ppis/${ppiId}`);
}

export function ppiQueryOptions(ppiId: number) {
  return queryOptions({ queryKey: ppiKeys.detail(ppiId), queryFn: () => getPpi(ppiId) });
}

export function usePpi(ppiId: number) {
  return useQuery(ppiQueryOptions(ppiId));
}
