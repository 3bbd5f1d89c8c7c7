import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Plant } from '@heliotrack/domain/plants';
import { IdParam } from '../../lib/route-params';
import type { PlantsService } from './plants.service';

export const plantsRoutes: FastifyPluginAsyncZod<{ plants: PlantsService }> = async (app, { plants }) => {
  const tags = ['plants'];
  app.get('/plants/', { schema: { tags, summary: 'Plants the caller may see', response: { 200: z.array(Plant) } } }, (req) =>
    plants.list(req.user),
  );
  app.get('/plants/:id/', { schema: { tags, summary: 'One plant', params: IdParam, response: { 200: Plant } } }, (req) =>
    plants.get(req.user, req.params.id),
  );
};
