/**
 * `npm run bench:writers -w bench [-- --writers 32 --writes 20 --rounds 3]`
 *
 * Issue 32, "writers of one plant do not queue behind one row": concurrent writers of one plant on
 * PostgreSQL, over HTTP against one real API process (src/main.ts), beside a raw-driver baseline
 * doing the same transactional work in the same run (pg, a pool of 10 connections as the API's,
 * the same concurrency): lock the elements in id order, insert the history record and its rows,
 * bump the plant's version, stamp the elements, commit.
 *
 * Two loads, each alternated with its baseline for `--rounds` rounds:
 * - `single+massive`: every writer records `--writes` changes of its own modules, every tenth a
 *   massive change of 300 modules (shared by all writers: they overlap);
 * - `resend ×3`: the same, each change sent three times at once with one client uuid (a retrying
 *   outbox); a change counts once.
 * Prints changes/s (median of the rounds), the p50/p95 latency of a change (every request of every
 * round), and the ratio to the baseline. Nothing asserts a time.
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
 * a database BENCH_DATABASE_NAME (default heliotrack_bench_writers_<pid>) is made, seeded with the
 * demo (plant CAR-01) and dropped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb } from '@heliotrack/server/src/db/database';
import { login, type ServerProcess, startServer } from './server-process';
import { median, percentile } from './stats';

const { values } = parseArgs({
  options: {
    writers: { type: 'string', default: '32' },
    writes: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
  },
});
const WRITERS = Number(values.writers);
const WRITES = Number(values.writes);
const ROUNDS = Number(values.rounds);
const MASSIVE = 300;
const ADMIN = { email: 'admin@heliotrack.demo', password: 'heliotrack' };

const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const name = process.env.BENCH_DATABASE_NAME ?? `heliotrack_bench_writers_${process.pid}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
})();

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** One change a writer records: its elements (one, or the massive slice) and state. */
interface Change {
  elements: number[];
  state: number;
}

