import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Element, ElementDetail, ElementListQuery, ExtraElementListQuery, PlantElementsQuery } from '@heliotrack/domain/elements';
import { paged } from '@heliotrack/domain/pagination';
import { IdParam, PlantTypeElementParams, PlantTypeParams } from '../../lib/route-params';
import type { ElementsService } from './elements.service';

export const elementsRoutes: FastifyPluginAsyncZod<{ elements: ElementsService }> = async (app, { elements }) => {
  const tags = ['elements'];
  app.get(
    '/plants/:id/extra-elements/',
    {
      schema: {
        tags,
        summary: 'Elements of a type other than the seven standard ones (paged)',
        params: IdParam,
        querystring: ExtraElementListQuery,
        response: { 200: paged(Element) },
      },
    },
    (req) => elements.listExtra(req.user, req.params.id, req.query, req.url),
  );
  app.get(
    '/plants/:id/elements/',
    {
      schema: {
        tags,
        summary: 'Elements of a plant by type code and CTR (paged)',
        params: IdParam,
        querystring: PlantElementsQuery,
        response: { 200: paged(Element) },
      },
    },
    (req) => elements.listOfPlant(req.user, req.params.id, req.query, req.url),
  );
  app.get(
    '/plants/:id/:type/',
    {
      schema: {
        tags,
        summary: 'Elements of one standard type (paged, filtered, ordered)',
        params: PlantTypeParams,
        querystring: ElementListQuery,
        response: { 200: paged(Element) },
      },
    },
    (req) => elements.list(req.user, req.params.id, req.params.type, req.query, req.url),
  );
  app.get(
    '/plants/:id/:type/:elementId/',
    {
      schema: {
        tags,
        summary: 'One element with its current state and geometry',
        params: PlantTypeElementParams,
        response: { 200: ElementDetail },
      },
    },
    (req) => elements.detail(req.user, req.params.id, req.params.type, req.params.elementId),
  );
};
