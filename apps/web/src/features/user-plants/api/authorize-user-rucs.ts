import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthorizedRucsRequest, UserRuc } from '@heliotrack/domain/rucs';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';

/** `POST client-users/{userId}/authorized-rucs/`: replaces the user's active RUCs on that plant. */
export function authorizeUserRucs({
  userId,
  body,
}: {
  userId: number;
  body: AuthorizedRucsRequest;
}): Promise<UserRuc[]> {
  return http.post<UserRuc[]>(`client-users/${userId}/authorized-rucs/`, body);
}

export function useAuthorizeUserRucs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authorizeUserRucs,
    onSuccess: (rucs, { userId, body }) => {
      queryClient.setQueryData(queryKeys.clientUsers.rucs(userId, body.plant), rucs);
      return queryClient.invalidateQueries({ queryKey: queryKeys.clientUsers.plants(userId) });
    },
  });
}
