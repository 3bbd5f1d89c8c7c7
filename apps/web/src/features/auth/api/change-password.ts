import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeRequest } from '@heliotrack/domain/auth';
import { http } from '../../../lib/http-client';

export function changePassword(body: PasswordChangeRequest): Promise<{ detail: string }> {
  return http.put<{ detail: string }>('user/password_change/', body, { handle400: false });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
