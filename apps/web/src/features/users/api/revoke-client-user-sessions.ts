import { http } from '../../../lib/http-client';

/** Signs the user out on every device (issue 39): their tokens are refused from now on. */
export function revokeClientUserSessions(userId: number): Promise<{ detail: string }> {
  return http.post<{ detail: string }>(`client-users/${userId}/revoke-sessions/`);
}
