import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paged } from '@heliotrack/domain/pagination';
import {
  Activity,
  ActivityDetail,
  LinkedPpi,
  PPI_LOGO_MAX_BYTES,
  LinkElementsRequest,
  LinkElementsResult,
  Ppi,
  PpiCandidateUser,
  PpiDetail,
  PpiElement,
  PpiInput,
  PpiListQuery,
  PpiPlant,
  PpiUpdate,
  PpiUsersQuery,
  RequiredActivityUpdate,
  TemplateElementsQuery,
  UserPpiPermissions,
} from '@heliotrack/domain/ppis';
import { IdParam, idParams, TileParams } from '../../../lib/route-params';
import { BinaryFile, fileResponse } from '../../../openapi/media';
import type { PpisService } from './plans.service';

/*
 * PPI routes. The specification names some paths without their parent (`template-elements`,
 * `map-template-elements`, `link-elements`, `unlink-elements`, `activities-list`,
 * `required-activities-list/`, `update-ppi-required-activity`, `delete-logo/`): they are about one
 * plan, so they hang under `ppis/{id}/`, beside the `ppis/{id}/user-ppi-permissions` and
 * `ppis/{id}/activities/{aid}` it does name. Writes are administrator-only (403 before the body is
 * read); reads answer what the caller sees (404 for any plan they do not).
 */

const PlantPpiParams = idParams('ppiId');
const ActivityParams = idParams('aid');
const admin = { adminOnly: true };
const ResultTileQuery = z.object({ activity: z.coerce.number().int().positive() });

