import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ElementType, State } from '@heliotrack/domain/catalogues';
import { Plant } from '@heliotrack/domain/plants';
import {
  ClientStateCreate,
  ClientStateQuery,
  ClientStateUpdate,
  StateGroup,
  StateGroupInput,
  StateGroupQuery,
  UpdateStatesGroupRequest,
} from '@heliotrack/domain/state-management';
import { IdParam } from '../../lib/route-params';
import type { StateManagementService } from './state-management.service';

export const stateManagementRoutes: FastifyPluginAsyncZod<{
  stateManagement: StateManagementService;
}> = async (app, { stateManagement: service }) => {
  const tags = ['state-management'];
  const admin = { adminOnly: true };
  const noContent = { 204: z.null().describe('Deleted') };

  app.get(
    '/client-element-types',
    {
      schema: { tags, summary: "The organisation's element types", response: { 200: z.array(ElementType) } },
    },
    (req) => service.elementTypes(req.user),
  );

  app.get(
    '/client-states/',
    {
      schema: {
        tags,
        summary: "The organisation's states",
        querystring: ClientStateQuery,
        response: { 200: z.array(State) },
      },
    },
    (req) => service.listStates(req.user, req.query),
  );
  app.post(
    '/client-states/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Creates a state (administrators)',
        body: ClientStateCreate,
        response: { 201: State },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createState(req.user, req.body)),
  );
  app.get('/client-states/:id/', { schema: { tags, summary: 'One state', params: IdParam, response: { 200: State } } }, (req) =>
    service.getState(req.user, req.params.id),
  );
  app.patch(
    '/client-states/:id/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Changes some fields of a state (administrators)',
        params: IdParam,
        body: ClientStateUpdate,
        response: { 200: State },
      },
    },
    (req) => service.updateState(req.user, req.params.id, req.body),
  );
  app.delete(
    '/client-states/:id/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Deletes a state nothing uses (administrators)',
        params: IdParam,
        response: noContent,
      },
    },
    async (req, reply) => {
      await service.deleteState(req.user, req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/client-state-groups/',
    {
      schema: {
        tags,
        summary: "The organisation's state groups",
        querystring: StateGroupQuery,
        response: { 200: z.array(StateGroup) },
      },
    },
    (req) => service.listGroups(req.user, req.query),
  );
  app.post(
    '/client-state-groups/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Creates a state group (administrators)',
        body: StateGroupInput,
        response: { 201: StateGroup },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createGroup(req.user, req.body)),
  );
  app.get(
    '/client-state-groups/:id/',
    { schema: { tags, summary: 'One state group', params: IdParam, response: { 200: StateGroup } } },
    (req) => service.getGroup(req.user, req.params.id),
  );
  app.put(
    '/client-state-groups/:id/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Replaces a state group (administrators)',
        params: IdParam,
        body: StateGroupInput,
        response: { 200: StateGroup },
      },
    },
    (req) => service.updateGroup(req.user, req.params.id, req.body),
  );
  app.delete(
    '/client-state-groups/:id/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Deletes a state group no plant uses (administrators)',
        params: IdParam,
        response: noContent,
      },
    },
    async (req, reply) => {
      await service.deleteGroup(req.user, req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/plants/:id/update-states-group/',
    {
      config: admin,
      schema: {
        tags,
        summary: "Sets the plant's state group (administrators)",
        params: IdParam,
        body: UpdateStatesGroupRequest,
        response: { 200: Plant },
      },
    },
    (req) => service.updatePlantGroup(req.user, req.params.id, req.body),
  );
  app.get(
    '/plants/:id/valid-state-groups/',
    {
      schema: {
        tags,
        summary: 'State groups holding every state the plant’s elements are in',
        params: IdParam,
        response: { 200: z.array(StateGroup) },
      },
    },
    (req) => service.validGroups(req.user, req.params.id),
  );
};
