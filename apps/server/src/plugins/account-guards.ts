import type { FastifyInstance, FastifyRequest } from 'fastify';
import { detailError, forbidden } from '../lib/errors';

/*
 * Two refusals that apply to every route, after authentication (registered after registerAuth, so
 * req.user is loaded): an account on its one-time password may only change it (issue 31), and the
 * viewer role (VI, "Consulta") never writes.
 */

/** What a user on a one-time password may still call: who they are, and the change itself. */
const ALLOWED_BEFORE_CHANGE = new Set(['GET /api/user/profile/', 'PUT /api/user/password_change/']);

/** Writes that are the viewer's own account, not the organisation's data (the tenancy sweep lists them too). */
export const VIEWER_MAY = new Set(['PUT /api/user/password_change/', 'POST /api/user/dashboard-charts/']);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerAccountGuards(app: FastifyInstance) {
  app.addHook('onRequest', async (req: FastifyRequest) => {
    // Public routes and the web app have no user; the token routes are the auth plugin's business.
    if (!req.user || req.routeOptions.config?.public) return;
    // Signing out (token/…) stays open to everybody signed in.
    if (req.routeOptions.url?.startsWith('/api/token/')) return;
    const route = `${req.method} ${req.routeOptions.url}`;
    if (req.user.mustChangePassword && !ALLOWED_BEFORE_CHANGE.has(route)) {
      throw detailError(403, 'auth.passwordChangeRequired', 'password_change_required');
    }
    if (req.user.isViewer && !READS.has(req.method) && !VIEWER_MAY.has(route)) throw forbidden();
  });
}
