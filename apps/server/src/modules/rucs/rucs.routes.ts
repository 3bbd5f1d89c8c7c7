import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthorizedRucsRequest,
  PlantQuery,
  Ruc,
  RucInput,
  RucStatesRequest,
  UserRuc,
} from '@heliotrack/domain/rucs';
import { IdParam, idParams } from '../../lib/route-params';
import type { RucsService } from './rucs.service';

const PlantRucParams = idParams('rucId');

/** Every route here is administrator-only: refused with 403 before the body is read. */
export const rucsRoutes: FastifyPluginAsyncZod<{ rucs: RucsService }> = async (app, { rucs: service }) => {
  const tags = ['rucs'];
  const config = { adminOnly: true };

  app.get(
    '/plants/:id/rucs/',
    {
      config,
      schema: { tags, summary: 'RUCs of a plant', params: IdParam, response: { 200: z.array(Ruc) } },
    },
    (req) => service.list(req.user, req.params.id),
  );
  app.post(
    '/plants/:id/rucs/',
    {
      config,
      schema: {
        tags,
        summary: 'Creates a RUC on a plant',
        params: IdParam,
        body: RucInput,
        response: { 201: Ruc },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.user, req.params.id, req.body)),
  );
  app.get(
    '/plants/:id/rucs/:rucId/',
    { config, schema: { tags, summary: 'One RUC of a plant', params: PlantRucParams, response: { 200: Ruc } } },
    (req) => service.get(req.user, req.params.id, req.params.rucId),
  );
  app.put(
    '/plants/:id/rucs/:rucId/',
    {
      config,
      schema: {
        tags,
        summary: 'Renames a RUC or changes its description',
        params: PlantRucParams,
        body: RucInput,
        response: { 200: Ruc },
      },
    },
    (req) => service.update(req.user, req.params.id, req.params.rucId, req.body),
  );
  app.delete(
    '/plants/:id/rucs/:rucId/',
    {
      config,
      schema: {
        tags,
        summary: 'Deletes a RUC and its users’ authorisations',
        params: PlantRucParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (req, reply) => {
      await service.delete(req.user, req.params.id, req.params.rucId);
      return reply.code(204).send(null);
    },
  );
  app.put(
    '/plants/:id/rucs/:rucId/update-states/',
    {
      config,
      schema: {
        tags,
        summary: "Replaces the RUC's states (states of the plant's state group)",
        params: PlantRucParams,
        body: RucStatesRequest,
        response: { 200: Ruc },
      },
    },
    (req) => service.updateStates(req.user, req.params.id, req.params.rucId, req.body),
  );

  app.get(
    '/client-users/plant-rucs/',
    {
      config,
      schema: {
        tags,
        summary: 'RUCs of a plant, to authorise users on',
        querystring: PlantQuery,
        response: { 200: z.array(Ruc) },
      },
    },
    (req) => service.list(req.user, req.query.plant),
  );
  app.get(
    '/client-users/:id/rucs/',
    {
      config,
      schema: {
        tags,
        summary: 'Every RUC of the plant, with whether it is active for the user',
        params: IdParam,
        querystring: PlantQuery,
        response: { 200: z.array(UserRuc) },
      },
    },
    (req) => service.userRucs(req.user, req.params.id, req.query.plant),
  );
  app.post(
    '/client-users/:id/authorized-rucs/',
    {
      config,
      schema: {
        tags,
        summary: "Replaces the user's active RUCs on one plant",
        params: IdParam,
        body: AuthorizedRucsRequest,
        response: { 200: z.array(UserRuc) },
      },
    },
    (req) => service.authorizeRucs(req.user, req.params.id, req.body),
  );
};
