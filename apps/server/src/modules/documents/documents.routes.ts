import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_KINDS, DOCUMENT_MAX_BYTES, DocumentInfo } from '@heliotrack/domain/elements';
import { IdParam, idParams } from '../../lib/route-params';
import { BinaryFile, fileResponse } from '../../openapi/media';
import { sendDownload } from '../../lib/downloads';
import type { DocumentsService } from './documents.service';

const StateChangeDocumentParams = idParams('scId', 'docId');
const EquipmentDocumentParams = idParams('docId');

/** The parts of `POST documents/` (read as a stream by the service, in any order). */
const DocumentUploadForm = z.object({
  document: BinaryFile.describe(`The file, at most ${DOCUMENT_MAX_BYTES / (1024 * 1024)} MB: ${DOCUMENT_KINDS.map((k) => k.kind.toUpperCase()).join(', ')}.`),
  plant_id: z.string().regex(/^\d+$/).optional().describe('The plant the document belongs to.'),
  transaction_id: z.string().regex(/^\d+$/).optional().describe('A state change of that plant to attach the document to.'),
  flash_report_id: z.string().regex(/^\d+$/).optional().describe('A flash report to attach the document to (without plant_id).'),
  is_photo: z.enum(['true', 'false']).optional().describe('With flash_report_id: the file is a photo of the report (PNG, JPEG or WebP).'),
  equipment_id: z.string().regex(/^\d+$/).optional().describe('Calibration equipment whose certificate this is (without plant_id).'),
  client_uuid: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional()
    .describe('The device\'s uuid of this upload (offline uploads sent at sync): a second upload with the same uuid in the organisation answers the first document and stores nothing.'),
});

export const documentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (app, { documents }) => {
  const tags = ['documents'];
  app.post(
    '/documents/',
    {
      schema: {
        tags,
        summary: 'Upload a document (multipart: document, plant_id, optional transaction_id)',
        description:
          'The `document` file part and exactly one owner: `plant_id` (optionally with `transaction_id`, a state change of that plant); ' +
          '`ppi_result_id` (a photo or document of a PPI result: `is_photo=true` for a photo; who may record it, plan open); `flash_report_id` (the plant is the report\'s; `is_photo=true` for a photo, which must be PNG, JPEG or WebP; its author or an administrator); ' +
          'or `equipment_id` without `plant_id`, for a certificate of calibration equipment of the organisation. ' +
          'An optional `client_uuid` makes the upload idempotent: a resend with the same uuid answers the first document and stores nothing.',
        consumes: ['multipart/form-data'],
        multipart: DocumentUploadForm,
        response: { 201: DocumentInfo },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await documents.upload(req.user, req.isMultipart() ? req.parts() : null, req.headers['content-type'])),
  );
  app.get(
    '/documents/:id/download/',
    {
      schema: {
        tags,
        summary: 'The stored file, with its original name',
        params: IdParam,
        fileResponses: { 200: fileResponse('The file as uploaded (Content-Disposition names it)', [...new Set(DOCUMENT_KINDS.map((k) => k.contentType))]) },
      },
    },
    async (req, reply) => {
      const file = await documents.download(req.user, req.params.id);
      return sendDownload(reply, file);
    },
  );
  app.delete(
    '/documents/:id/',
    { schema: { tags, summary: 'Delete a document (its uploader or an administrator)', params: IdParam, response: { 204: z.null() } } },
    async (req, reply) => {
      await documents.remove(req.user, req.params.id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/elements/:id/state-changes/:scId/delete-document/:docId/',
    {
      schema: {
        tags,
        summary: 'Unlink and delete a document of a state change of this element',
        params: StateChangeDocumentParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await documents.removeFromStateChange(req.user, req.params.id, req.params.scId, req.params.docId);
      return reply.code(204).send(null);
    },
  );
  // The equipment's certificates are documents: deleting one is the documents module's work.
  app.post(
    '/calibration-equipment/:id/delete-document/:docId/',
    {
      schema: {
        tags: ['calibration equipment'],
        summary: 'Delete a certificate of this equipment (its uploader or an administrator)',
        params: EquipmentDocumentParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await documents.removeFromEquipment(req.user, req.params.id, req.params.docId);
      return reply.code(204).send(null);
    },
  );
};
