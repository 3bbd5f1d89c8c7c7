import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3 } from 'openapi-types';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELEMENT_PATH_TYPES, operationIdForType } from '../src/openapi/element-type-paths';
import { OPERATION_IDS } from '../src/openapi/operation-ids';
import { createTestContext, describeEachDatabase, type TestContext, USERS } from './helpers';

/*
 * DESIGN section 3 and the README: the OpenAPI document is served at /api/docs (the Swagger UI
 * page) and /api/openapi.json, both readable without signing in.
 */
describeEachDatabase('API documentation', (get) => {
  const anonymous = (url: string) => get().call('GET', url, { as: null });

  it('serves the documentation page without a token, with every asset it loads', async () => {
    for (const pageUrl of ['/api/docs', '/api/docs/']) {
      const page = await anonymous(pageUrl);
      expect(page.status, pageUrl).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => new URL(m[1], `http://localhost${pageUrl}`).pathname);
      expect(assets).toEqual(expect.arrayContaining(['/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/swagger-ui.css']));
      for (const url of assets) expect((await anonymous(url)).status, url).toBe(200);
    }
    // The page reads the document from here.
    expect((await anonymous('/api/docs/json')).status).toBe(200);
  });

  it('serves the OpenAPI document without a token', async () => {
    const res = await anonymous('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/token/', '/api/plants/{id}/']));
  });

  it('keeps asking for a token everywhere else', async () => {
    const res = await anonymous('/api/plants/');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('not_authenticated');
  });
});

/*
 * Issue 23: the document is a product integrators generate clients from. It is checked as they
 * would check it: against the OpenAPI schema, with Redocly's recommended rules (redocly.yaml, as
 * `npm run lint:api`), and by generating a TypeScript client with openapi-typescript that must
 * type-check against the calls of test/openapi-client/usage.ts. And it must describe every route
 * the server registers, each under its own operationId.
 */
