import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../lib/route-params';
import { fileResponse } from '../../openapi/media';
import {
  CreateImageryLayer,
  ImageryLayer,
  ImageryLayerList,
  ImageryLayerParams,
  ImageryTileParams,
  MAX_CHUNK_BYTES,
  OfflineImageryEstimate,
  OfflineImageryQuery,
  UpdateImageryLayer,
  UploadQuery,
} from './imagery.schemas';
import type { ImageryService } from './imagery.service';

const tags = ['maps'];

export const imageryRoutes: FastifyPluginAsyncZod<{ imagery: ImageryService }> = async (app, { imagery }) => {
  // A chunk of an archive reaches the service as a stream, never whole in memory (this plugin's routes only).
  app.addContentTypeParser(
    'application/octet-stream',
    { bodyLimit: MAX_CHUNK_BYTES },
    (_req, payload, done) => done(null, payload),
  );

  app.get(
    '/plants/:id/imagery/',
    {
      schema: {
        tags,
        summary: "The plant's orthophoto layers, newest flight first",
        params: IdParam,
        response: { 200: ImageryLayerList },
      },
    },
    (req) => imagery.list(req.user, req.params.id),
  );

  app.post(
    '/plants/:id/imagery/',
    {
      config: { adminOnly: true },
      schema: {
        tags,
        summary: 'Start the upload of an orthophoto layer (administrators)',
        description:
          'Declares the archive (PMTiles or MBTiles raster) and its size; then send its bytes with PUT …/content?offset=. A resent request with the same client_uuid answers the first layer.',
        params: IdParam,
        body: CreateImageryLayer,
        response: { 201: ImageryLayer },
      },
    },
    async (req, reply) => reply.code(201).send(await imagery.create(req.user, req.params.id, req.body)),
  );

  app.put(
    '/plants/:id/imagery/:layerId/content',
    {
      bodyLimit: MAX_CHUNK_BYTES,
      config: { adminOnly: true },
      schema: {
        tags,
        summary: 'Send a chunk of an orthophoto archive (administrators)',
        description:
          'application/octet-stream, at `offset` = the bytes received so far (a 409 answers the right `received`: resume from there). ' +
          'The last chunk completes the layer: the archive is checked (400 when it is not a raster PMTiles or MBTiles) and stored.',
        params: ImageryLayerParams,
        querystring: UploadQuery,
        response: { 200: ImageryLayer },
      },
    },
    (req) =>
      imagery.upload(req.user, req.params.id, req.params.layerId, req.query.offset, req.body as Readable),
  );

  app.patch(
    '/plants/:id/imagery/:layerId/',
    {
      config: { adminOnly: true },
      schema: {
        tags,
        summary: 'Rename, date or make default an orthophoto layer (administrators)',
        params: ImageryLayerParams,
        body: UpdateImageryLayer,
        response: { 200: ImageryLayer },
      },
    },
    (req) => imagery.update(req.user, req.params.id, req.params.layerId, req.body),
  );

  app.delete(
    '/plants/:id/imagery/:layerId/',
    {
      config: { adminOnly: true },
      schema: {
        tags,
        summary: 'Delete an orthophoto layer and its archive (administrators)',
        params: ImageryLayerParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (req, reply) => {
      await imagery.remove(req.user, req.params.id, req.params.layerId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/plants/:id/imagery/:layerId/offline/',
    {
      schema: {
        tags,
        summary: 'What keeping an orthophoto layer on a device costs',
        description:
          "The tiles over the layer's bounds from min_zoom to max_zoom (clamped to the layer's zooms), counted and measured " +
          'before a device downloads them one by one from the tile route. 400 above ' +
          'the most tiles a device keeps for a plant.',
        params: ImageryLayerParams,
        querystring: OfflineImageryQuery,
        response: { 200: OfflineImageryEstimate },
      },
    },
    (req) => imagery.offlineEstimate(req.user, req.params.id, req.params.layerId, req.query),
  );

  app.get(
    '/plants/:id/imagery/:layerId/:z/:x/:y',
    {
      schema: {
        tags,
        summary: 'A raster tile of an orthophoto layer',
        description:
          'XYZ tile numbering. 404 outside the archive. The ETag changes only with the archive: tiles are immutable.',
        params: ImageryTileParams,
        fileResponses: {
          200: fileResponse('The tile', ['image/png', 'image/jpeg', 'image/webp']),
          304: { description: 'Not modified: the If-None-Match ETag is current' },
        },
      },
    },
    async (req, reply) => {
      const tile = await imagery.tile(
        req.user,
        req.params.id,
        req.params.layerId,
        req.params.z,
        req.params.x,
        req.params.y,
      );
      // private: the caller's access decides; immutable: a new archive is a new ETag and URL version.
      reply.header('etag', tile.etag).header('cache-control', 'private, max-age=31536000, immutable');
      if (req.headers['if-none-match'] === tile.etag) return reply.code(304).send();
      return reply.type(tile.contentType).send(tile.body);
    },
  );
};
