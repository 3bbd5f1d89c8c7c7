import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/lib/config';
import { createDb, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedDemo } from '../src/demo/seed';
import type { Mail } from '../src/lib/mailer';
import { setPasswordHashCost } from '../src/lib/passwords';

export type DatabaseKind = 'sqlite' | 'postgres';

/** A closed rectangular ring, for polygon selections. */
export const rectangle = (minX: number, minY: number, maxX: number, maxY: number): [number, number][] => [
  [minX, minY],
  [maxX, minY],
  [maxX, maxY],
  [minX, maxY],
  [minX, minY],
];

/** A ring as the `polygon` parameter takes it: `x y,x y,…`. */
export const ringText = (ring: readonly (readonly [number, number])[]) => ring.map(([x, y]) => `${x} ${y}`).join(',');

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL points at a server we may create databases on. */
export const databases: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const DEMO_PASSWORD = 'heliotrack';
export const USERS = {
  admin: 'admin@heliotrack.demo',
  technician: 'tecnico@heliotrack.demo',
  inactive: 'inactivo@heliotrack.demo',
  inspector: 'inspector@heliotrack.demo',
  otherAdmin: 'admin@otra.demo',
} as const;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  /** Who calls: a named demo user (USERS.admin when left out), or null for a call without a token. */
  as?: string | null;
  payload?: InjectOptions['payload'];
  /** Accept-Language of the call; none (so Spanish) when left out. */
  language?: string;
  headers?: Record<string, string>;
}

/**
 * What the API answered: the status and the JSON body as fields, so a test can compare the two at
 * once (`toEqual({ status: 404, body: {...} })`); the rest of the raw answer behind getters.
 */
export class Answer {
  readonly status: number;
  /** The parsed body of a JSON answer; null for an empty or non-JSON one. */
  readonly body: any;
  readonly #res: LightMyRequestResponse;

  constructor(res: LightMyRequestResponse) {
    this.#res = res;
    this.status = res.statusCode;
    const isJson = String(res.headers['content-type'] ?? '').includes('json') && res.body !== '';
    this.body = isJson ? res.json() : null;
  }

  /** The body as text (CSV, an empty 204). */
  get text(): string {
    return this.#res.body;
  }

  /** The body's bytes (xlsx, PDF, vector tiles). */
  get bytes(): Buffer {
    return this.#res.rawPayload;
  }

  get headers() {
    return this.#res.headers;
  }
}

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  config: Config;
  mails: Mail[];
  /** Every route the app registered, as `METHOD /url` with Fastify's `:param`s (HEAD twins left out). */
  routes: string[];
  /** Logs in and returns the token pair. */
  login(email: string, password?: string): Promise<{ access: string; refresh: string }>;
  /** Authorization headers of a named demo user. */
  as(email: string): Promise<Record<string, string>>;
  /** One request to the API, e.g. `call('POST', '/api/contractors/', { as: USERS.technician, payload })`. */
  call(method: Method, url: string, options?: CallOptions): Promise<Answer>;
}

/** The id of the demo organisation "Demo Solar", for tests that add plants to it. */
export async function demoClientId(ctx: TestContext): Promise<number> {
  const client = await ctx.db.selectFrom('clients').select('id').where('name', '=', 'Demo Solar').executeTakeFirstOrThrow();
  return client.id;
}

/**
 * A plant of the seed by its code (CAR-01 of Demo Solar, ECI-01 of Otra Energía), and the element
 * type of the plant's organisation with the code `typeCode` (MOD, HIN…).
 */
export async function seededPlantAndType(ctx: TestContext, plantCode: string, typeCode: string) {
  const plant = await ctx.db.selectFrom('plants').selectAll().where('code', '=', plantCode).executeTakeFirstOrThrow();
  const type = await ctx.db
    .selectFrom('element_types')
    .select('id')
    .where('client_id', '=', plant.client_id)
    .where('code', '=', typeCode)
    .executeTakeFirstOrThrow();
  return { plant, type };
}

/**
 * A user of the caller's organisation made for one test, so the test can change their plants, RUCs or
 * password without touching the named demo users others rely on. Logs in with DEMO_PASSWORD.
 */
