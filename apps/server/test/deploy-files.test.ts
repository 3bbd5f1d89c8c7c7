import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/*
 * The container files (issue 33) are checked here, as `docker compose config` and a Dockerfile lint
 * would: no container engine runs on the CI machine (no compose plugin, no daemon, no registry).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  volumes?: string[];
}

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const { services } = compose;

  it('runs PostgreSQL, Redis, MinIO, two API instances and a proxy, each with a health check', () => {
    expect(Object.keys(services).sort()).toEqual(['api-1', 'api-2', 'minio', 'minio-bucket', 'postgres', 'proxy', 'redis']);
    for (const name of ['postgres', 'redis', 'minio', 'api-1', 'api-2', 'proxy']) expect(services[name].healthcheck?.test, name).toBeDefined();
  });

  it('gives both API instances the shared database, Redis, S3 and secret, and a readiness probe', () => {
    for (const name of ['api-1', 'api-2']) {
      const api = services[name];
      expect(api.build).toBe('.');
      expect(api.environment).toMatchObject({
        DATABASE_URL: expect.stringMatching(/^postgres:\/\/.*@postgres:5432\//),
        REDIS_URL: 'redis://redis:6379',
        STORAGE: 's3',
        S3_ENDPOINT: 'http://minio:9000',
        S3_BUCKET: 'heliotrack',
        JWT_SECRET: expect.stringMatching(/^\$\{JWT_SECRET:\?/),
      });
      expect(api.healthcheck!.test.join(' ')).toContain('/api/ready/');
    }
    // The first instance migrates and seeds; the second starts once it is healthy.
    expect(services['api-1'].environment!.SEED_DEMO).toBe('true');
    expect(services['api-2'].depends_on).toEqual({ 'api-1': { condition: 'service_healthy' } });
  });

  it('puts the proxy in front of both instances, and the nginx file it mounts sends to both', () => {
    expect(services.proxy.ports).toEqual(['8080:80']);
    expect(Object.keys(services.proxy.depends_on!).sort()).toEqual(['api-1', 'api-2']);
    const mount = services.proxy.volumes!.find((v) => v.includes('nginx'))!.split(':')[0];
    const nginx = read(mount);
    expect(nginx).toContain('server api-1:8080');
    expect(nginx).toContain('server api-2:8080');
    expect(nginx).toContain('proxy_pass http://heliotrack;');
  });
});

describe('Dockerfile', () => {
  const lines = read('Dockerfile')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'));
  const stages = lines.filter((l) => l.startsWith('FROM '));

  it('builds in stages on Node 20 slim and runs the compiled output as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const from of stages) expect(from).toMatch(/^FROM node:20-slim( AS \w+)?$/);
    const runtime = lines.slice(lines.indexOf(stages[stages.length - 1]));
    expect(runtime).toContain('USER node');
    expect(runtime.some((l) => l.startsWith('COPY --from=build /app/apps/server/dist'))).toBe(true);
    expect(runtime.some((l) => l.startsWith('COPY --from=build /app/apps/web/dist'))).toBe(true);
    // The compiled server, with the V8 flags `npm start` gives it (package.json), none other.
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start;
    const flags = /^node ((?:--\S+ )*)scripts\/start\.mjs$/.exec(start)![1].split(' ').filter(Boolean);
    expect(flags).toEqual(['--max-semi-space-size=32']);
    expect(runtime.at(-1)).toBe(`CMD [${['node', ...flags, 'apps/server/dist/main.js'].map((arg) => `"${arg}"`).join(', ')}]`);
    expect(runtime.join('\n')).not.toMatch(/\btsx\b|npm run build/);
  });

  it('installs production dependencies only for the runtime, and checks /api/health/', () => {
    // The server's and the domain's packages only: the web app is served as built, the bench not shipped.
    expect(lines).toContain('RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/server --workspace packages/domain');
    const health = lines.findIndex((l) => l.startsWith('HEALTHCHECK'));
    expect(health).toBeGreaterThan(-1);
    expect(lines[health + 1]).toContain('/api/health/');
  });

  it('leaves dependencies, builds and data out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', 'data', '.git']) expect(ignored).toContain(entry);
  });
});
