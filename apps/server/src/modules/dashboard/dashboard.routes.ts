import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Dashboard } from '@heliotrack/domain/dashboard';
import type { DashboardService } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get('/dashboard/', { schema: { tags: ['dashboard'], summary: "Figures of the caller's plants", response: { 200: Dashboard } } }, (req) =>
    dashboard.summary(req.user),
  );
};
