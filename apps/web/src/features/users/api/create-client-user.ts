import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientUser, ClientUserCreate } from '@heliotrack/domain/users';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';

/** 400s (e.g. email taken) go under the form fields, not to the global dialog. */
export function createClientUser(body: ClientUserCreate): Promise<ClientUser> {
  return http.post<ClientUser>('client-users/', body, { handle400: false });
}

export function useCreateClientUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClientUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clientUsers.all }),
  });
}
