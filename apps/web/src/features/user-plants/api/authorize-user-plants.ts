import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserPlant } from '@heliotrack/domain/rucs';
import { http } from '../../../lib/http-client';

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
      queryClient.setQueryData(['client-users', 'plants', userId], plants);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['client-users', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['client-users', 'detail', userId] }),
      ]);
    },
  });
}
