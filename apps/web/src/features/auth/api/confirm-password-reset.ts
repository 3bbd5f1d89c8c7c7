import { useMutation } from '@tanstack/react-query';
import type { PasswordResetConfirmRequest } from '@heliotrack/domain/auth';
import { http } from '../../../lib/http-client';

export function confirmPasswordReset(body: PasswordResetConfirmRequest): Promise<{ detail: string }> {
  return http.post<{ detail: string }>('user/password_reset/confirm/', body, { handle400: false });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
