import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/database';
import { createStorage } from '../src/lib/create-storage';
import { registerLanguage } from '../src/plugins/language';
import { registerHealth } from '../src/plugins/health';
import { freePort } from './api-instance';

/*
 * The server as it runs in production (issue 33): the compiled bundle (apps/server/dist/main.js,
 * built here as `npm run build` builds it) started by node without tsx, on a fresh SQLite database
 * (no demo, so it starts in a few seconds) and a small stand-in web build with precompressed twins.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const entry = path.join(root, 'apps/server/dist/main.js');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw GET: the bytes as they came over the wire (fetch would decompress them). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

class CompiledServer {
  readonly lines: Record<string, unknown>[] = [];
  stderr = '';
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;
  private waiters: { test: (line: Record<string, unknown>) => boolean; resolve: () => void }[] = [];

  constructor(
    readonly url: string,
    env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, [entry], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
    this.child.stderr!.on('data', (data: Buffer) => (this.stderr += data.toString()));
    let rest = '';
    this.child.stdout!.on('data', (data: Buffer) => {
      const parts = (rest + data.toString()).split('\n');
      rest = parts.pop()!;
      for (const text of parts) {
        // Every line is pino JSON: one that is not fails the test that reads the lines.
        const line = (text.startsWith('{') ? JSON.parse(text) : { notJson: text }) as Record<string, unknown>;
        this.lines.push(line);
        this.waiters = this.waiters.filter((w) => !(w.test(line) && (w.resolve(), true)));
      }
    });
  }

  /** Resolves at the first log line (already logged or to come) that passes `test`. */
  logged(test: (line: Record<string, unknown>) => boolean) {
    if (this.lines.some(test)) return Promise.resolve();
    return new Promise<void>((resolve) => this.waiters.push({ test, resolve }));
  }

  async started() {
    await Promise.race([this.logged((l) => String(l.msg).startsWith('Heliotrack is running')), this.exited.then((code) => Promise.reject(new Error(`exited ${code}: ${this.stderr.slice(-2000)}`)))]);
  }

  signal(name: NodeJS.Signals) {
    this.child.kill(name);
  }
}

/**
 * A request that stays open: headers (Expect: 100-continue, so the server's "100 Continue" proves it
 * is handling it) and half of a body; `finish()` sends the rest and reads the answer.
 */
async function openRequest(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const body = JSON.stringify({ email: 'nobody@heliotrack.test', password: 'wrong-password' });
  let received = '';
  const continued = new Promise<void>((resolve) =>
    socket.on('data', (d: Buffer) => {
      received += d.toString();
      if (received.includes('100 Continue')) resolve();
    }),
  );
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST /api/token/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  );
  await continued;
  socket.write(body.slice(0, 10));
  return {
    finish: async () => {
      socket.write(body.slice(10));
      await closed;
      return received;
    },
    closed,
  };
}

// As `npm run build` does (esbuild, about a second); every describe runs the result, never tsx. At file
// level: the order of the describes is shuffled, and on a clean clone there is no dist/ before this.
beforeAll(() => {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--server-only'], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
});

