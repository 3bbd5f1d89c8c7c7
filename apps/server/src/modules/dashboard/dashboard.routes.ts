import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Dashboard, ElementsByState, ElementsByStateQuery, ElementsOk } from '@heliotrack/domain/dashboard';
import { IdParam } from '@heliotrack/domain/plants';
import type { DashboardService } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  const tags = ['dashboard'];
  app.get(
    '/dashboard/',
    {
      schema: {
        tags,
        summary: "Figures of the caller's plants: counts, ok shares per type, anomaly effects, the caller's latest state changes",
        response: { 200: Dashboard },
      },
    },
    (req) => dashboard.summary(req.user),
  );
  app.get(
    '/plants/:id/elements-ok/',
    { schema: { tags, summary: 'Per element type: total, ok, not ok and without state', params: IdParam, response: { 200: ElementsOk } } },
    (req) => dashboard.elementsOk(req.user, req.params.id),
  );
  app.get(
    '/elements-by-state/',
    {
      schema: {
        tags,
        summary: 'Elements per state of a plant, optionally of one type, under one CTR and as of a date (from the history)',
        querystring: ElementsByStateQuery,
        response: { 200: ElementsByState },
      },
    },
    (req) => dashboard.elementsByState(req.user, req.query),
  );
};
