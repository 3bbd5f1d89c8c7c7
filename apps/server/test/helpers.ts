import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { createDb, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedDemo } from '../src/demo/seed';
import type { Mail } from '../src/lib/mailer';

export type DatabaseKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL points at a server we may create databases on. */
export const databases: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const DEMO_PASSWORD = 'heliotrack';
export const USERS = {
  admin: 'admin@heliotrack.demo',
  technician: 'tecnico@heliotrack.demo',
  inactive: 'inactivo@heliotrack.demo',
  otherAdmin: 'admin@otra.demo',
} as const;

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  config: Config;
  mails: Mail[];
  /** Logs in and returns the token pair. */
  login(email: string, password?: string): Promise<{ access: string; refresh: string }>;
  /** Authorization headers of a named demo user. */
  as(email: string): Promise<Record<string, string>>;
}

async function createDatabase(kind: DatabaseKind, dir: string) {
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
    WEB_DIST: path.join(dir, 'no-web'),
    // The daily report snapshots run in the background; suites that test them turn them on.
    HISTORIC_REPORTS: 'off',
    ...env,
  });
  const db = createDb({ url: config.databaseUrl });
  await migrateToLatest(db);
  await seedDemo(db, { largePlantMwp: 0, smallPlantMwp: 0.2 });
  const mails: Mail[] = [];
  const app = await buildApp({ config, db, logger: false, mailer: { send: async (mail) => void mails.push(mail) } });
  await app.ready();

  const tokens = new Map<string, string>();
  const ctx: TestContext = {
    app,
    db,
    config,
    mails,
    async login(email, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/token/', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    async as(email) {
      if (!tokens.has(email)) tokens.set(email, (await ctx.login(email)).access);
      return { authorization: `Bearer ${tokens.get(email)}` };
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
