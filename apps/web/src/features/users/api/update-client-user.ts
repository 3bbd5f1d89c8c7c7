import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientUser, ClientUserUpdate } from '@heliotrack/domain/users';
import { http, type RequestOptions } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';

export interface UpdateClientUserInput {
  userId: number;
  body: ClientUserUpdate;
  /** The form shows 400s under its fields; the activate/deactivate button leaves them to the dialog. */
  handle400?: RequestOptions['handle400'];
}

export function updateClientUser({
  userId,
  body,
  handle400 = false,
}: UpdateClientUserInput): Promise<ClientUser> {
  return http.put<ClientUser>(`client-users/${userId}/`, body, { handle400 });
}

export function useUpdateClientUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClientUser,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.clientUsers.detail(user.id), user);
      return queryClient.invalidateQueries({ queryKey: queryKeys.clientUsers.lists });
    },
  });
}
