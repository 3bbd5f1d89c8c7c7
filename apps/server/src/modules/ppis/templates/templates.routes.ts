import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Activity,
  Template,
  TEMPLATE_IMPORT_MAX_BYTES,
  TemplateImportQuery,
  TemplateImportResult,
  TemplateInput,
  TemplateListQuery,
} from '@heliotrack/domain/ppis';
import { IdParam } from '../../../lib/route-params';
import { BinaryFile } from '../../../openapi/media';
import type { TemplatesService } from './templates.service';

/*
 * PPI templates. The specification names `plants/{id}/templates/` and `templates/{id}/activities`;
 * the administrators' templates page also needs the organisation's list, create, edit, delete and
 * the import from a sheet, under `templates/`. Reads are open to the organisation, writes are
 * administrator-only (403 before the body is read).
 */

const admin = { adminOnly: true };

/** The parts of `POST templates/import/`. */
const TemplateImportForm = z.object({
  file: BinaryFile.describe(
    `The sheet, xlsx or CSV, at most ${TEMPLATE_IMPORT_MAX_BYTES / (1024 * 1024)} MB: one activity a row`,
  ),
  name: z.string().describe("The template's name"),
  element_type: z.string().regex(/^\d+$/).describe('Id of the element type the template inspects'),
  plant: z
    .string()
    .regex(/^\d+$/)
    .optional()
    .describe('A plant of its own, when the template is not for the whole organisation'),
});

export const templatesRoutes: FastifyPluginAsyncZod<{ templates: TemplatesService }> = async (
  app,
  { templates },
) => {
  const tags = ['ppi templates'];

  app.get(
    '/plants/:id/templates/',
    {
      schema: {
        tags,
        summary: "Templates usable on a plant: the organisation's and the plant's own",
        params: IdParam,
        response: { 200: z.array(Template) },
      },
    },
    (req) => templates.listOfPlant(req.user, req.params.id),
  );
  app.get(
    '/templates/',
    {
      schema: {
        tags,
        summary: "The organisation's templates (with ?plant: those usable on it)",
        querystring: TemplateListQuery,
        response: { 200: z.array(Template) },
      },
    },
    (req) => templates.list(req.user, req.query.plant),
  );
  app.post(
    '/templates/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Creates a template with its activities in order',
        body: TemplateInput,
        response: { 201: Template },
      },
    },
    async (req, reply) => reply.code(201).send(await templates.create(req.user, req.body)),
  );
  app.post(
    '/templates/import/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Creates a template from an xlsx or CSV sheet, one activity a row (dry_run=true previews)',
        description:
          'Multipart: `file` (xlsx or CSV; columns name, criteria, required, roles, with a header in es, en or it, or in that order without one), `name`, `element_type`, optional `plant`. ' +
          'A preview answers the activities and the errors row by row; an import with any error is a 400 naming each row (`rows.<row>.<column>`).',
        consumes: ['multipart/form-data'],
        multipart: TemplateImportForm,
        querystring: TemplateImportQuery,
        response: { 200: TemplateImportResult, 201: TemplateImportResult },
      },
    },
    async (req, reply) => {
      const result = await templates.importSheet(
        req.user,
        req.isMultipart() ? req.parts() : null,
        req.headers['content-type'],
        req.query.dry_run,
        req.lang,
      );
      return reply.code(result.template ? 201 : 200).send(result);
    },
  );
  app.get(
    '/templates/:id/',
    {
      schema: {
        tags,
        summary: 'One template with its activities',
        params: IdParam,
        response: { 200: Template },
      },
    },
    (req) => templates.get(req.user, req.params.id),
  );
  app.put(
    '/templates/:id/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Replaces a template and its activities (PPIs keep their copy)',
        params: IdParam,
        body: TemplateInput,
        response: { 200: Template },
      },
    },
    (req) => templates.update(req.user, req.params.id, req.body),
  );
  app.delete(
    '/templates/:id/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Deletes a template (its PPIs stay, with their activities)',
        params: IdParam,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await templates.delete(req.user, req.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/templates/:id/activities',
    {
      schema: {
        tags,
        summary: 'Activities of a template, in order',
        params: IdParam,
        response: { 200: z.array(Activity) },
      },
    },
    (req) => templates.activities(req.user, req.params.id),
  );
};
