import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_ROLE } from '@heliotrack/domain/constants';
import type { Db } from '../db/database';
import type { TokenService } from '../modules/auth/tokens';
import { findRolesOfUsers, findUserById } from '../modules/users/users.repository';
import { detailError, forbidden } from './errors';

/** The caller, loaded on every authenticated request (so deactivation takes effect at once). */
export interface CurrentUser {
  id: number;
  clientId: number;
  email: string;
  name: string;
  language: string;
  roles: string[];
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser;
  }
  interface FastifyContextConfig {
    /** Routes reachable without an access token: token/, token/refresh/, password recovery, docs. */
    public?: boolean;
    /** Administrator-only routes: refused with 403 before the body is even read. */
    adminOnly?: boolean;
  }
}

export async function loadCurrentUser(db: Db, userId: number): Promise<(CurrentUser & { isActive: boolean }) | null> {
  const row = await findUserById(db, userId);
  if (!row) return null;
  const roles = (await findRolesOfUsers(db, [row.id])).map((r) => r.code);
  return {
    id: row.id,
    clientId: row.client_id,
    email: row.email,
    name: row.name,
    language: row.language,
    roles,
    isAdmin: roles.includes(ADMIN_ROLE),
    isActive: row.is_active === 1,
  };
}

export function registerAuth(app: FastifyInstance, db: Db, tokens: TokenService) {
  app.decorateRequest('user', null as unknown as CurrentUser);
  // onRequest: authentication comes before body parsing, so a stranger's bad body is a 401, not a 400.
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (req.routeOptions.config?.public || !req.routeOptions.url?.startsWith('/api/')) return;
    const header = req.headers.authorization;
    if (!header) throw detailError(401, 'auth.notAuthenticated', 'not_authenticated');
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw detailError(401, 'auth.tokenNotValid', 'token_not_valid');
    const claims = await tokens.verify(token, 'access');
    if (!claims) throw detailError(401, 'auth.tokenNotValid', 'token_not_valid');
    const user = await loadCurrentUser(db, claims.userId);
    if (!user) throw detailError(401, 'auth.tokenNotValid', 'token_not_valid');
    if (!user.isActive) throw detailError(401, 'auth.userInactive', 'user_inactive');
    req.user = user;
    if (req.routeOptions.config.adminOnly) requireAdmin(user);
  });
}

/** Administrator-only endpoints answer 403 to everybody else (DESIGN section 4). */
export function requireAdmin(user: CurrentUser) {
  if (!user.isAdmin) throw forbidden();
}
