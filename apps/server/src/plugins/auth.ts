import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { detailError } from '../lib/errors';
import { loadCurrentUser, requireAdmin, type CurrentUser } from '../lib/current-user';
import type { TokenService } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser;
    /** The login (refresh family) the access token belongs to; undefined for older tokens. */
    sessionId: string | undefined;
  }
  interface FastifyContextConfig {
    /** Routes reachable without an access token: token/, token/refresh/, password recovery, docs. */
    public?: boolean;
    /** Administrator-only routes: refused with 403 before the body is even read. */
    adminOnly?: boolean;
  }
}

export function registerAuth(app: FastifyInstance, db: Db, tokens: TokenService) {
  app.decorateRequest('user', null as unknown as CurrentUser);
  app.decorateRequest('sessionId', undefined);
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
    // Issued before a password change, a reset, an administrator's change or a revocation.
    if (claims.ver !== user.tokenVersion) throw detailError(401, 'auth.tokenNotValid', 'token_not_valid');
    req.user = user;
    req.sessionId = claims.sid;
    if (req.routeOptions.config.adminOnly) requireAdmin(user);
  });
}
