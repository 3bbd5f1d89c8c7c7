import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Contractor, ElementType, State, TransactionType, UpdateContractorsGroupRequest } from '@heliotrack/domain/catalogues';
import { Plant } from '@heliotrack/domain/plants';
import { IdParam } from '../../lib/route-params';
import type { CataloguesService } from './catalogues.service';

export const cataloguesRoutes: FastifyPluginAsyncZod<{ catalogues: CataloguesService }> = async (app, { catalogues }) => {
  const tags = ['catalogues'];
  app.get(
    '/plants/:id/element-types/',
    {
      schema: {
        tags,
        summary: "The organisation's element types; `path` is the segment of their element endpoints, null for extra types",
        params: IdParam,
        response: { 200: z.array(ElementType) },
      },
    },
    (req) => catalogues.elementTypes(req.user, req.params.id),
  );
  app.get(
    '/transaction-types/',
    { schema: { tags, summary: "The organisation's transaction types", response: { 200: z.array(TransactionType) } } },
    (req) => catalogues.transactionTypes(req.user),
  );
  app.get(
    '/plants/:id/states/',
    {
      schema: {
        tags,
        summary: "States of the plant's state group (every state of the organisation when it has none)",
        params: IdParam,
        response: { 200: z.array(State) },
      },
    },
    (req) => catalogues.states(req.user, req.params.id),
  );
  app.get(
    '/plants/:id/contractors/',
    {
      schema: {
        tags,
        summary: "Contractors of the plant's contractor group (every contractor of the organisation when it has none)",
        params: IdParam,
        response: { 200: z.array(Contractor) },
      },
    },
    (req) => catalogues.contractors(req.user, req.params.id),
  );
  app.post(
    '/plants/:id/update-contractors-group/',
    {
      schema: {
        tags,
        summary: "Sets the plant's contractor group (administrators)",
        params: IdParam,
        body: UpdateContractorsGroupRequest,
        response: { 200: Plant },
      },
    },
    (req) => catalogues.updateContractorsGroup(req.user, req.params.id, req.body),
  );
};
