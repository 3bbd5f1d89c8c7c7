import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Milestone, MilestoneFollowup, MilestoneListQuery, MilestoneRequest } from '@heliotrack/domain/milestones';
import { IdParam, idParams } from '../../lib/route-params';
import type { MilestonesService } from './milestones.service';

const MilestoneParams = idParams('milestoneId');

export const milestonesRoutes: FastifyPluginAsyncZod<{ milestones: MilestonesService }> = async (app, { milestones }) => {
  const tags = ['planning'];
  const adminOnly = { adminOnly: true };
  app.get(
    '/plants/:id/milestones/',
    { schema: { tags, summary: 'Milestones of a plant, optionally of one element type', params: IdParam, querystring: MilestoneListQuery, response: { 200: z.array(Milestone) } } },
    (req) => milestones.list(req.user, req.params.id, req.query),
  );
  app.post(
    '/plants/:id/milestones/',
    { config: adminOnly, schema: { tags, summary: 'Create a milestone (administrators)', params: IdParam, body: MilestoneRequest, response: { 201: Milestone } } },
    async (req, reply) => reply.code(201).send(await milestones.create(req.user, req.params.id, req.body)),
  );
  app.get(
    '/plants/:id/milestones/:milestoneId/',
    { schema: { tags, summary: 'One milestone', params: MilestoneParams, response: { 200: Milestone } } },
    (req) => milestones.get(req.user, req.params.id, req.params.milestoneId),
  );
  app.put(
    '/plants/:id/milestones/:milestoneId/',
    { config: adminOnly, schema: { tags, summary: 'Replace a milestone (administrators)', params: MilestoneParams, body: MilestoneRequest, response: { 200: Milestone } } },
    (req) => milestones.update(req.user, req.params.id, req.params.milestoneId, req.body),
  );
  app.delete(
    '/plants/:id/milestones/:milestoneId/',
    { config: adminOnly, schema: { tags, summary: 'Delete a milestone (administrators)', params: MilestoneParams } },
    async (req, reply) => {
      await milestones.remove(req.user, req.params.id, req.params.milestoneId);
      return reply.code(204).send();
    },
  );
  app.get(
    '/plants/:id/milestones/:milestoneId/followup/',
    { schema: { tags, summary: 'Planned versus actual per day (S-curve), actual from the state-change history', params: MilestoneParams, response: { 200: MilestoneFollowup } } },
    (req) => milestones.followup(req.user, req.params.id, req.params.milestoneId),
  );
};
