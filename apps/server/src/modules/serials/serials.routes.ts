import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paged } from '@heliotrack/domain/pagination';
import {
  DELIVERED_SERIALS_IMPORT_MAX_BYTES,
  DeliveredSerial,
  DeliveredSerialListQuery,
  DeliveredSerialsAll,
  DeliveredSerialsImportQuery,
  DeliveredSerialsImportResult,
  SerialScanRequest,
  SerialScanResult,
} from '@heliotrack/domain/serials';
import { IdParam } from '../../lib/route-params';
import { BinaryFile } from '../../openapi/media';
import type { DeliveredSerialsService } from './delivered-serials.service';
import type { SerialScanService } from './serial-scan.service';

/** The parts of `POST plants/{id}/delivered-serials/import/`. */
const DeliveredSerialsImportForm = z.object({
  file: BinaryFile.describe(
    `The sheet, xlsx or CSV, at most ${DELIVERED_SERIALS_IMPORT_MAX_BYTES / (1024 * 1024)} MB: one serial a row`,
  ),
});

export const serialsRoutes: FastifyPluginAsyncZod<{
  serialScan: SerialScanService;
  deliveredSerials: DeliveredSerialsService;
}> = async (app, { serialScan, deliveredSerials }) => {
  const tags = ['serial scanning'];

  app.post(
    '/plants/:id/serial-scan/',
    {
      schema: {
        tags,
        summary: "Records the serials of a scan plan, or one element's serial (idempotent with client_uuid)",
        description:
          'One transaction. The server computes the flags: invalid length (length other than max_code_length, default 14), duplicated (another element of the plant ' +
          'holds the serial: both are flagged, and elements that stop sharing a serial are unflagged), unregistered (the plant has a delivered-serial list and the ' +
          'serial is not in it; a plant without a list flags nothing). An empty serial clears the serial and its flags. The answer lists the request elements in ' +
          'order, then every other element whose duplicated flag changed. A resent client_uuid answers the first answer and writes nothing. 403 when the plant ' +
          'does not have serial scanning enabled.',
        params: IdParam,
        body: SerialScanRequest,
        response: { 200: SerialScanResult },
      },
    },
    (req) => serialScan.scan(req.user, req.params.id, req.body),
  );

  app.get(
    '/plants/:id/delivered-serials/',
    {
      schema: {
        tags,
        summary:
          "A page of the plant's delivered serials (delivery notes), in serial order; search matches anywhere, ignoring case",
        params: IdParam,
        querystring: DeliveredSerialListQuery,
        response: { 200: paged(DeliveredSerial) },
      },
    },
    (req) => deliveredSerials.list(req.user, req.params.id, req.query, req.url),
  );

  app.get(
    '/plants/:id/delivered-serials/all/',
    {
      schema: {
        tags,
        summary:
          "Every delivered serial of the plant, in serial order, for devices to check 'unregistered' offline",
        params: IdParam,
        response: { 200: DeliveredSerialsAll },
      },
    },
    (req) => deliveredSerials.all(req.user, req.params.id),
  );

  app.post(
    '/plants/:id/delivered-serials/import/',
    {
      config: { adminOnly: true },
      schema: {
        tags,
        summary:
          "Adds the serials of an xlsx or CSV sheet to the plant's delivered serials (administrators; dry_run=true previews)",
        description:
          'Multipart: `file` (xlsx or CSV, one serial a row; a header cell such as serial, número de serie or numero di serie picks the column, otherwise the first column). ' +
          'Serials already listed stay; a serial repeated in the sheet counts once. A preview answers the counts, the first new serials and the errors row by row; ' +
          'an import with any error is a 400 naming each row (`rows.<row>`). The elements’ unregistered flags follow the new list.',
        consumes: ['multipart/form-data'],
        multipart: DeliveredSerialsImportForm,
        params: IdParam,
        querystring: DeliveredSerialsImportQuery,
        response: { 200: DeliveredSerialsImportResult },
      },
    },
    (req) =>
      deliveredSerials.importSheet(
        req.user,
        req.params.id,
        req.isMultipart() ? req.parts() : null,
        req.headers['content-type'],
        req.query.dry_run,
        req.lang,
      ),
  );

  app.delete(
    '/plants/:id/delivered-serials/',
    {
      config: { adminOnly: true },
      schema: {
        tags,
        summary:
          "Deletes the plant's whole delivered-serial list (administrators); no serial is unregistered any more",
        params: IdParam,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await deliveredSerials.deleteAll(req.user, req.params.id);
      return reply.code(204).send(null);
    },
  );
};
