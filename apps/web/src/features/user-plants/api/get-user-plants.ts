import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserPlant } from '@heliotrack/domain/rucs';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';

/** Every plant of the organisation, whether the user is authorised on it and their active RUCs there. */
export function getUserPlants(userId: number): Promise<UserPlant[]> {
  return http.get<UserPlant[]>(`client-users/${userId}/plants/`);
}

export function userPlantsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: queryKeys.clientUsers.plants(userId),
    queryFn: () => getUserPlants(userId),
    staleTime: 0,
  });
}

export function useUserPlants(userId: number) {
  return useQuery(userPlantsQueryOptions(userId));
}
