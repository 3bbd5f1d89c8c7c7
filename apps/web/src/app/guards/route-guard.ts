import { matchRoutes, type RouteObject } from 'react-router';
import { HOME_PATH, LOGIN_PATH } from '../../lib/paths';

/**
 * Where the browser may go (specification sections 4 and 6, DESIGN section 12), as a pure function.
 * - /login with a token → /dashboard; any other path without a token → /login (remembering it).
 * - The routes the table marks `handle: { adminOnly: true }` (the /users pages and those of the
 *   RUCs) are for administrators; others stay on the previous path (or /dashboard on a first load)
 *   and are told they lack permission.
 */
export interface GuardInput {
  /** Pathname of the target location. */
  path: string;
  /** Search of the target location ('' or '?x=1'), kept in the login redirect. */
  search?: string;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** The path shown before this navigation (pathname + search), null on a first load. */
  previousPath: string | null;
  /** The start page (lib/paths homePath()): /dashboard, or /plants while offline mode is on. */
  home?: string;
  /** The route table, whose `handle` says which pages are administrators' only. */
  routes: RouteObject[];
}

/** What a route of the table says of itself to the guard (its `handle`). */
export interface RouteHandle {
  /** Administrators only (specification section 4). */
  adminOnly?: boolean;
  /** The page needs the server (issue 16): offline it says so, and the menu marks it. */
  needsConnection?: boolean;
}

export type GuardDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: string; reason: 'signed-in' | 'not-signed-in' | 'forbidden' };

function normalise(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
}

export function isLoginPath(path: string): boolean {
  return normalise(path) === LOGIN_PATH;
}

/** Whether a route the path matches (matching ignores case, like the router) is marked administrators' only. */
export function isAdministratorPath(routes: RouteObject[], path: string): boolean {
  const matches = matchRoutes(routes, path.split('?')[0]);
  return !!matches?.some(({ route }) => (route.handle as RouteHandle | undefined)?.adminOnly === true);
}

export function decideRoute({
  path,
  search = '',
  isAuthenticated,
  isAdmin,
  previousPath,
  home = HOME_PATH,
  routes,
}: GuardInput): GuardDecision {
  if (isLoginPath(path)) {
    return isAuthenticated ? { action: 'redirect', to: home, reason: 'signed-in' } : { action: 'allow' };
  }
  if (!isAuthenticated) {
    const wanted = path + search;
    const to = path === '/' ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(wanted)}`;
    return { action: 'redirect', to, reason: 'not-signed-in' };
  }
  if (!isAdmin && isAdministratorPath(routes, path)) {
    const back =
      previousPath && !isAdministratorPath(routes, previousPath) && !isLoginPath(previousPath.split('?')[0])
        ? previousPath
        : home;
    return { action: 'redirect', to: back, reason: 'forbidden' };
  }
  return { action: 'allow' };
}