interface Round {
  setup: string;
  ms: number;
  changes: number;
  latencies: number[];
  failed: number;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-bench-writers-'));
  await admin(`create database ${name}`);
  const db = createDb({ url: databaseUrl });
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dir, 'a'),
    JWT_SECRET: 'bench-writers-secret-bench-writers-secret-01234',
    STORAGE: 'database',
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_ACCOUNT: '100000',
    SEED_DEMO: 'true',
    DEMO_LARGE_PLANT_MWP: '0',
    HISTORIC_REPORTS: 'off',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dir, 'no-web'),
  };
  let server: ServerProcess | undefined;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  try {
    server = await startServer(env, console.log);
    const { origin } = server;
    const plant = await db
      .selectFrom('plants')
      .select(['id', 'client_id'])
      .where('code', '=', 'CAR-01')
      .executeTakeFirstOrThrow();
    const moduleType = await db
      .selectFrom('element_types')
      .select('id')
      .where('client_id', '=', plant.client_id)
      .where('code', '=', 'MOD')
      .executeTakeFirstOrThrow();
    const states = await db
      .selectFrom('states')
      .select('id')
      .where('element_type_id', '=', moduleType.id)
      .where('depends_on', 'is', null)
      .where('is_active', '=', 1)
      .where('restringed', '=', 0)
      .orderBy('id')
      .execute();
    const adminUser = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const modules = (
      await db
        .selectFrom('elements')
        .select('id')
        .where('plant_id', '=', plant.id)
        .where('type_id', '=', moduleType.id)
        .orderBy('id')
        .execute()
    ).map((m) => m.id);
    if (modules.length < MASSIVE + WRITERS * WRITES)
      throw new Error(`CAR-01 has ${modules.length} modules, fewer than ${MASSIVE + WRITERS * WRITES}`);
    const massive = modules.slice(0, MASSIVE);
    const own = (writer: number, k: number) => modules[MASSIVE + writer * WRITES + k];
    const headers = { ...(await login(origin, ADMIN)), 'content-type': 'application/json' };
    const failures = new Map<string, string>();

    const changeOf = (writer: number, k: number, n: number): Change => ({
      elements: k % 10 === 9 ? massive : [own(writer, k)],
      // A different state each round and write, so that every change is a change.
      state: states[(n + k + writer) % states.length].id,
    });

    const overHttp = async (change: Change, uuid: string) => {
      const url =
        change.elements.length === 1
          ? `/api/plants/${plant.id}/modules/${change.elements[0]}/state-change/`
          : `/api/plants/${plant.id}/modules/massive-state-change/`;
      const res = await fetch(`${origin}${url}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          state: change.state,
          element_type: moduleType.id,
          element_ids: change.elements,
          client_uuid: uuid,
        }),
      });
      const body = await res.text();
      if (res.status !== 200) failures.set(`${res.status}`, body.slice(0, 300));
      return res.status === 200;
    };

    /** The same transactional work with the bare driver (the shape the API's writes now have). */
    const raw = async (change: Change, uuid: string) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const ids = [...change.elements].sort((a, b) => a - b);
        await client.query(
          'select id, state_id, state_change_id from elements where id = any($1) order by id for update',
          [ids],
        );
        const now = new Date().toISOString();
        const { rows } = await client.query(
          `insert into state_changes (client_id, plant_id, client_uuid, element_type_id, state_id, user_id, observations, element_count, created_at, observed_at, elements_version)
           values ($1, $2, $3, $4, $5, $6, '', $7, $8, $8, 0) returning id`,
          [plant.client_id, plant.id, uuid, moduleType.id, change.state, adminUser.id, ids.length, now],
        );
        const id = rows[0].id as number;
        await client.query(
          'insert into state_change_elements (state_change_id, element_id, previous_state_id, late, conflict) select $1, id, state_id, 0, 0 from elements where id = any($2)',
          [id, ids],
        );
        const version = (
          await client.query(
            'update plants set elements_version = elements_version + 1 where id = $1 returning elements_version',
            [plant.id],
          )
        ).rows[0].elements_version;
        await client.query(
          'update elements set state_id = $1, state_change_id = $2, updated_at = $3, row_version = $4 where id = any($5)',
          [change.state, id, now, version, ids],
        );
        await client.query('update state_changes set elements_version = $1 where id = $2', [version, id]);
        await client.query('commit');
        return true;
      } catch (error) {
        await client.query('rollback');
        failures.set('raw', String(error).slice(0, 300));
        return false;
      } finally {
        client.release();
      }
    };

    const round = async (
      setup: string,
      send: (change: Change, uuid: string) => Promise<boolean>,
      copies: number,
      n: number,
    ): Promise<Round> => {
      const prefix = `bench-${n}-${randomUUID()}`;
      const latencies: number[] = [];
      let changes = 0;
      let failed = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: WRITERS }, async (_, writer) => {
          for (let k = 0; k < WRITES; k++) {
            const change = changeOf(writer, k, n);
            const uuid = `${prefix}-${writer}-${k}`;
            const t0 = performance.now();
            const ok = await Promise.all(Array.from({ length: copies }, () => send(change, uuid)));
            latencies.push(performance.now() - t0);
            if (ok.some(Boolean)) changes++;
            else failed++;
          }
        }),
      );
      return { setup, ms: performance.now() - started, changes, latencies, failed };
    };

    const rounds: Round[] = [];
    let n = 0;
    for (let r = 0; r < ROUNDS; r++) {
      rounds.push(await round('API single+massive', overHttp, 1, n++));
      rounds.push(await round('raw single+massive', raw, 1, n++));
      rounds.push(await round('API resend ×3', overHttp, 3, n++));
      // The raw driver has no idempotency of its own: its baseline of the resend load is the plain load.
    }
    const summary = (setup: string) => {
      const mine = rounds.filter((x) => x.setup === setup);
      const latencies = mine.flatMap((x) => x.latencies).sort((a, b) => a - b);
      return {
        setup,
        perSecond: median(mine.map((x) => (x.changes / x.ms) * 1000)),
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        failed: mine.reduce((s, x) => s + x.failed, 0),
      };
    };
    const rawPlain = summary('raw single+massive');
    console.log(
      `\n${WRITERS} concurrent writers × ${WRITES} changes (every tenth a massive change of ${MASSIVE} modules), one plant, PostgreSQL, ${ROUNDS} rounds each`,
    );
    console.log('load                | changes/s | p50 ms | p95 ms | failed | × raw');
    for (const s of [summary('API single+massive'), rawPlain, summary('API resend ×3')]) {
      console.log(
        `${s.setup.padEnd(19)} | ${s.perSecond.toFixed(0).padStart(9)} | ${s.p50.toFixed(1).padStart(6)} | ${s.p95.toFixed(1).padStart(6)} | ${String(s.failed).padStart(6)} | ${(s.perSecond / rawPlain.perSecond).toFixed(2)}`,
      );
    }
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${os.cpus().length} cores`,
    );
    for (const [status, body] of failures) console.log(`failed with ${status}, e.g. ${body}`);
  } finally {
    await pool.end();
    await server?.stop();
    await db.destroy();
    await admin(`drop database if exists ${name} with (force)`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
