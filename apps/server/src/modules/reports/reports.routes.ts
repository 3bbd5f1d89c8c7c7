import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paged } from '@heliotrack/domain/pagination';
import {
  Report,
  ReportDownloadQuery,
  type ReportKind,
  ReportListQuery,
  ReportRequest,
} from '@heliotrack/domain/reports';
import { IdParam, idParams } from '../../lib/route-params';
import { fileResponse } from '../../openapi/media';
import { PDF_TYPE, sendDownload, XLSX_TYPE } from '../../lib/downloads';
import type { ReportsService } from './reports.service';

const ReportParams = idParams('reportId');

/** The same five endpoints under `reports/` (made on demand) and `historic-reports/` (daily snapshots). */
const PATHS: { segment: string; kind: ReportKind; what: string }[] = [
  { segment: 'reports', kind: 'report', what: 'report' },
  { segment: 'historic-reports', kind: 'historic', what: 'historic report (daily snapshot)' },
];

export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  const tags = ['reports'];
  for (const { segment, kind, what } of PATHS) {
    const base = `/plants/:id/${segment}/`;
    app.get(
      base,
      {
        schema: {
          tags,
          summary: `Paged ${what}s of a plant, newest first; filters on the creation day, the element type and the author`,
          params: IdParam,
          querystring: ReportListQuery,
          response: { 200: paged(Report) },
        },
      },
      (req) => reports.list(req.user, req.params.id, kind, req.query, req.url, req.lang),
    );
    app.post(
      base,
      {
        schema: {
          tags,
          summary: `Ask for a ${what}: answers 202 at once (status pending); the file is made in the background`,
          params: IdParam,
          // No body at all asks for every element type.
          body: ReportRequest.optional(),
          response: { 202: Report },
        },
      },
      async (req, reply) =>
        reply.code(202).send(await reports.create(req.user, req.params.id, kind, req.body ?? {}, req.lang)),
    );
    app.get(
      `${base}:reportId/`,
      {
        schema: {
          tags,
          summary: `One ${what}, with its status and progress`,
          params: ReportParams,
          response: { 200: Report },
        },
      },
      (req) => reports.get(req.user, req.params.id, kind, req.params.reportId, req.lang),
    );
    app.get(
      `${base}:reportId/download/`,
      {
        schema: {
          tags,
          summary: `The ${what} as PDF or xlsx (409 until it is done)`,
          params: ReportParams,
          querystring: ReportDownloadQuery,
          fileResponses: { 200: fileResponse('The file in the asked format (Content-Disposition names it)', [PDF_TYPE, XLSX_TYPE]) },
        },
      },
      async (req, reply) => {
        const file = await reports.download(
          req.user,
          req.params.id,
          kind,
          req.params.reportId,
          req.query.format,
        );
        return sendDownload(reply, file);
      },
    );
    app.delete(
      `${base}:reportId/`,
      {
        schema: {
          tags,
          summary: `Delete a ${what} and its files (${kind === 'historic' ? 'administrators' : 'its author or an administrator'})`,
          params: ReportParams,
          response: { 204: z.null() },
        },
      },
      async (req, reply) => {
        await reports.remove(req.user, req.params.id, kind, req.params.reportId);
        return reply.code(204).send(null);
      },
    );
  }
};
