import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { expandElementTypePaths } from './element-type-paths';
import { errorComponents, errorStatuses, ERROR_RESPONSES } from './error-responses';
import { toOpenapiSchema } from './media';
import { OPERATION_IDS } from './operation-ids';
// Imported, not read at run time: the compiled server (dist/main.js) sits elsewhere than this file.
import serverPackage from '../../package.json' with { type: 'json' };

/*
 * The OpenAPI document of /api/openapi.json and /api/docs, set up in one place: what the whole
 * document says (info, servers, security, tags, shared error answers) and what every operation gets
 * on top of its route's schema (operationId, error answers, multipart forms). Integrators generate
 * clients from it (README "Generating a client"); test/api-docs.test.ts lints it and type-checks a
 * generated client, so it cannot drift from the routes.
 */

const ERROR_KEY = 'x-heliotrack-errors';

const TAGS: OpenAPIV3.TagObject[] = [
  { name: 'auth', description: 'Tokens (JWT access and refresh), the signed-in user, password change and recovery.' },
  { name: 'plants', description: 'Photovoltaic plants the caller may see, and their layout import.' },
  { name: 'users', description: "The organisation's users and the plants they are authorised on (administrators)." },
  { name: 'dashboard', description: "Figures of the caller's plants and the caller's dashboard charts." },
  { name: 'state-management', description: 'States, state groups and element types of the organisation.' },
  { name: 'contractors', description: 'Contractors and contractor groups.' },
  { name: 'rucs', description: 'RUCs: which states each user may record on a plant.' },
  { name: 'maps', description: 'Vector tiles, bounds and polygon selections of a plant\'s elements; its orthophoto layers and their raster tiles.' },
  { name: 'catalogues', description: 'What a plant offers: element types, states, contractors, transaction types.' },
  { name: 'elements', description: 'Elements of a plant (hincas, masts, strings, trackers, modules, inverters, CTRs and extra types), their lists and exports.' },
  { name: 'state changes', description: 'Recording state changes of one or many elements, and their history.' },
  { name: 'offline', description: 'Whole-plant download for devices working without a connection.' },
  { name: 'documents', description: 'Files attached to state changes, flash reports and calibration equipment.' },
  { name: 'flash reports', description: 'Flash reports on elements, with photos and documents.' },
  { name: 'calibration equipment', description: 'Measuring equipment and its calibration certificates.' },
  { name: 'item inventory', description: 'Elements across the caller\'s plants, by code.' },
  { name: 'planning', description: 'Milestones and their planned-versus-actual follow-up.' },
  { name: 'reports', description: 'PDF and xlsx progress reports, made in the background, and the daily historic snapshots.' },
  { name: 'ppi templates', description: 'Templates of inspection and test plans (PPIs): activities in order.' },
  { name: 'ppis', description: 'Inspection and test plans (PPIs): activities, users, linked elements, logo.' },
  { name: 'serial scanning', description: "Module serials read along a row (flags computed by the server), and the plant's delivered-serial list." },
  { name: 'app', description: 'The mobile app version the organisation makes available (forced updates).' },
  { name: 'service', description: 'Probes for load balancers and orchestrators (liveness, readiness) and metrics; no token.' },
];

/** The app's version: the server package's. */
function appVersion() {
  return serverPackage.version;
}

/** `METHOD url`, the key of OPERATION_IDS. */
export function routeKey(route: Pick<RouteOptions, 'method' | 'url'>) {
  return `${[route.method].flat()[0]} ${route.url}`;
}

/** Options of @fastify/swagger for the whole API, served from `publicUrl`. */
export function openapiOptions(publicUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Heliotrack API',
        version: appVersion(),
        description:
          'Construction follow-up and quality inspection of photovoltaic plants. Send `Authorization: Bearer <access>` from ' +
          '`POST /api/token/` on every operation that lists the `bearer` security. Messages come in the language of ' +
          '`Accept-Language` (es, en, it; Spanish by default). Lists are paged as `{count, next, previous, results}`.',
        contact: { name: 'Heliotrack', url: publicUrl },
        license: { name: 'Proprietary: for organisations with a Heliotrack account' },
      },
      servers: [{ url: publicUrl.replace(/\/+$/, ''), description: 'This Heliotrack server' }],
      tags: TAGS,
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        ...(errorComponents as OpenAPIV3.ComponentsObject),
      },
      security: [{ bearer: [] }],
    },
    transform: transformRoute,
    transformObject: ({ ...document }) => finishDocument((document as { openapiObject: OpenAPIV3.Document }).openapiObject),
  };
}

/** Per route: the zod schemas as JSON Schema, then what the route options say about the operation. */
const transformRoute: FastifyDynamicSwaggerOptions['transform'] = (input) => {
  const { route } = input;
  const result = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = result.schema as FastifySchema & Record<string, unknown>;
  if (schema.hide) return result;
  const source: FastifySchema = route.schema ?? {};
  const operationId = schema.operationId ?? OPERATION_IDS[routeKey(route)];
  if (operationId) schema.operationId = operationId;
  if (route.config?.public) schema.security = [];
  delete schema.multipart;
  delete schema.fileResponses;
  if (source.multipart) {
    schema.body = toOpenapiSchema(source.multipart, 'input');
    schema.consumes = ['multipart/form-data'];
  }
  if (source.fileResponses) {
    const files = Object.entries(source.fileResponses).map(([status, { description, content }]) => [
      status,
      content
        ? { description, content: Object.fromEntries(Object.entries(content).map(([type, media]) => [type, { schema: toOpenapiSchema(media.schema, 'output') }])) }
        : { description },
    ]);
    schema.response = { ...(schema.response as object), ...Object.fromEntries(files) };
  }
  schema[ERROR_KEY] = errorStatuses(route, source, operationId);
  return { ...result, schema };
};

const SUCCESS_DESCRIPTIONS: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content', 304: 'Not modified' };
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The whole document: error answers as shared components, concrete element-type paths. */
export function finishDocument(document: OpenAPIV3.Document): OpenAPIV3.Document {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item?.[method] as (OpenAPIV3.OperationObject & { [ERROR_KEY]?: (keyof typeof ERROR_RESPONSES)[] }) | undefined;
      if (!operation) continue;
      for (const [status, response] of Object.entries(operation.responses) as [string, OpenAPIV3.ResponseObject][]) {
        if (response.description === 'Default Response' && SUCCESS_DESCRIPTIONS[status]) response.description = SUCCESS_DESCRIPTIONS[status];
        // No body: @fastify/swagger describes `z.null()` as a JSON null.
        if (status === '204' || status === '304') delete response.content;
      }
      for (const status of operation[ERROR_KEY] ?? []) {
        operation.responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status][0]}` };
      }
      delete operation[ERROR_KEY];
    }
  }
  expandElementTypePaths(document.paths);
  return document;
}
