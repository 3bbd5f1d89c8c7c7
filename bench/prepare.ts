import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '@heliotrack/server/src/db/database';
import { migrateToLatest } from '@heliotrack/server/src/db/migrate';
import { createDemoPlant } from '@heliotrack/server/src/demo/plant';
import { DEMO_CENTERS, seedDemo } from '@heliotrack/server/src/demo/seed';

/** A kept database whose migrations no longer match the code's (migrations renamed during development). */
export class StaleBenchDatabase extends Error {}

/** Generated databases are kept here between runs (the repository ignores data/). */
export const BENCH_DATA_DIR = path.resolve(import.meta.dirname, '../data/bench');

export interface BenchTarget {
  kind: 'sqlite' | 'postgres';
  url: string;
}

export function sqliteTarget(mwp: number): BenchTarget {
  fs.mkdirSync(BENCH_DATA_DIR, { recursive: true });
  return { kind: 'sqlite', url: path.join(BENCH_DATA_DIR, `reference-${mwp}mwp.db`) };
}

/** Drops a generated database, e.g. when it no longer matches the migrations. */
export async function dropTarget(target: BenchTarget) {
  if (target.kind === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${target.url}${suffix}`, { force: true });
    return;
  }
  const url = new URL(target.url);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server, or one answers on
 * 127.0.0.1:5432; null otherwise. The reference plant gets its own database on that server.
 */
export async function postgresTarget(mwp: number, log: (msg: string) => void): Promise<BenchTarget | null> {
  const admin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES;
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch (error) {
    log(`PostgreSQL skipped: cannot connect to ${admin.replace(/\/\/[^@]*@/, '//***@')} (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
  // BENCH_DATABASE_NAME gives a private copy (e.g. a helper's own, made with `create database … template …`).
  const name = process.env.BENCH_DATABASE_NAME ?? `heliotrack_bench_${String(mwp).replace(/\W/g, '_')}mwp`;
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { kind: 'postgres', url: url.toString() };
}

/**
 * The reference plant REF-<mwp> of the Demo Solar organisation, generated the way
 * `npm run demo:generate -- --mwp <mwp>` does when it is not there yet. Answers its id.
 */
export async function ensureReferencePlant(db: Db, target: BenchTarget, mwp: number, log: (msg: string) => void) {
  let applied: string[];
  try {
    applied = await migrateToLatest(db);
  } catch (error) {
    throw new StaleBenchDatabase(error instanceof Error ? error.message : String(error));
  }
  if (await seedDemo(db, { largePlantMwp: 0, log })) log('demo organisations seeded');
  const client = await db.selectFrom('clients').select('id').where('name', '=', 'Demo Solar').executeTakeFirstOrThrow();
  const code = `REF-${mwp}`;
  const existing = await db.selectFrom('plants').select('id').where('client_id', '=', client.id).where('code', '=', code).executeTakeFirst();
  if (existing) {
    // Migrations may rewrite every element (0022 writes each one's sync line): the table is then left
    // as a bulk load leaves it, and autovacuum would see to it soon after (see below).
    if (applied.length > 0 && target.kind === 'postgres') await sql`vacuum analyze`.execute(db);
    return existing.id;
  }
  log(`generating the ${mwp} MWp reference plant into ${target.url.replace(/\/\/[^@]*@/, '//***@')} …`);
  const result = await createDemoPlant(db, client.id, {
    mwp,
    code,
    name: `Planta de referencia ${mwp} MWp`,
    center: DEMO_CENTERS.reference,
    log,
  });
  // Autovacuum would gather statistics and, for a table this many rows were inserted into, vacuum it
  // (which sets the visibility map that index-only scans read) within a minute of a bulk load; do it
  // now. Without it the first sync figures measured the heap visits of a table nobody had vacuumed.
  if (target.kind === 'postgres') await sql`vacuum analyze`.execute(db);
  return result.plantId;
}
