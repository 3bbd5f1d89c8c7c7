import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam } from '../../lib/route-params';
import {
  LayoutFeatureCollection,
  LayoutFileBody,
  LayoutFileImportBody,
  LayoutFileImportResult,
  LayoutFileInspection,
  LayoutImportQuery,
  LayoutImportResult,
} from './layout-import.schemas';
import type { LayoutImportService } from './layout-import.service';

/** A layout of about 150,000 elements; larger ones go through `npm run import`. */
export const LAYOUT_BODY_LIMIT = 50 * 1024 * 1024;

export const layoutImportRoutes: FastifyPluginAsyncZod<{ layoutImport: LayoutImportService }> = async (app, { layoutImport }) => {
  // GeoJSON's own media type, read like JSON (this plugin's routes only).
  app.addContentTypeParser('application/geo+json', { parseAs: 'string', bodyLimit: LAYOUT_BODY_LIMIT }, app.getDefaultJsonParser('error', 'error'));

  app.post(
    '/plants/:id/import-layout/',
    {
      bodyLimit: LAYOUT_BODY_LIMIT,
      // Refused before the body is read: nobody but an administrator uploads 50 MB here.
      config: { adminOnly: true },
      schema: {
        tags: ['plants'],
        summary: 'Import a plant layout from a GeoJSON FeatureCollection (administrators)',
        description:
          'Each feature: a geometry in longitude/latitude and properties element_type (or type) and code, optionally description, serial and ctr (the code of a CTR). ' +
          'With dry_run=true nothing is written and the answer previews counts and errors. Without it, any invalid feature refuses the whole file (400, one key per feature: features.<index>); ' +
          'otherwise new elements are added and those with the same type and code updated, in one transaction.',
        params: IdParam,
        querystring: LayoutImportQuery,
        body: LayoutFeatureCollection,
        response: { 200: LayoutImportResult },
      },
    },
    (req) => layoutImport.importLayout(req.user, req.params.id, req.body, req.query.dry_run, req.lang),
  );

  app.post(
    '/plants/:id/import-layout/file/inspect/',
    {
      bodyLimit: LAYOUT_BODY_LIMIT,
      config: { adminOnly: true },
      schema: {
        tags: ['plants'],
        summary: 'List the layers of a DXF, KML or KMZ layout file (administrators)',
        description:
          'The file base64 encoded. Answers each layer (DXF) or folder path (KML) with its count, geometry types and attributes, the choice remembered for it, ' +
          'the texts layers (DXF) and the coordinate system detected. A file that cannot be read is a 400 naming the line or entity.',
        params: IdParam,
        body: LayoutFileBody,
        response: { 200: LayoutFileInspection },
      },
    },
    (req) => layoutImport.inspectFile(req.user, req.params.id, req.body.format, req.body.content),
  );

  app.post(
    '/plants/:id/import-layout/file/',
    {
      bodyLimit: LAYOUT_BODY_LIMIT,
      config: { adminOnly: true },
      schema: {
        tags: ['plants'],
        summary: 'Import a plant layout from a DXF, KML or KMZ file (administrators)',
        description:
          'Each mapped layer becomes elements of its type, codes from the chosen attribute or nearest text, coordinates projected from `epsg` to WGS 84; ' +
          'then as the GeoJSON import: with dry_run=true nothing is written and the answer also previews the features; otherwise all or nothing. ' +
          'Each error names its entity (type, handle and line) or placemark.',
        params: IdParam,
        querystring: LayoutImportQuery,
        body: LayoutFileImportBody,
        response: { 200: LayoutFileImportResult },
      },
    },
    (req) => layoutImport.importFile(req.user, req.params.id, req.body, req.query.dry_run, req.lang),
  );
};
