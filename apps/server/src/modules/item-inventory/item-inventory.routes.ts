import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InventoryItem, ItemInventoryQuery } from '@heliotrack/domain/item-inventory';
import { paged } from '@heliotrack/domain/pagination';
import type { ItemInventoryService } from './item-inventory.service';

export const itemInventoryRoutes: FastifyPluginAsyncZod<{ itemInventory: ItemInventoryService }> = async (app, { itemInventory }) => {
  app.get(
    '/item-inventory/',
    {
      schema: {
        tags: ['item inventory'],
        summary: "Elements across the caller's plants, by code (paged)",
        description:
          '`search` matches the code or the serial anywhere, ignoring case; `type` is an element type code; `plant` a plant id; `id` one element by id. ' +
          'Each item carries its plant, type, state and how many of its flash reports are not closed.',
        querystring: ItemInventoryQuery,
        response: { 200: paged(InventoryItem) },
      },
    },
    (req) => itemInventory.list(req.user, req.query, req.url),
  );
};
