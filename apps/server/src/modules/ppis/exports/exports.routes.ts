import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PpiExport } from '@heliotrack/domain/ppi-results';
import { IdParam, idParams } from '../../../lib/route-params';
import { sendDownload } from '../../../lib/downloads';
import type { PpiExportsService } from './exports.service';

const ExportParams = idParams('eid');
const DownloadQuery = z.object({ format: z.enum(['pdf', 'xlsx']).default('pdf') });

/** The exported dossier: made in the background, downloaded and deleted as the reports are. */
export const ppiExportRoutes: FastifyPluginAsyncZod<{ exports: PpiExportsService }> = async (
  app,
  { exports },
) => {
  const tags = ['ppi-results'];
  app.post(
    '/ppis/:id/ppi-export',
    {
      schema: {
        tags,
        summary:
          "Starts the plan's dossier (PDF and xlsx) in the background, in the caller's language; poll it for progress",
        params: IdParam,
        response: { 202: PpiExport },
      },
    },
    async (req, reply) => reply.code(202).send(await exports.create(req.user, req.params.id, req.lang)),
  );
  app.get(
    '/ppis/:id/ppi-exports/',
    {
      schema: {
        tags,
        summary: "The plan's dossiers, newest first",
        params: IdParam,
        response: { 200: z.array(PpiExport) },
      },
    },
    (req) => exports.list(req.user, req.params.id, req.lang),
  );
  app.get(
    '/ppis/:id/ppi-exports/:eid/',
    {
      schema: {
        tags,
        summary: 'One dossier with its status and progress',
        params: ExportParams,
        response: { 200: PpiExport },
      },
    },
    (req) => exports.get(req.user, req.params.id, req.params.eid, req.lang),
  );
  app.get(
    '/ppis/:id/ppi-exports/:eid/download/',
    {
      schema: {
        tags,
        summary: 'The dossier as PDF or xlsx (409 until it is done)',
        params: ExportParams,
        querystring: DownloadQuery,
      },
    },
    async (req, reply) => {
      const file = await exports.download(
        req.user,
        req.params.id,
        req.params.eid,
        req.query.format,
        req.lang,
      );
      return sendDownload(reply, file);
    },
  );
  app.delete(
    '/ppis/:id/ppi-exports/:eid/',
    {
      schema: {
        tags,
        summary: 'Deletes a dossier and its files (its author or an administrator)',
        params: ExportParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await exports.remove(req.user, req.params.id, req.params.eid);
      return reply.code(204).send(null);
    },
  );
};
