import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuery, paged } from '@heliotrack/domain/pagination';
import { PpiDetail } from '@heliotrack/domain/ppis';
import {
  ActivityCounts,
  BulkResultRequest,
  DetailedResults,
  ElementResults,
  ListElementsQuery,
  MassiveResultRequest,
  OtherRolesDetailQuery,
  PpiResult,
  PpiResultHistoryItem,
  PpiResultsQuery,
  PpiResultWriteAnswer,
  ResultsSummary,
  ResultUpdate,
  ResultWriteAnswer,
  RoleCounts,
} from '@heliotrack/domain/ppi-results';
import { IdParam, idParams } from '../../../lib/route-params';
import type { PpiResultsService } from './results.service';
import type { PpisService } from '../plans/plans.service';

/*
 * Results of a PPI (issue "PPIs II"). Like the plan's other calls, the paths the specification
 * names without a parent hang under `ppis/{id}/`. Reads answer whoever sees the plan; writes check
 * the caller's role in it on the server; close and reopen are for administrators.
 */

const ResultParams = idParams('rid');
const admin = { adminOnly: true };

export const ppiResultsRoutes: FastifyPluginAsyncZod<{
  results: PpiResultsService;
  ppis: PpisService;
}> = async (app, { results, ppis }) => {
  const tags = ['ppi-results'];

  app.get(
    '/ppis/:id/ppi-results',
    {
      schema: {
        tags,
        summary:
          'Results of the plan, newest first (paged; filters ids, activity, element, role, result, author, date_from, date_to)',
        params: IdParam,
        querystring: PpiResultsQuery,
        response: { 200: paged(PpiResult) },
      },
    },
    (req) => results.list(req.user, req.params.id, req.query, req.url),
  );
  app.get(
    '/ppis/:id/ppi-results/:rid/',
    { schema: { tags, summary: 'One result', params: ResultParams, response: { 200: PpiResult } } },
    (req) => results.get(req.user, req.params.id, req.params.rid),
  );
  app.get(
    '/ppis/:id/ppi-results/:rid/other-roles-result',
    {
      schema: {
        tags,
        summary: "A result of another role's activity, read-only",
        params: ResultParams,
        response: { 200: PpiResult },
      },
    },
    (req) => results.otherRolesResult(req.user, req.params.id, req.params.rid),
  );
  app.patch(
    '/ppis/:id/ppi-results/:rid/update-result/',
    {
      schema: {
        tags,
        summary:
          'Records a result again (idempotent with client_uuid; recorded_at and known_elements_version merge it by the sync rule); refused on a closed plan, with expired equipment, or for another role',
        params: ResultParams,
        body: ResultUpdate,
        response: { 200: PpiResultWriteAnswer },
      },
    },
    (req) => results.update(req.user, req.params.id, req.params.rid, req.body, req.lang),
  );
  app.get(
    '/ppis/:id/ppi-results/:rid/history/',
    {
      schema: {
        tags,
        summary: 'Every write of a result, latest observed first, with late and conflicting ones (paged)',
        params: ResultParams,
        querystring: PageQuery,
        response: { 200: paged(PpiResultHistoryItem) },
      },
    },
    (req) => results.history(req.user, req.params.id, req.params.rid, req.query, req.url),
  );
  app.post(
    '/ppis/:id/bulk-update-results/',
    {
      schema: {
        tags,
        summary:
          'One result of one activity for many linked elements, all or nothing (idempotent with client_uuid; recorded_at and known_elements_version merge it by the sync rule)',
        params: IdParam,
        body: BulkResultRequest,
        response: { 200: ResultWriteAnswer },
      },
    },
    (req) => results.bulk(req.user, req.params.id, req.body, req.lang),
  );
  app.post(
    '/ppis/:id/massive-activities-updates/',
    {
      schema: {
        tags,
        summary:
          'Many activities, each with its result, for many linked elements, all or nothing (idempotent with client_uuid; recorded_at and known_elements_version merge it by the sync rule)',
        params: IdParam,
        body: MassiveResultRequest,
        response: { 200: ResultWriteAnswer },
      },
    },
    (req) => results.massive(req.user, req.params.id, req.body, req.lang),
  );

  app.get(
    '/ppis/:id/list-elements',
    {
      schema: {
        tags,
        summary:
          "The plan's linked elements (paged, the element list's filters), each with its results by activity",
        params: IdParam,
        querystring: ListElementsQuery,
        response: { 200: paged(ElementResults) },
      },
    },
    (req) => results.listElements(req.user, req.params.id, req.query, req.url),
  );
  app.get(
    '/ppis/:id/user-activities-summary',
    {
      schema: {
        tags,
        summary: 'Counts of the activities the caller records',
        params: IdParam,
        response: { 200: z.array(ActivityCounts) },
      },
    },
    (req) => results.userActivitiesSummary(req.user, req.params.id),
  );
  app.get(
    '/ppis/:id/other-roles-activity-summary',
    {
      schema: {
        tags,
        summary: 'Counts of the activities other roles check (read-only for the caller)',
        params: IdParam,
        response: { 200: z.array(ActivityCounts) },
      },
    },
    (req) => results.otherRolesSummary(req.user, req.params.id),
  );
  app.get(
    '/ppis/:id/other-roles-activity-detail',
    {
      schema: {
        tags,
        summary: 'Results of one activity (paged), read-only',
        params: IdParam,
        querystring: OtherRolesDetailQuery,
        response: { 200: paged(PpiResult) },
      },
    },
    (req) => results.otherRolesDetail(req.user, req.params.id, req.query, req.url),
  );
  app.get(
    '/ppis/:id/activity-summary',
    {
      schema: {
        tags,
        summary: 'Counts of every activity: ok, not ok, not applicable, pending',
        params: IdParam,
        response: { 200: z.array(ActivityCounts) },
      },
    },
    (req) => results.activitySummary(req.user, req.params.id),
  );
  app.get(
    '/ppis/:id/role-summary',
    {
      schema: {
        tags,
        summary: 'Counts of the activities of each role',
        params: IdParam,
        response: { 200: z.array(RoleCounts) },
      },
    },
    (req) => results.roleSummary(req.user, req.params.id),
  );
  app.get(
    '/ppis/:id/results-summary',
    { schema: { tags, summary: 'The plan as a whole', params: IdParam, response: { 200: ResultsSummary } } },
    (req) => results.resultsSummary(req.user, req.params.id),
  );
  app.get(
    '/ppis/:id/detailed-results',
    {
      schema: {
        tags,
        summary: 'Every breakdown: by activity, role, day and author',
        params: IdParam,
        response: { 200: DetailedResults },
      },
    },
    (req) => results.detailedResults(req.user, req.params.id),
  );

  for (const [path, status] of [
    ['ppi-close', 'closed'],
    ['ppi-reopen', 'open'],
  ] as const) {
    app.post(
      `/ppis/:id/${path}`,
      {
        config: admin,
        schema: {
          tags,
          summary:
            status === 'closed'
              ? 'Closes the plan: it refuses results until reopened'
              : 'Reopens a closed plan',
          params: IdParam,
          response: { 200: PpiDetail },
        },
      },
      async (req) => {
        await results.setStatus(req.user, req.params.id, status);
        return ppis.get(req.user, req.params.id);
      },
    );
  }
};
