import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserPlant } from '@heliotrack/domain/rucs';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';

/** `POST client-users/{userId}/authorized-plants/`: replaces the plants the user is authorised on. */
export function authorizeUserPlants({
  userId,
  plants,
}: {
  userId: number;
  plants: number[];
}): Promise<UserPlant[]> {
  return http.post<UserPlant[]>(`client-users/${userId}/authorized-plants/`, { plants });
}

export function useAuthorizeUserPlants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authorizeUserPlants,
    onSuccess: (plants, { userId }) => {
      queryClient.setQueryData(queryKeys.clientUsers.plants(userId), plants);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.clientUsers.lists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.clientUsers.detail(userId) }),
      ]);
    },
  });
}
