import { useQuery } from '@tanstack/react-query';
import type { PpiCandidateUser } from '@heliotrack/domain/ppis';
import { http } from '../../../lib/http-client';
import { ppiKeys } from './ppi-keys';

/** `GET client-ppi-users?plant=ID` (administrators): who may be linked to a plan of the plant. */
export function getPpiUsers(plantId: number): Promise<PpiCandidateUser[]> {
  return http.get<PpiCandidateUser[]>('client-ppi-users', { query: { plant: plantId } });
}

export function usePpiUsers(plantId: number | null) {
  return useQuery({
    queryKey: ppiKeys.users(plantId),
    queryFn: () => getPpiUsers(plantId!),
    enabled: plantId !== null,
  });
}
