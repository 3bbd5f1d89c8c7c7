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
import type { AuthService } from './auth.service';

export interface AuthRoutesOptions {
  auth: AuthService;
  /** Attempts per minute and address on token/ and password_reset/. */
  rateLimit: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, rateLimit }) => {
  const limited = { public: true, rateLimit: { max: rateLimit, timeWindow: '1 minute' } };
  const tags = ['auth'];

  app.post(
    '/token/',
    { config: limited, schema: { tags, summary: 'Obtain an access and a refresh token', body: TokenRequest, response: { 200: TokenPair } } },
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
    { schema: { tags, summary: "Changes the caller's password", body: PasswordChangeRequest, response: { 200: MessageResponse } } },
    (req) => auth.changePassword(req.user, req.body, req.lang, req.sessionId),
  );
  app.post(
    '/user/password_reset/',
    { config: limited, schema: { tags, summary: 'Mail a password reset code', body: PasswordResetRequest, response: { 200: MessageResponse } } },
    (req) => auth.requestPasswordReset(req.body.email, req.lang),
  );
  app.post(
    '/user/password_reset/confirm/',
    { config: limited, schema: { tags, summary: 'Sets a new password with the mailed reset code', body: PasswordResetConfirmRequest, response: { 200: MessageResponse } } },
    (req) => auth.confirmPasswordReset(req.body, req.lang),
  );
};
