import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Contractor } from '@heliotrack/domain/catalogues';
import {
  ContractorGroup,
  ContractorGroupInput,
  ContractorInput,
  SearchQuery,
} from '@heliotrack/domain/contractors';
import { IdParam } from '../../lib/route-params';
import type { ContractorsService } from './contractors.service';

export const contractorsRoutes: FastifyPluginAsyncZod<{ contractors: ContractorsService }> = async (
  app,
  { contractors: service },
) => {
  const tags = ['contractors'];
  const admin = { adminOnly: true };
  const noContent = { 204: z.null().describe('Deleted') };

  app.get(
    '/contractors/',
    {
      schema: {
        tags,
        summary: "The organisation's contractors",
        querystring: SearchQuery,
        response: { 200: z.array(Contractor) },
      },
    },
    (req) => service.list(req.user, req.query),
  );
  app.post(
    '/contractors/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Creates a contractor (administrators)',
        body: ContractorInput,
        response: { 201: Contractor },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.user, req.body)),
  );
  app.get('/contractors/:id/', { schema: { tags, summary: 'One contractor', params: IdParam, response: { 200: Contractor } } }, (req) =>
    service.get(req.user, req.params.id),
  );
  app.put(
    '/contractors/:id/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Replaces a contractor (administrators)',
        params: IdParam,
        body: ContractorInput,
        response: { 200: Contractor },
      },
    },
    (req) => service.update(req.user, req.params.id, req.body),
  );
  app.delete(
    '/contractors/:id/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Deletes a contractor nothing names (administrators)',
        params: IdParam,
        response: noContent,
      },
    },
    async (req, reply) => {
      await service.delete(req.user, req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/contractor-groups/',
    {
      schema: {
        tags,
        summary: "The organisation's contractor groups, found by their name or a member's",
        querystring: SearchQuery,
        response: { 200: z.array(ContractorGroup) },
      },
    },
    (req) => service.listGroups(req.user, req.query),
  );
  app.post(
    '/contractor-groups/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Creates a contractor group (administrators)',
        body: ContractorGroupInput,
        response: { 201: ContractorGroup },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createGroup(req.user, req.body)),
  );
  app.get(
    '/contractor-groups/:id/',
    { schema: { tags, summary: 'One contractor group', params: IdParam, response: { 200: ContractorGroup } } },
    (req) => service.getGroup(req.user, req.params.id),
  );
  app.put(
    '/contractor-groups/:id/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Replaces a contractor group (administrators)',
        params: IdParam,
        body: ContractorGroupInput,
        response: { 200: ContractorGroup },
      },
    },
    (req) => service.updateGroup(req.user, req.params.id, req.body),
  );
  app.delete(
    '/contractor-groups/:id/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Deletes a contractor group no plant uses (administrators)',
        params: IdParam,
        response: noContent,
      },
    },
    async (req, reply) => {
      await service.deleteGroup(req.user, req.params.id);
      return reply.code(204).send(null);
    },
  );
};
