import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientUser } from '@heliotrack/domain/users';
import { http } from '../lib/http-client';
import { queryKeys } from './query-keys';

export function getClientUser(userId: number): Promise<ClientUser> {
  return http.get<ClientUser>(`client-users/${userId}`);
}

export function clientUserQueryOptions(userId: number) {
  return queryOptions({
    queryKey: queryKeys.clientUsers.detail(userId),
    queryFn: () => getClientUser(userId),
    staleTime: 0,
  });
}

export function useClientUser(userId: number | null) {
  return useQuery({ ...clientUserQueryOptions(userId ?? 0), enabled: userId !== null });
}
