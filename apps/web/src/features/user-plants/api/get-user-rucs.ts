import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserRuc } from '@heliotrack/domain/rucs';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';

/** Every RUC of the plant, with whether it is active for the user. */
export function getUserRucs(userId: number, plantId: number): Promise<UserRuc[]> {
  return http.get<UserRuc[]>(`client-users/${userId}/rucs/`, { query: { plant: plantId } });
}

export function userRucsQueryOptions(userId: number, plantId: number) {
  return queryOptions({
    queryKey: queryKeys.clientUsers.rucs(userId, plantId),
    queryFn: () => getUserRucs(userId, plantId),
    staleTime: 0,
  });
}

export function useUserRucs(userId: number, plantId: number) {
  return useQuery(userRucsQueryOptions(userId, plantId));
}
