import { isApiError } from '../../../lib/api-error';
import { joinedServerMessages } from '../../../lib/show-operation-error';

/**
 * What a refused call says to the person who made it: the server's messages (a 4xx names the line,
 * the entity or the field), else null for the screen's own "unknown error" text.
 */
export function serverMessagesOf(error: unknown): string | null {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return null;
  return joinedServerMessages(error.body) || null;
}
