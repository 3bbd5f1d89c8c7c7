import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Dashboard,
  DashboardCharts,
  DashboardChartsRequest,
  ElementsByState,
  ElementsByStateQuery,
  ElementsOk,
  MAX_CHART_STATES,
  MAX_CUSTOM_CHARTS,
} from '@heliotrack/domain/dashboard';
import { IdParam } from '../../lib/route-params';
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
  app.get(
    '/user/dashboard-charts/',
    {
      schema: {
        tags,
        summary: "The caller's added dashboard charts, in their order",
        description:
          'The charts the signed-in user added with "Add chart" (an element type, some of its states, a kind), ' +
          'kept per user on the server so that they survive a logout. A state deleted since is left out, and ' +
          'so is a chart left without states. Nobody sees another user\'s charts.',
        response: { 200: DashboardCharts },
      },
    },
    (req) => dashboard.charts(req.user),
  );
  app.put(
    '/user/dashboard-charts/',
    {
      schema: {
        tags,
        summary: "Replaces the caller's added dashboard charts with the ordered list",
        description:
          `The whole list, in the order to show: at most ${MAX_CUSTOM_CHARTS} charts with distinct ids, each with ` +
          `1 to ${MAX_CHART_STATES} distinct states. Every element type must be of the caller's organisation and ` +
          'every state of its chart\'s element type; otherwise 400 naming the field (charts.<index>.element_type, ' +
          'charts.<index>.states, charts.<index>.id or charts) and nothing is written. Replaced in one ' +
          'transaction; answers the saved list. An empty list removes every chart.',
        body: DashboardChartsRequest,
        response: { 200: DashboardCharts },
      },
    },
    (req) => dashboard.replaceCharts(req.user, req.body),
  );
};