describe('OpenAPI document', () => {
  const PUBLIC_URL = 'https://solar.heliotrack.test';
  let ctx: TestContext;
  let close: () => Promise<void>;
  let doc: OpenAPIV3.Document;
  beforeAll(async () => {
    ({ ctx, close } = await createTestContext('sqlite', { PUBLIC_URL: `${PUBLIC_URL}/` }));
    doc = (await ctx.call('GET', '/api/openapi.json', { as: null })).body;
  });
  afterAll(async () => {
    await close?.();
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item?.[method]).map((method) => ({ path, method, operation: item![method]! })),
    );
  /** The API's routes as `METHOD url`, less the documentation's own (/api/docs, /api/openapi.json). */
  const apiRoutes = () => [...new Set(ctx.routes)].filter((r) => /^\w+ \/api\//.test(r) && !/^\w+ \/api\/(docs|openapi\.json)/.test(r));
  const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

  it('validates against the OpenAPI 3.0 schema', async () => {
    const result = await new Validator().validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.0\./);
  });

  it('says where the API is, which version, whom to ask, and that operations need the bearer token unless public', () => {
    expect(doc.servers).toEqual([{ url: PUBLIC_URL, description: expect.any(String) }]);
    const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(doc.info).toMatchObject({ version: pkg.version, contact: { url: `${PUBLIC_URL}/` }, license: { name: expect.any(String) } });
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.components?.securitySchemes?.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    // Public operations say so; the others inherit the bearer requirement and document its 401.
    for (const { path, method, operation } of operations()) {
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      const publicPaths = [
        '/api/token/',
        '/api/token/refresh/',
        '/api/token/logout/',
        '/api/public-config/',
        '/api/user/password_reset/',
        '/api/user/password_reset/confirm/',
        '/api/health/',
        '/api/ready/',
        '/api/metrics/',
      ];
      expect(isPublic, `${method} ${path}`).toBe(publicPaths.includes(path));
      if (!isPublic) expect(operation.responses['401'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/Unauthorized' });
    }
  });

  it('describes every route the server registers, each with its own operationId', () => {
    const routes = apiRoutes();
    const missing: string[] = [];
    for (const route of routes) {
      const [method, url] = route.split(' ');
      const name = OPERATION_IDS[route];
      if (!name) {
        missing.push(`${route}: no operationId in src/openapi/operation-ids.ts`);
        continue;
      }
      const m = method.toLowerCase() as (typeof METHODS)[number];
      // plants/:id/:type/… stands for one path per element type (except where a static route answers).
      const expected = url.includes(':type')
        ? ELEMENT_PATH_TYPES.map((type) => [openapiPath(url.replace(':type', type)), operationIdForType(name, type)] as const)
        : [[openapiPath(url), name] as const];
      const documented = expected.filter(([path, id]) => doc.paths[path]?.[m]?.operationId === id);
      if (documented.length === 0) missing.push(`${route}: not in the document as ${expected.map(([, id]) => id).join(', ')}`);
      // Every type a templated path serves has an operation, this route's or a static sibling's.
      for (const [path] of expected) if (!doc.paths[path]?.[m]) missing.push(`${route}: ${method} ${path} missing`);
    }
    expect(missing).toEqual([]);

    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i), 'duplicate operationIds').toEqual([]);
    expect(Object.keys(OPERATION_IDS).filter((route) => !routes.includes(route)), 'operationIds of routes the app no longer has').toEqual([]);
    // No template is left for a client to resolve against its static siblings.
    expect(Object.keys(doc.paths).filter((path) => path.includes('{type}'))).toEqual([]);
  });

  it('documents the error answers the server really gives, with their codes', async () => {
    const codesOf = (status: string) => {
      const name = (doc.paths['/api/plants/{id}/']!.get!.responses[status] as OpenAPIV3.ReferenceObject).$ref.split('/').pop()!;
      const response = doc.components!.responses![name] as OpenAPIV3.ResponseObject;
      const schema = response.content!['application/json'].schema as OpenAPIV3.SchemaObject;
      return (schema.allOf![1] as OpenAPIV3.SchemaObject).properties!.code as OpenAPIV3.SchemaObject;
    };
    const foreignPlant = (await ctx.call('GET', '/api/plants/', { as: USERS.otherAdmin })).body[0].id;
    const answers = {
      401: await ctx.call('GET', `/api/plants/${foreignPlant}/`, { as: null }),
      404: await ctx.call('GET', `/api/plants/${foreignPlant}/`),
    };
    for (const [status, answer] of Object.entries(answers)) {
      expect(answer.status).toBe(Number(status));
      expect(answer.body).toEqual({ detail: expect.any(String), code: expect.any(String) });
      expect(codesOf(status).enum).toContain(answer.body.code);
    }
    // 400: fields with their messages, as components.schemas.FieldErrors says.
    const bad = await ctx.call('GET', '/api/plants/x/');
    expect(bad.status).toBe(400);
    expect(doc.paths['/api/plants/{id}/']!.get!.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
    for (const messages of Object.values(bad.body)) expect(messages).toEqual([expect.any(String)]);
  });

  it('describes uploads as multipart forms and downloads by their media types', () => {
    const upload = doc.paths['/api/documents/']!.post!.requestBody as OpenAPIV3.RequestBodyObject;
    expect(Object.keys(upload.content)).toEqual(['multipart/form-data']);
    expect((upload.content['multipart/form-data'].schema as OpenAPIV3.SchemaObject).properties!.document).toMatchObject({ type: 'string', format: 'binary' });
    const content = (path: string, status = '200') => Object.keys((doc.paths[path]!.get!.responses[status] as OpenAPIV3.ResponseObject).content ?? {});
    expect(content('/api/plants/{id}/sync/')).toEqual(['application/x-ndjson']);
    expect(content('/api/plants/{id}/reports/{reportId}/download/')).toEqual(['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect(content('/api/plants/{id}/elements/export/')).toEqual(['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect(content('/api/plants/{id}/tiles/{z}/{x}/{y}.pbf')).toEqual(['application/vnd.mapbox-vector-tile']);
    expect(content('/api/plants/{id}/tiles/{z}/{x}/{y}.pbf', '304')).toEqual([]);
  });

  it("passes Redocly's recommended rules (npm run lint:api)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-redocly-'));
    try {
      const file = path.join(dir, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(doc));
      const report = JSON.parse(run(path.join(ROOT, 'node_modules/.bin/redocly'), ['lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000']));
      const problems = report.problems.map((p: { ruleId: string; message: string; location: { pointer: string }[] }) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('generates a TypeScript client (openapi-typescript) that type-checks against real calls', async () => {
    // Inside node_modules/.cache, so that the usage file finds openapi-fetch as an integrator's project would.
    const cache = path.join(ROOT, 'node_modules/.cache');
    fs.mkdirSync(cache, { recursive: true });
    const dir = fs.mkdtempSync(path.join(cache, 'heliotrack-openapi-client-'));
    try {
      fs.writeFileSync(path.join(dir, 'heliotrack-api.d.ts'), astToString(await openapiTS(structuredClone(doc) as never)));
      fs.copyFileSync(new URL('./openapi-client/usage.ts', import.meta.url), path.join(dir, 'usage.ts'));
      const compilerOptions = { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', strict: true, noEmit: true, skipLibCheck: true, lib: ['ES2022', 'DOM'], types: [] };
      fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['usage.ts', 'heliotrack-api.d.ts'] }));
      expect(run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir, '--pretty', 'false'])).toBe('');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** A command's standard output; on failure, the output in the error so the test shows what went wrong. */
function run(command: string, args: string[]) {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    if (stdout?.startsWith('{')) return stdout; // redocly exits 1 when it finds problems: the report says which
    throw new Error(`${path.basename(command)} ${args.join(' ')} failed:\n${stdout}\n${stderr}`);
  }
}
