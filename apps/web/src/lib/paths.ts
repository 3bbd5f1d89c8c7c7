/** Paths the app jumps to by itself. */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/dashboard';

/** A relative in-app path that is safe to go to after login (never another origin). */
export function isSafeNextPath(next: string | null | undefined): next is string {
  return !!next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\');
}
