import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ElementExportQuery } from '@heliotrack/domain/reports';
import { IdParam } from '../../lib/route-params';
import { fileResponse } from '../../openapi/media';
import { sendDownload, XLSX_TYPE } from '../../lib/downloads';
import { CSV_TYPE, type ElementExportService } from './element-export.service';

/*
 * `plants/:id/elements/export/` is a static path: Fastify's router tries static segments before
 * parameters, so it never reaches `plants/:id/:type/:elementId/` (whose `:type` would read
 * "elements" and `:elementId` "export"). The element-export test checks it.
 */
export const elementExportRoutes: FastifyPluginAsyncZod<{ elementExport: ElementExportService }> = async (
  app,
  { elementExport },
) => {
  app.get(
    '/plants/:id/elements/export/',
    {
      schema: {
        tags: ['elements'],
        summary:
          'The filtered element list as a CSV or xlsx file (every matching row, streamed, in code order)',
        params: IdParam,
        querystring: ElementExportQuery,
        fileResponses: { 200: fileResponse('The file in the asked format, streamed (Content-Disposition names it)', [CSV_TYPE.split(';')[0], XLSX_TYPE]) },
      },
    },
    async (req, reply) => {
      const file = await elementExport.export(req.user, req.params.id, req.query, req.lang);
      return sendDownload(reply, file);
    },
  );
};
