import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageResponse, Role } from '@heliotrack/domain/auth';
import { PageQuery, paged } from '@heliotrack/domain/pagination';
import { PlantSummary } from '@heliotrack/domain/plants';
import { ClientUser, ClientUserCreate, ClientUserQuery, ClientUserUpdate } from '@heliotrack/domain/users';
import { AuthorizedPlantsRequest, UserPlant } from '@heliotrack/domain/rucs';
import { IdParam } from '../../lib/route-params';
import type { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const tags = ['users'];
  const config = { adminOnly: true };
  app.get('/user-roles', { config, schema: { tags, summary: 'Roles a user can have (administrators)', response: { 200: z.array(Role) } } }, (req) =>
    users.roles(req.user),
  );
  app.get(
    '/client-users/',
    { config, schema: { tags, summary: 'Users of the organisation (administrators)', querystring: PageQuery.extend(ClientUserQuery.shape), response: { 200: paged(ClientUser) } } },
    (req) => users.list(req.user, req.query, req.query, req.url),
  );
  app.post('/client-users/', { config, schema: { tags, summary: 'Creates a user of the organisation (administrators)', body: ClientUserCreate, response: { 201: ClientUser } } }, async (req, reply) =>
    reply.code(201).send(await users.create(req.user, req.body, req.lang)),
  );
  app.get(
    '/client-users/client-plants/',
    { config, schema: { tags, summary: 'Plants of the organisation, to authorise users on', response: { 200: z.array(PlantSummary) } } },
    (req) => users.clientPlants(req.user),
  );
  app.get('/client-users/:id', { config, schema: { tags, summary: 'One user of the organisation (administrators)', params: IdParam, response: { 200: ClientUser } } }, (req) =>
    users.get(req.user, req.params.id),
  );
  app.get(
    '/client-users/:id/plants/',
    { config, schema: { tags, summary: 'Plants of the organisation, with whether the user is authorised on each', params: IdParam, response: { 200: z.array(UserPlant) } } },
    (req) => users.plantsOfUser(req.user, req.params.id),
  );
  app.post(
    '/client-users/:id/authorized-plants/',
    { config, schema: { tags, summary: 'Replaces the plants the user is authorised on', params: IdParam, body: AuthorizedPlantsRequest, response: { 200: z.array(UserPlant) } } },
    (req) => users.authorizePlants(req.user, req.params.id, req.body),
  );
  app.put('/client-users/:id/', { config, schema: { tags, summary: 'Changes a user of the organisation (administrators)', params: IdParam, body: ClientUserUpdate, response: { 200: ClientUser } } }, (req) =>
    users.update(req.user, req.params.id, req.body),
  );
  app.post(
    '/client-users/:id/revoke-sessions/',
    { config, schema: { tags, summary: 'Signs the user out on every device (administrators)', params: IdParam, response: { 200: MessageResponse } } },
    (req) => users.revokeSessions(req.user, req.params.id, req.lang),
  );
};