describe('the compiled server (issue 33)', () => {
  let dir: string;
  let web: string;
  let server: CompiledServer;
  let port: number;
  const bundle = 'console.log("heliotrack");\n'.repeat(200);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-service-'));
    web = path.join(dir, 'web');
    fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Heliotrack</title>');
    fs.writeFileSync(path.join(web, 'sw.js'), '// service worker');
    const asset = path.join(web, 'assets/index-AbC123xy.js');
    fs.writeFileSync(asset, bundle);
    fs.writeFileSync(`${asset}.br`, brotliCompressSync(bundle));
    fs.writeFileSync(`${asset}.gz`, gzipSync(bundle));
    port = await freePort();
    server = new CompiledServer(`http://127.0.0.1:${port}`, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: path.join(dir, 'service.db'),
      WEB_DIST: web,
      SEED_DEMO: 'false',
      HISTORIC_REPORTS: 'off',
      LOG_LEVEL: 'info',
      METRICS: 'on',
      SHUTDOWN_TIMEOUT: '30s',
    });
    await server.started();
  });

  afterAll(async () => {
    server?.signal('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers the probes without a token', async () => {
    const health = await get(`${server.url}/api/health/`);
    expect([health.status, JSON.parse(health.body.toString())]).toEqual([200, { status: 'ok' }]);
    const ready = await get(`${server.url}/api/ready/`);
    expect([ready.status, JSON.parse(ready.body.toString())]).toEqual([200, { status: 'ok', checks: { database: 'ok', maps: 'ok' } }]);
  });

  it('compresses JSON with brotli or gzip as accepted, and says it varies on Accept-Encoding', async () => {
    const raw = await get(`${server.url}/api/openapi.json`);
    expect(raw.headers['content-encoding']).toBeUndefined();
    const br = await get(`${server.url}/api/openapi.json`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(raw.body)).toBe(true);
    expect(br.body.length).toBeLessThan(raw.body.length / 3);
    const gz = await get(`${server.url}/api/openapi.json`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(raw.body)).toBe(true);
  });

  it('sends the build\'s precompressed assets with immutable caching, index.html and sw.js with no-cache', async () => {
    const br = await get(`${server.url}/assets/index-AbC123xy.js`, { 'accept-encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.equals(fs.readFileSync(path.join(web, 'assets/index-AbC123xy.js.br')))).toBe(true);
    const gz = await get(`${server.url}/assets/index-AbC123xy.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(bundle);
    for (const page of ['/', '/index.html', '/plants/1/map', '/sw.js']) {
      const res = await get(`${server.url}${page}`);
      expect([page, res.status, res.headers['cache-control']]).toEqual([page, 200, 'no-cache']);
    }
  });

  it('counts requests in the Prometheus metrics', async () => {
    await get(`${server.url}/api/health/`);
    const metrics = await get(`${server.url}/api/metrics/`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    const text = metrics.body.toString();
    expect(text).toMatch(/heliotrack_http_requests_total\{method="GET",route="\/api\/health\/",status="200"\} [1-9]/);
    expect(text).toMatch(/heliotrack_job_queue_depth\{queue="reports"\} 0/);
  });

  it('logs JSON lines only, the start included, with no authorization header', async () => {
    expect(server.lines.filter((l) => 'notJson' in l)).toEqual([]);
    await get(`${server.url}/api/plants/`, { authorization: 'Bearer secret-token-value' });
    await server.logged((l) => l.msg === 'request completed' && (l.res as { statusCode: number })?.statusCode === 401);
    expect(server.lines.some((l) => String(l.msg).startsWith('Heliotrack is running') && typeof l.database === 'string')).toBe(true);
    expect(JSON.stringify(server.lines)).not.toContain('secret-token-value');
  });

});

describe('shutdown', () => {
  /** A server of its own (the signal ends it), with no web app. */
  async function startServer(dir: string, shutdownTimeout: string) {
    const port = await freePort();
    const server = new CompiledServer(`http://127.0.0.1:${port}`, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: path.join(dir, 'service.db'),
      WEB_DIST: path.join(dir, 'no-web'),
      SEED_DEMO: 'false',
      HISTORIC_REPORTS: 'off',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT: shutdownTimeout,
    });
    await server.started();
    return { server, port };
  }

  // One data folder: the second server starts on the migrated database, faster.
  let dir: string;
  beforeAll(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-service-'))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('on SIGTERM finishes the request in flight, then exits cleanly', async () => {
    const { server, port } = await startServer(dir, '30s');
    try {
      const request = await openRequest(port);
      server.signal('SIGTERM');
      await server.logged((l) => l.msg === 'shutting down');
      const answer = await request.finish();
      // The wrong password is refused as usual: the request ran to its end after the signal.
      expect(answer).toMatch(/HTTP\/1\.1 (400|401)/);
      expect(await server.exited).toBe(0);
    } finally {
      server.signal('SIGKILL');
    }
    // A budget for hangs only: each test starts a server of its own, slow on a loaded machine.
  }, 120_000);

  it('exits with code 1 when a request is still running after SHUTDOWN_TIMEOUT', async () => {
    const { server, port } = await startServer(dir, '1s');
    try {
      await openRequest(port); // never finished
      server.signal('SIGTERM');
      expect(await server.exited).toBe(1);
      expect(server.lines.some((l) => l.msg === 'shutdown timed out: exiting with work unfinished')).toBe(true);
    } finally {
      server.signal('SIGKILL');
    }
    // A budget for hangs only: each test starts a server of its own, slow on a loaded machine.
  }, 120_000);
});

describe('readiness', () => {
  it('answers 503 naming the database when PostgreSQL cannot be reached, with no URL in the answer', async () => {
    const closedPort = await freePort();
    const url = `postgres://heliotrack:secret-password@127.0.0.1:${closedPort}/heliotrack`;
    const db = createDb({ url });
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerLanguage(app);
    await registerHealth(app, { db, storage: createStorage({ kind: 'database', dataDir: os.tmpdir(), db }), maxEventLoopDelay: 0 });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready/', headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'failing',
        detail: 'The service is not ready: database does not answer.',
        failing: ['database'],
        checks: { database: 'failing', maps: 'ok' },
      });
      expect(res.body).not.toContain('secret-password');
      expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});

describe('the compiled admin:create (an install without sources, as the image is)', () => {
  it('makes the first organisation and its administrator with node alone, and refuses missing options', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-admin-'));
    const command = path.join(root, 'apps/server/dist/admin-create.js');
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: '' };
    try {
      const made = spawnSync(process.execPath, [command, '--organisation', 'Solar Norte', '--email', 'ana@solarnorte.es'], {
        cwd: os.tmpdir(),
        env,
        encoding: 'utf8',
      });
      expect(made.status, made.stderr).toBe(0);
      expect(made.stdout).toContain('Organisation "Solar Norte" created with its administrator ana@solarnorte.es.');
      expect(made.stdout).toMatch(/One-time password: \S{12,}/);
      const refused = spawnSync(process.execPath, [command, '--email', 'x@example.com'], { cwd: os.tmpdir(), env, encoding: 'utf8' });
      expect(refused.status).not.toBe(0);
      expect(refused.stderr + refused.stdout).toContain('--organisation and --email are needed');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a light start (issue 33: a second `npm start` under 3 s)', () => {
  // Loaded at start they were most of its module loading; lib/lazy-package.ts loads them on first use.
  const ON_FIRST_USE = ['exceljs', 'pdfkit', 'svg-to-pdfkit', 'echarts', 'sharp', 'jszip', 'proj4', 'dxf-parser', 'nodemailer', 'prom-client', 'bullmq', 'ioredis', '@aws-sdk/client-s3', '@aws-sdk/lib-storage'];

  it('loads none of the packages that only some requests or settings need', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-light-'));
    const preload = path.join(dir, 'loaded.cjs');
    const listed = path.join(dir, 'loaded.txt');
    // Every CommonJS file the server's thread loaded, written as it exits (ES module imports of CommonJS
    // land there too). NODE_OPTIONS reaches worker threads as well: the SQLite checkpointer's worker
    // loads this file too, and its exit, which may come last, would write its own short list.
    fs.writeFileSync(
      preload,
      `if (require('worker_threads').isMainThread) process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(listed)}, Object.keys(require('module')._cache).join('\\n')));\n`,
    );
    const port = await freePort();
    const server = new CompiledServer(`http://127.0.0.1:${port}`, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: path.join(dir, 'light.db'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      NODE_OPTIONS: `--require ${preload}`,
    });
    try {
      await server.started();
      expect((await get(`${server.url}/api/health/`)).status).toBe(200);
      server.signal('SIGTERM');
      expect(await server.exited).toBe(0);
      const packages = new Set([...fs.readFileSync(listed, 'utf8').matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)].map((m) => m[1]));
      // The list sees CommonJS packages at all (fastify is one), so an empty intersection means something.
      expect(packages.has('fastify')).toBe(true);
      expect(ON_FIRST_USE.filter((name) => packages.has(name))).toEqual([]);
    } finally {
      server.signal('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
