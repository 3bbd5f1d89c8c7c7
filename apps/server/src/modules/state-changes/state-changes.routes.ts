import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MassiveStateChangeRequest, StateChangeHistoryItem, StateChangeRequest, StateChangeResult } from '@heliotrack/domain/elements';
import { PageQuery, paged } from '@heliotrack/domain/pagination';
import { IdParam, PlantTypeElementParams, PlantTypeParams } from '../../lib/route-params';
import type { StateChangesService } from './state-changes.service';

export const stateChangesRoutes: FastifyPluginAsyncZod<{ stateChanges: StateChangesService }> = async (app, { stateChanges }) => {
  const tags = ['state changes'];
  app.post(
    '/plants/:id/:type/:elementId/state-change/',
    {
      schema: {
        tags,
        summary: "Record a state change of one element",
        params: PlantTypeElementParams,
        body: StateChangeRequest,
        response: { 200: StateChangeResult },
      },
    },
    (req) => stateChanges.changeOne(req.user, req.params, req.body, req.lang),
  );
  app.post(
    '/plants/:id/:type/massive-state-change/',
    {
      // 50,000 ids of up to nine digits with the other fields stay under 1 MB; this leaves room.
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Record one state change of up to 50,000 elements, all or nothing',
        params: PlantTypeParams,
        body: MassiveStateChangeRequest,
        response: { 200: StateChangeResult },
      },
    },
    (req) => stateChanges.changeMany(req.user, req.params, req.body, req.lang),
  );
  app.get(
    '/elements/:id/state-changes/',
    {
      schema: {
        tags,
        summary: 'History of an element, newest first, with documents (paged)',
        params: IdParam,
        querystring: PageQuery,
        response: { 200: paged(StateChangeHistoryItem) },
      },
    },
    (req) => stateChanges.history(req.user, req.params.id, req.query, req.url),
  );
};
