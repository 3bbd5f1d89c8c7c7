import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http-client';

/** Always answers 200 with a detail, so as not to reveal which emails have accounts. */
export function requestPasswordReset(body: { email: string }): Promise<{ detail: string }> {
  return http.post<{ detail: string }>('user/password_reset/', body, { handle400: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
