import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FlashReport, FlashReportDetail, FlashReportInput, FlashReportListQuery, FlashReportUpdate } from '@heliotrack/domain/flash-reports';
import { paged } from '@heliotrack/domain/pagination';
import { IdParam } from '../../lib/route-params';
import type { FlashReportsService } from './flash-reports.service';

/*
 * The specification's paths, where {id} means different things: in `GET flash-reports/{id}/` it is
 * an element id; in `GET flash-reports/{id}/details`, `PUT` and `DELETE flash-reports/{id}/` it is
 * a flash report id.
 */
export const flashReportsRoutes: FastifyPluginAsyncZod<{ flashReports: FlashReportsService }> = async (app, { flashReports }) => {
  const tags = ['flash reports'];
  app.get(
    '/flash-reports/',
    {
      schema: {
        tags,
        summary: "The caller's flash reports across their plants, newest first (paged)",
        description: 'Filters: date_from and date_to (a day or an ISO date-time, inclusive), severity, status, author (user id), plant (plant id).',
        querystring: FlashReportListQuery,
        response: { 200: paged(FlashReport) },
      },
    },
    (req) => flashReports.list(req.user, req.query, req.url),
  );
  app.post(
    '/flash-reports/',
    {
      schema: {
        tags,
        summary: 'Create a flash report on an element',
        description: 'Any user who may see the element\'s plant. Photos and documents are uploaded afterwards with `POST documents/` and `flash_report_id`.',
        body: FlashReportInput,
        response: { 201: FlashReportDetail },
      },
    },
    async (req, reply) => reply.code(201).send(await flashReports.create(req.user, req.body)),
  );
  app.get(
    '/flash-reports/:id/',
    {
      schema: {
        tags,
        summary: 'The flash reports of ELEMENT {id}, newest first (paged)',
        description: '{id} is an element id (not a flash report id). Same filters as `GET flash-reports/`; `plant` is ignored.',
        params: IdParam,
        querystring: FlashReportListQuery,
        response: { 200: paged(FlashReport) },
      },
    },
    (req) => flashReports.listOfElement(req.user, req.params.id, req.query, req.url),
  );
  app.get(
    '/flash-reports/:id/details',
    {
      schema: {
        tags,
        summary: 'One flash report, with its photos, documents and edit history',
        description: '{id} is a flash report id.',
        params: IdParam,
        response: { 200: FlashReportDetail },
      },
    },
    (req) => flashReports.details(req.user, req.params.id),
  );
  app.put(
    '/flash-reports/:id/',
    {
      schema: {
        tags,
        summary: 'Edit a flash report (its author or an administrator)',
        description: '{id} is a flash report id. Every change is recorded in the history.',
        params: IdParam,
        body: FlashReportUpdate,
        response: { 200: FlashReportDetail },
      },
    },
    (req) => flashReports.update(req.user, req.params.id, req.body),
  );
  app.delete(
    '/flash-reports/:id/',
    {
      schema: {
        tags,
        summary: 'Delete a flash report with its photos and documents (its author or an administrator)',
        description: '{id} is a flash report id.',
        params: IdParam,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await flashReports.remove(req.user, req.params.id);
      return reply.code(204).send(null);
    },
  );
};
