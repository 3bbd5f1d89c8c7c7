import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MessageResponse,
  PasswordChangeRequest,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  RefreshRequest,
  TokenPair,
  TokenRequest,
  UserProfile,
} from '@heliotrack/domain/auth';
import { perAccountLimit } from '../../lib/account-limits';
import type { AuthService } from './auth.service';

export interface AuthRoutesOptions {
  auth: AuthService;
  /** Attempts per minute and address on token/ and password_reset/. */
  rateLimit: number;
  /** Attempts per 15 minutes and account on token/, password_reset/ and password_change/. */
  accountLimit: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, rateLimit, accountLimit }) => {
  const limited = { public: true, rateLimit: { max: rateLimit, timeWindow: '1 minute' } };
  // Per account too, whatever the address (lib/account-limits.ts).
  const byEmail = (req: { body: unknown }) => (req.body as { email: string }).email;
  const loginLimit = perAccountLimit(app, 'login', accountLimit, byEmail);
  const recoveryLimit = perAccountLimit(app, 'recovery', accountLimit, byEmail);
  const changeLimit = perAccountLimit(app, 'password-change', accountLimit, (req) => String(req.user.id));
  const tags = ['auth'];

  app.post(
    '/token/',
    { config: limited, preHandler: loginLimit, schema: { tags, summary: 'Obtain an access and a refresh token', body: TokenRequest, response: { 200: TokenPair } } },
    (req) => auth.login(req.body),
  );
  app.post(
    '/token/refresh/',
    { config: { public: true }, schema: { tags, summary: 'Rotate the refresh token', body: RefreshRequest, response: { 200: TokenPair } } },
    (req) => auth.refresh(req.body.refresh),
  );
  app.post(
    '/token/logout/',
    { config: { public: true }, schema: { tags, summary: 'Ends the login of a refresh token: it and its successors are refused from now on', body: RefreshRequest, response: { 200: MessageResponse } } },
    (req) => auth.logout(req.body.refresh, req.lang),
  );
  app.get('/user/profile/', { schema: { tags, summary: 'The signed-in user', response: { 200: UserProfile } } }, (req) =>
    auth.profile(req.user),
  );
  // GET user/client-inspections/ (the caller's PPIs) is in modules/ppis/ppis.routes.ts.
  app.put(
    '/user/password_change/',
    { preHandler: changeLimit, schema: { tags, summary: "Changes the caller's password", body: PasswordChangeRequest, response: { 200: MessageResponse } } },
    (req) => auth.changePassword(req.user, req.body, req.lang, req.sessionId),
  );
  app.post(
    '/user/password_reset/',
    { config: limited, preHandler: recoveryLimit, schema: { tags, summary: 'Mail a password reset code', body: PasswordResetRequest, response: { 200: MessageResponse } } },
    (req) => auth.requestPasswordReset(req.body.email, req.lang),
  );
  app.post(
    '/user/password_reset/confirm/',
    { config: limited, schema: { tags, summary: 'Sets a new password with the mailed reset code', body: PasswordResetConfirmRequest, response: { 200: MessageResponse } } },
    (req) => auth.confirmPasswordReset(req.body, req.lang),
  );
};
