import { isOfflineMode } from './offline-mode';

/** Paths the app jumps to by itself. */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/dashboard';
/** The start page while offline mode is on: the dashboard needs the server, the plants do not (issue 16). */
export const OFFLINE_HOME_PATH = '/plants';

/** Where the app starts (after login, from '/', the installed app's start): the plants while offline mode is on. */
export function homePath(): string {
  return isOfflineMode() ? OFFLINE_HOME_PATH : HOME_PATH;
}

/** A relative in-app path that is safe to go to after login (never another origin). */
export function isSafeNextPath(next: string | null | undefined): next is string {
  return !!next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\');
}

/** A plant's "Revisión de sincronización" (issue 38). */
export function syncReviewPath(plantId: number): string {
  return `/plants/${plantId}/sync-review`;
}
