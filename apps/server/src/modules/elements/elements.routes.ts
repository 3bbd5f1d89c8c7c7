import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Element,
  ElementDetail,
  ElementIds,
  ElementIdsQuery,
  ElementListQuery,
  ExtraElementIdsQuery,
  ExtraElementListQuery,
  PlantElementsQuery,
} from '@heliotrack/domain/elements';
import { paged } from '@heliotrack/domain/pagination';
import { IdParam, PlantTypeElementParams, PlantTypeParams } from '../../lib/route-params';
import type { ElementsService } from './elements.service';

/** 400,000 ids are 3 MB of JSON: written by JSON.stringify, not checked id by id on the way out. */
const plainJson = () => (data: unknown) => JSON.stringify(data);

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
  // The static `ids` segment wins over the `:elementId` of the detail route.
  app.get(
    '/plants/:id/extra-elements/ids/',
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: 'Ids of every element of a non-standard type matching the filters (select all)',
        params: IdParam,
        querystring: ExtraElementIdsQuery,
        response: { 200: ElementIds },
      },
    },
    (req) => elements.idsExtra(req.user, req.params.id, req.query),
  );
  app.get(
    '/plants/:id/:type/ids/',
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: 'Ids of every element of one standard type matching the filters of the list (select all), ascending',
        params: PlantTypeParams,
        querystring: ElementIdsQuery,
        response: { 200: ElementIds },
      },
    },
    (req) => elements.ids(req.user, req.params.id, req.params.type, req.query),
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
