import { STORAGE_KEYS } from '@heliotrack/domain/constants';
import type { TokenPair, UserProfile } from '@heliotrack/domain/auth';
import { isAdministrator } from '@heliotrack/domain/roles';
import { queryClient } from './query-client';
import { clearAllStorage, readJson, readString, writeJson, writeString } from './storage';
import { closeAllDialogs } from './dialogs';
import { clearServerError } from './server-error';
import { refreshOfflineMode } from './offline-mode';
import { apiRoot } from './server-url';

/**
 * The signed-in session (specification section 4): a stored token means signed in. Tokens and the
 * profile live in local storage under the specification's keys.
 */

let epoch = 0;
const logoutListeners = new Set<() => void>();

export function getAccessToken(): string | null {
  return readString(STORAGE_KEYS.token);
}

export function getRefreshToken(): string | null {
  return readString(STORAGE_KEYS.refreshToken);
}

export function setTokens(pair: TokenPair): void {
  writeString(STORAGE_KEYS.token, pair.access);
  writeString(STORAGE_KEYS.refreshToken, pair.refresh);
}

export function isSignedIn(): boolean {
  return !!getAccessToken();
}

export function getStoredUser(): UserProfile | null {
  const user = readJson<UserProfile>(STORAGE_KEYS.user);
  return user && Array.isArray(user.roles) ? user : null;
}

export function setStoredUser(user: UserProfile): void {
  writeJson(STORAGE_KEYS.user, user);
}

export function isStoredUserAdministrator(): boolean {
  return isAdministrator(getStoredUser());
}

/** Changes on every logout, so that an answer started before it cannot bring tokens back. */
export function getSessionEpoch(): number {
  return epoch;
}

/**
 * Ends the login on the server too (issue 39): its refresh token is refused from then on. Best
 * effort: offline, or with the server down, the browser's logout goes on without it (the token then
 * ends with its session, SESSION_MAX_AGE).
 */
function endServerSession(refresh: string | null): void {
  if (!refresh) return;
  try {
    void fetch(`${apiRoot()}token/logout/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh }),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // no fetch (tests) or a malformed server address: nothing to end
  }
}

/**
 * Logout (specification section 4): ends the login on the server (best effort), clears all local and
 * session storage and the query cache; listeners (the router) then go to /login. The user's local
 * database stays on the device for their next login (issue 39).
 */
export function logout(): void {
  endServerSession(getRefreshToken());
  epoch++;
  clearAllStorage();
  queryClient.clear();
  clearServerError();
  closeAllDialogs();
  refreshOfflineMode();
  for (const listener of logoutListeners) listener();
}

export function onLogout(listener: () => void): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}