export const ppisRoutes: FastifyPluginAsyncZod<{ ppis: PpisService }> = async (app, { ppis }) => {
  const tags = ['ppis'];

  app.get(
    '/ppis-admin-list',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every PPI of the organisation (administrators)',
        querystring: PpiListQuery,
        response: { 200: z.array(Ppi) },
      },
    },
    (req) => ppis.adminList(req.user, req.query),
  );
  app.get(
    '/plants/:id/ppis/',
    {
      schema: {
        tags,
        summary: 'PPIs of a plant the caller sees (administrators: all)',
        params: IdParam,
        querystring: PpiListQuery.omit({ plant: true }),
        response: { 200: z.array(Ppi) },
      },
    },
    (req) => ppis.listOfPlant(req.user, req.params.id, req.query),
  );
  app.post(
    '/plants/:id/ppis/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Creates a PPI from a template (its activities are copied)',
        params: IdParam,
        body: PpiInput,
        response: { 201: PpiDetail },
      },
    },
    async (req, reply) => reply.code(201).send(await ppis.create(req.user, req.params.id, req.body)),
  );
  app.get(
    '/plants/:id/ppis/:ppiId/',
    {
      schema: {
        tags,
        summary: 'One PPI of a plant, with its activities',
        params: PlantPpiParams,
        response: { 200: PpiDetail },
      },
    },
    (req) => ppis.getOfPlant(req.user, req.params.id, req.params.ppiId),
  );
  app.put(
    '/plants/:id/ppis/:ppiId/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Code, name and users of a PPI',
        params: PlantPpiParams,
        body: PpiUpdate,
        response: { 200: PpiDetail },
      },
    },
    (req) => ppis.update(req.user, req.params.id, req.params.ppiId, req.body),
  );
  app.delete(
    '/plants/:id/ppis/:ppiId/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Deletes a PPI with its activities, users and links',
        params: PlantPpiParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await ppis.delete(req.user, req.params.id, req.params.ppiId);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/ppis/:id',
    {
      schema: { tags, summary: 'One PPI with its activities', params: IdParam, response: { 200: PpiDetail } },
    },
    (req) => ppis.get(req.user, req.params.id),
  );

  app.get(
    '/client-ppi-plants',
    {
      schema: {
        tags,
        summary: 'Plants the caller sees, with how many PPIs the caller sees on each',
        response: { 200: z.array(PpiPlant) },
      },
    },
    (req) => ppis.plants(req.user),
  );
  app.get(
    '/client-ppi-users',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Users who may be linked to a PPI (with ?plant: those authorised on it and administrators)',
        querystring: PpiUsersQuery,
        response: { 200: z.array(PpiCandidateUser) },
      },
    },
    (req) => ppis.candidateUsers(req.user, req.query.plant),
  );
  app.get(
    '/user-linked-ppis',
    {
      schema: {
        tags,
        summary: 'The PPIs the caller is linked to, with the role held in each',
        querystring: PpiListQuery,
        response: { 200: z.array(LinkedPpi) },
      },
    },
    (req) => ppis.linkedPpis(req.user, req.query),
  );
  // Part of the auth session (specification section 3): the caller's inspection plans.
  app.get(
    '/user/client-inspections/',
    {
      schema: {
        tags: ['auth'],
        summary: 'The PPIs the caller is linked to (the session keeps them)',
        response: { 200: z.array(LinkedPpi) },
      },
    },
    (req) => ppis.linkedPpis(req.user),
  );
  app.get(
    '/ppis/:id/user-ppi-permissions',
    {
      schema: {
        tags,
        summary: 'What the caller may do on this PPI',
        params: IdParam,
        response: { 200: UserPpiPermissions },
      },
    },
    (req) => ppis.permissions(req.user, req.params.id),
  );

  app.get(
    '/ppis/:id/activities-list',
    {
      schema: {
        tags,
        summary: 'Activities of a PPI, in order',
        params: IdParam,
        response: { 200: z.array(Activity) },
      },
    },
    (req) => ppis.activities(req.user, req.params.id),
  );
  app.get(
    '/ppis/:id/required-activities-list/',
    {
      schema: {
        tags,
        summary: 'Required activities of a PPI, in order',
        params: IdParam,
        response: { 200: z.array(Activity) },
      },
    },
    (req) => ppis.requiredActivities(req.user, req.params.id),
  );
  app.get(
    '/ppis/:id/activities/:aid',
    {
      schema: {
        tags,
        summary: 'One activity of a PPI',
        params: ActivityParams,
        response: { 200: ActivityDetail },
      },
    },
    (req) => ppis.activity(req.user, req.params.id, req.params.aid),
  );
  app.post(
    '/ppis/:id/update-ppi-required-activity',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Marks an activity of the PPI required or not',
        params: IdParam,
        body: RequiredActivityUpdate,
        response: { 200: Activity },
      },
    },
    (req) => ppis.updateRequiredActivity(req.user, req.params.id, req.body),
  );

  app.get(
    '/ppis/:id/template-elements',
    {
      schema: {
        tags,
        summary:
          "The plant's elements of the PPI's type (paged), with the element list's filters, linked=true|false, and is_linked",
        params: IdParam,
        querystring: TemplateElementsQuery,
        response: { 200: paged(PpiElement) },
      },
    },
    (req) => ppis.templateElements(req.user, req.params.id, req.query, req.url),
  );
  app.get(
    '/ppis/:id/map-template-elements/:z/:x/:y.pbf',
    {
      schema: {
        tags,
        summary:
          "Vector tile of the PPI's type: layer `elements` (id; type, code, linked, color), linked elements in their own colour",
        description:
          'Same zoom rule as the plant tiles; answers with an ETag that changes with every link and unlink.',
        params: TileParams,
        fileResponses: {
          200: fileResponse('The tile (empty when nothing is in it)', ['application/vnd.mapbox-vector-tile']),
          304: { description: 'Not modified: the If-None-Match ETag is current' },
        },
      },
    },
    async (req, reply) => {
      const answer = await ppis.mapTile(
        req.user,
        req.params.id,
        req.params,
        req.headers['if-none-match'],
        req.log,
      );
      reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
      if (answer.status === 304) return reply.code(304).send();
      return reply.type('application/vnd.mapbox-vector-tile').send(answer.body);
    },
  );
  app.get(
    '/ppis/:id/map-results/:z/:x/:y.pbf',
    {
      schema: {
        tags,
        summary:
          "The register map: vector tile of the PPI's type, linked elements coloured by their result of `activity` (layer `elements`: id; type, code, linked, result, color)",
        description:
          'Same zoom rule as the plant tiles; the ETag changes with every link, unlink and result.',
        params: TileParams,
        querystring: ResultTileQuery,
      },
    },
    async (req, reply) => {
      const answer = await ppis.resultTile(
        req.user,
        req.params.id,
        req.query.activity,
        req.params,
        req.headers['if-none-match'],
        req.log,
      );
      reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
      if (answer.status === 304) return reply.code(304).send();
      return reply.type('application/vnd.mapbox-vector-tile').send(answer.body);
    },
  );
  for (const action of ['link', 'unlink'] as const) {
    app.post(
      `/ppis/:id/${action}-elements`,
      {
        config: admin,
        schema: {
          tags,
          summary: `${action === 'link' ? 'Links' : 'Unlinks'} elements of the PPI's type: by element_ids, by the list's filters or by a polygon (idempotent)`,
          params: IdParam,
          body: LinkElementsRequest,
          response: { 200: LinkElementsResult },
        },
      },
      (req) => ppis.link(req.user, req.params.id, req.body, action, req.lang, req.log),
    );
  }

  app.post(
    '/ppis/:id/logo/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Uploads the logo (multipart `logo`: PNG or JPEG)',
        consumes: ['multipart/form-data'],
        multipart: z.object({
          logo: BinaryFile.describe(`PNG or JPEG, at most ${PPI_LOGO_MAX_BYTES / (1024 * 1024)} MB`),
        }),
        params: IdParam,
        response: { 200: PpiDetail },
      },
    },
    (req) =>
      ppis.uploadLogo(
        req.user,
        req.params.id,
        req.isMultipart() ? req.parts() : null,
        req.headers['content-type'],
      ),
  );
  app.delete(
    '/ppis/:id/delete-logo/',
    {
      config: admin,
      schema: { tags, summary: 'Removes the logo', params: IdParam, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await ppis.deleteLogo(req.user, req.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/ppis/:id/logo/',
    {
      schema: {
        tags,
        summary: 'The logo image',
        params: IdParam,
        fileResponses: { 200: fileResponse('The logo', ['image/png', 'image/jpeg']) },
      },
    },
    async (req, reply) => {
      const logo = await ppis.logo(req.user, req.params.id);
      return reply
        .type(logo.contentType)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(logo.stream);
    },
  );
};