export async function createUser(
  ctx: TestContext,
  { email, roles, plants = [], as = USERS.admin }: { email: string; roles: string[]; plants?: number[]; as?: string },
) {
  const res = await ctx.call('POST', '/api/client-users/', { as, payload: { email, name: email.split('@')[0], password: DEMO_PASSWORD, roles, plants } });
  if (res.status !== 201) throw new Error(`creating ${email} failed: ${res.status} ${res.text}`);
  return res.body as { id: number; email: string };
}

/** The newest mail sent to `to`; never a position in ctx.mails, which every test of the file shares. */
export function latestMailTo(ctx: TestContext, to: string): Mail {
  const mail = ctx.mails.filter((m) => m.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

export interface FilePart {
  name: string;
  type: string;
  content: Buffer;
  /** The part's field name; `document` when left out. */
  field?: string;
}

/** A multipart/form-data body, parts in the given order: fields as [name, value], files as the `document` part (or `field`). */
export function multipart(parts: (FilePart | [string, string])[]) {
  const boundary = `heliotrack-${randomBytes(8).toString('hex')}`;
  const chunks = parts.map((part) =>
    Array.isArray(part)
      ? Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part[0]}"\r\n\r\n${part[1]}\r\n`)
      : Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'document'}"; filename="${part.name}"\r\nContent-Type: ${part.type}\r\n\r\n`),
          part.content,
          Buffer.from('\r\n'),
        ]),
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A fresh database of `kind` (a SQLite file in `dir`, or a new PostgreSQL database), and how to drop it. */
export async function createDatabase(kind: DatabaseKind, dir: string) {
  if (kind === 'sqlite') return { url: path.join(dir, 'test.db'), drop: async () => {} };
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `ht_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // pg's pool.end() resolves before its sockets close; dropping "with (force)" at once would
    // kill them and raise an unhandled 57P01, so wait for the connections to go first.
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      for (let attempt = 0; attempt < 50; attempt++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestContext(kind: DatabaseKind, env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-test-'));
  const database = await createDatabase(kind, dir);
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: database.url,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_ACCOUNT: '1000',
    // scrypt at N=2^12, not production's 2^17: tests log in hundreds of times (never allowed in production).
    PASSWORD_HASH_COST: '12',
    WEB_DIST: path.join(dir, 'no-web'),
    // The daily report snapshots run in the background; suites that test them turn them on.
    HISTORIC_REPORTS: 'off',
    ...env,
  });
  const db = createDb({ url: config.databaseUrl });
  await migrateToLatest(db);
  // The seed hashes before buildApp sets the cost: set it first.
  setPasswordHashCost(config.passwordHashCost);
  await seedDemo(db, { largePlantMwp: 0, smallPlantMwp: 0.2 });
  const mails: Mail[] = [];
  const routes: string[] = [];
  const app = await buildApp({
    config,
    db,
    logger: false,
    mailer: { send: async (mail) => void mails.push(mail) },
    onRoute: (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
    },
  });
  await app.ready();

  const tokens = new Map<string, string>();
  const ctx: TestContext = {
    app,
    db,
    config,
    mails,
    routes,
    async login(email, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/token/', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    async as(email) {
      if (!tokens.has(email)) tokens.set(email, (await ctx.login(email)).access);
      return { authorization: `Bearer ${tokens.get(email)}` };
    },
    async call(method, url, { as = USERS.admin, payload, language, headers = {} } = {}) {
      const res = await app.inject({
        method,
        url,
        payload,
        headers: { ...(as === null ? {} : await ctx.as(as)), ...(language ? { 'accept-language': language } : {}), ...headers },
      });
      return new Answer(res);
    },
  };
  const close = async () => {
    await app.close();
    await db.destroy();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { ctx, close };
}

/**
 * Runs a suite once per database. The context is built before the suite's tests and closed after;
 * tests read it through the getter.
 */
export function describeEachDatabase(name: string, suite: (get: () => TestContext) => void, env?: Record<string, string>) {
  for (const kind of databases) {
    describe(`${name} [${kind}]`, () => {
      let ctx: TestContext;
      let close: () => Promise<void>;
      beforeAll(async () => {
        ({ ctx, close } = await createTestContext(kind, env));
      });
      afterAll(async () => {
        await close?.();
      });
      suite(() => ctx);
    });
  }
}

/** A Kysely plugin that keeps every query it sees (its node as JSON), for tests of which SQL ran. */
export function queryRecorder() {
  const queries: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      queries.push(JSON.stringify(node as RootOperationNode));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { queries, plugin };
}
