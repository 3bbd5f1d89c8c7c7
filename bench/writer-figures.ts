/**
 * Issue 32, "writers of one plant do not queue behind one row": concurrent writers of one plant,
 * over HTTP against one real API process (src/main.ts), beside a raw-driver baseline doing the same
 * transactional work in the same run, on SQLite (better-sqlite3) and PostgreSQL (pg, a pool of 10
 * connections as the API's). Used by `npm run bench -- --only writers` and `npm run bench:writers`.
 *
 * Each database gets a database of its own, made for the run and dropped after it, seeded with the
 * demo by the server (plant CAR-01). Loads, alternated for `rounds` rounds:
 * - `API single+massive`: every writer records `writes` changes of its own modules, every tenth a
 *   massive change of 300 modules (shared by all writers: they overlap);
 * - `raw single+massive`: the same changes by the bare driver: the client uuid looked up (PostgreSQL:
 *   under an advisory lock of the uuid, as the API's), the elements locked (PostgreSQL: FOR UPDATE
 *   in id order; SQLite: BEGIN IMMEDIATE), the history record and its rows, the plant's version, the
 *   elements stamped, commit. On SQLite both connections leave the WAL's checkpoints to the API
 *   process's checkpointer thread (db/sqlite-checkpointer.ts), which runs all along;
 * - `API resend ×3`: the API load with each change sent three times at once with one client uuid (a
 *   retrying outbox); a change counts once;
 * - `raw resend ×3`: the same copies by the bare driver, each in a transaction of its own: the
 *   first records the change, the others find its uuid and write nothing. The API's resend row is
 *   set against it (until 2026-11-30 against `raw single+massive`, whose uuid check did not exist:
 *   that ratio is still printed).
 * Answers changes/s (median of the rounds), p50/p95 of a change (every change of every round, from
 * the first request sent to the last answer) and the ratio to the raw driver. Nothing asserts a time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createDb } from '@heliotrack/server/src/db/database';
import { BACKSTOP_AUTOCHECKPOINT } from '@heliotrack/server/src/db/sqlite-checkpointer';
import { jsonPoster } from './http-post';
import { demoServerEnv, login, type ServerProcess, startServer } from './server-process';
import { type Figure, median, percentile } from './stats';

const MASSIVE = 300;
const ADMIN = { email: 'admin@heliotrack.demo', password: 'heliotrack' };

export interface WriterOptions {
  kind: 'sqlite' | 'postgres';
  writers: number;
  writes: number;
  rounds: number;
  log: (msg: string) => void;
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
  /** CPU the API process and this one (the writers, or the raw driver) spent in the round. */
  serverCpuMs: number;
  benchCpuMs: number;
}

export interface WriterSummary {
  setup: string;
  perSecond: number;
  p50: number;
  p95: number;
  failed: number;
  latencies: number[];
  /** CPU per counted change, over every round: the API process's, and the bench process's. */
  serverCpuPerChange: number;
  benchCpuPerChange: number;
}

/** Where the PostgreSQL server is: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local one. */
function postgresAdminUrl() {
  return process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

async function postgresAdmin(sql: string) {
  const client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Whether a PostgreSQL server answers (the writers figure on PostgreSQL is skipped otherwise). */
export async function postgresAnswers() {
  const client = new pg.Client({ connectionString: postgresAdminUrl(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The same transactional work as a state change, by the bare driver of the database. */
interface RawWriter {
  write(change: Change, uuid: string): Promise<boolean>;
  close(): Promise<void>;
}

interface Ids {
  plantId: number;
  clientId: number;
  typeId: number;
  userId: number;
}

function rawPostgres(url: string, ids: Ids, failures: Map<string, string>): RawWriter {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    async write(change, uuid) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        // The client uuid, as the API: its copies wait for each other, the later ones find the first.
        await client.query('select pg_advisory_xact_lock(hashtext($1))', [uuid]);
        const earlier = await client.query('select id from state_changes where client_id = $1 and client_uuid = $2', [ids.clientId, uuid]);
        if (earlier.rows.length) {
          await client.query('commit');
          return true;
        }
        const elements = [...change.elements].sort((a, b) => a - b);
        await client.query('select id, state_id, state_change_id from elements where id = any($1) order by id for update', [elements]);
        const now = new Date().toISOString();
        const { rows } = await client.query(
          `insert into state_changes (client_id, plant_id, client_uuid, element_type_id, state_id, user_id, observations, element_count, created_at, observed_at, elements_version)
           values ($1, $2, $3, $4, $5, $6, '', $7, $8, $8, 0) returning id`,
          [ids.clientId, ids.plantId, uuid, ids.typeId, change.state, ids.userId, elements.length, now],
        );
        const id = rows[0].id as number;
        await client.query(
          'insert into state_change_elements (state_change_id, element_id, previous_state_id, late, conflict) select $1, id, state_id, 0, 0 from elements where id = any($2)',
          [id, elements],
        );
        const version = (await client.query('update plants set elements_version = elements_version + 1 where id = $1 returning elements_version', [ids.plantId]))
          .rows[0].elements_version;
        await client.query('update elements set state_id = $1, state_change_id = $2, updated_at = $3, row_version = $4 where id = any($5)', [
          change.state,
          id,
          now,
          version,
          elements,
        ]);
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
    },
    close: () => pool.end(),
  };
}

function rawSqlite(file: string, ids: Ids, failures: Map<string, string>): RawWriter {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  // As the API's connection: checkpoints are the API process's worker's (it runs through every
  // round), so neither side copies the WAL into the database file inside its commits.
  db.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT}`);
  const earlier = db.prepare('select id from state_changes where client_id = ? and client_uuid = ?');
  const lock = db.prepare('select id, state_id, state_change_id from elements where id in (select value from json_each(?)) order by id');
  const record = db.prepare(
    `insert into state_changes (client_id, plant_id, client_uuid, element_type_id, state_id, user_id, observations, element_count, created_at, observed_at, elements_version)
     values (?, ?, ?, ?, ?, ?, '', ?, ?, ?, 0) returning id`,
  );
  const rows = db.prepare(
    'insert into state_change_elements (state_change_id, element_id, previous_state_id, late, conflict) select ?, id, state_id, 0, 0 from elements where id in (select value from json_each(?))',
  );
  const bump = db.prepare('update plants set elements_version = elements_version + 1 where id = ? returning elements_version');
  const stamp = db.prepare('update elements set state_id = ?, state_change_id = ?, updated_at = ?, row_version = ? where id in (select value from json_each(?))');
  const versioned = db.prepare('update state_changes set elements_version = ? where id = ?');
  // BEGIN IMMEDIATE: the writing transaction the API's driver runs.
  const work = db.transaction((change: Change, uuid: string) => {
      // The client uuid, as the API: a copy of a recorded change finds it and writes nothing.
      if (earlier.get(ids.clientId, uuid)) return;
      const elements = JSON.stringify([...change.elements].sort((a, b) => a - b));
      lock.all(elements);
      const now = new Date().toISOString();
      const { id } = record.get(ids.clientId, ids.plantId, uuid, ids.typeId, change.state, ids.userId, change.elements.length, now, now) as { id: number };
      rows.run(id, elements);
      const { elements_version: version } = bump.get(ids.plantId) as { elements_version: number };
      stamp.run(change.state, id, now, version, elements);
      versioned.run(version, id);
  });
  return {
    async write(change, uuid) {
      try {
        work.immediate(change, uuid);
        return true;
      } catch (error) {
        failures.set('raw', String(error).slice(0, 300));
        return false;
      }
    },
    close: async () => void db.close(),
  };
}

export async function writerFigures(opts: WriterOptions): Promise<{ figures: Figure[]; summaries: WriterSummary[] }> {
  const { kind, writers: WRITERS, writes: WRITES, rounds: ROUNDS, log } = opts;
  const label = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-bench-writers-'));
  const name = process.env.BENCH_WRITERS_DATABASE_NAME ?? `heliotrack_bench_writers_${process.pid}`;
  let databaseUrl: string;
  if (kind === 'postgres') {
    const url = new URL(postgresAdminUrl());
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    await postgresAdmin(`drop database if exists ${name} with (force)`);
    await postgresAdmin(`create database ${name}`);
  } else {
    databaseUrl = path.join(dir, 'writers.db');
  }
  const env = demoServerEnv(dir, databaseUrl, 'bench-writers-secret-bench-writers-secret-01234');
  let server: ServerProcess | undefined;
  let raw: RawWriter | undefined;
  let client: ReturnType<typeof jsonPoster> | undefined;
  let db: ReturnType<typeof createDb> | undefined;
  try {
    // The server migrates and seeds the demo before it listens.
    server = await startServer(env, log);
    const apiProcess = server;
    db = createDb({ url: databaseUrl });
    const { origin } = server;
    const plant = await db.selectFrom('plants').select(['id', 'client_id']).where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
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
    const adminUser = await db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
    const modules = (
      await db.selectFrom('elements').select('id').where('plant_id', '=', plant.id).where('type_id', '=', moduleType.id).orderBy('id').execute()
    ).map((m) => m.id);
    if (modules.length < MASSIVE + WRITERS * WRITES) throw new Error(`CAR-01 has ${modules.length} modules, fewer than ${MASSIVE + WRITERS * WRITES}`);
    const massive = modules.slice(0, MASSIVE);
    const own = (writer: number, k: number) => modules[MASSIVE + writer * WRITES + k];
    const http = jsonPoster(origin, await login(origin, ADMIN));
    client = http;
    const failures = new Map<string, string>();
    const ids: Ids = { plantId: plant.id, clientId: plant.client_id, typeId: moduleType.id, userId: adminUser.id };
    raw = kind === 'postgres' ? rawPostgres(databaseUrl, ids, failures) : rawSqlite(databaseUrl, ids, failures);
    const rawWriter = raw;

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
      const res = await http.post(url, { state: change.state, element_type: moduleType.id, element_ids: change.elements, client_uuid: uuid });
      if (res.status !== 200) failures.set(`${res.status}`, res.body.slice(0, 300));
      return res.status === 200;
    };

    const round = async (setup: string, send: (change: Change, uuid: string) => Promise<boolean>, copies: number, n: number): Promise<Round> => {
      const prefix = `bench-${n}-${randomUUID()}`;
      const latencies: number[] = [];
      let changes = 0;
      let failed = 0;
      const serverCpu = apiProcess.cpuMs();
      const benchCpu = process.cpuUsage();
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
      const ms = performance.now() - started;
      const { user, system } = process.cpuUsage(benchCpu);
      return { setup, ms, changes, latencies, failed, serverCpuMs: apiProcess.cpuMs() - serverCpu, benchCpuMs: (user + system) / 1000 };
    };

    const rounds: Round[] = [];
    let n = 0;
    for (let r = 0; r < ROUNDS; r++) {
      rounds.push(await round('API single+massive', overHttp, 1, n++));
      rounds.push(await round('raw single+massive', (change, uuid) => rawWriter.write(change, uuid), 1, n++));
      rounds.push(await round('API resend ×3', overHttp, 3, n++));
      rounds.push(await round('raw resend ×3', (change, uuid) => rawWriter.write(change, uuid), 3, n++));
    }
    const summary = (setup: string): WriterSummary => {
      const mine = rounds.filter((x) => x.setup === setup);
      const latencies = mine.flatMap((x) => x.latencies);
      const changes = mine.reduce((s, x) => s + x.changes, 0);
      return {
        setup,
        perSecond: median(mine.map((x) => (x.changes / x.ms) * 1000)),
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        failed: mine.reduce((s, x) => s + x.failed, 0),
        latencies,
        serverCpuPerChange: mine.reduce((s, x) => s + x.serverCpuMs, 0) / changes,
        benchCpuPerChange: mine.reduce((s, x) => s + x.benchCpuMs, 0) / changes,
      };
    };
    const api = summary('API single+massive');
    const rawPlain = summary('raw single+massive');
    const resend = summary('API resend ×3');
    const rawResend = summary('raw resend ×3');
    const summaries = [api, rawPlain, resend, rawResend];
    // Each API load against the raw driver doing the same: the plain load, or the same copies.
    const rawOf = (s: WriterSummary) => (s === resend || s === rawResend ? rawResend : rawPlain);
    log(`\n${label}: ${WRITERS} concurrent writers × ${WRITES} changes (every tenth a massive change of ${MASSIVE} modules), one plant, ${ROUNDS} rounds each`);
    // CPU per change: where a load's time goes on this machine (the writers' HTTP client and the
    // API share its cores; the raw driver runs in the bench process, the API process then idles).
    log('load                | changes/s | p50 ms | p95 ms | failed | changes/s × raw | API CPU ms/change | bench CPU ms/change');
    for (const s of summaries) {
      log(
        `${s.setup.padEnd(19)} | ${s.perSecond.toFixed(0).padStart(9)} | ${s.p50.toFixed(1).padStart(6)} | ${s.p95.toFixed(1).padStart(6)} | ${String(s.failed).padStart(6)} | ${(s.perSecond / rawOf(s).perSecond).toFixed(2).padStart(15)} | ${s.serverCpuPerChange.toFixed(2).padStart(17)} | ${s.benchCpuPerChange.toFixed(2).padStart(19)}`,
      );
    }
    // What the copies cost each side, and the resend load against the plain raw load (the row's
    // baseline until 2026-11-30, before the raw driver checked client uuids).
    log(`resend ×3 against the API's own single sends: ${(resend.perSecond / api.perSecond).toFixed(2)}×; the raw driver's: ${(rawResend.perSecond / rawPlain.perSecond).toFixed(2)}×`);
    log(`API resend ×3 against raw single+massive: ${(resend.perSecond / rawPlain.perSecond).toFixed(2)}×`);
    log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
    for (const [status, body] of failures) log(`${label} writers: failed with ${status}, e.g. ${body}`);
    const ratio = (s: WriterSummary) => `${s.perSecond.toFixed(0)} changes/s against the raw driver's ${rawOf(s).perSecond.toFixed(0)} (${(s.perSecond / rawOf(s).perSecond).toFixed(2)}×)`;
    const rawWhat =
      kind === 'postgres'
        ? 'pg, a pool of 10, the client uuid locked and looked up, FOR UPDATE of the elements in id order, history record and rows, plant version bump, elements stamped, commit'
        : 'better-sqlite3 in the bench process, BEGIN IMMEDIATE, the client uuid looked up, history record and rows, plant version bump, elements stamped, commit; on both sides the WAL is checkpointed by the API process\'s checkpointer thread';
    const figures: Figure[] = [
      {
        database: label,
        name: `${WRITERS} writers, one plant, single+massive: a change`,
        api: api.latencies,
        raw: rawPlain.latencies,
        note: `${ratio(api)}${api.failed ? `, ${api.failed} failed` : ''}; every tenth change a massive change of ${MASSIVE} modules shared by all writers, over HTTP; raw = the same changes at the same concurrency by the bare driver (${rawWhat})`,
      },
      {
        database: label,
        name: `${WRITERS} writers, one plant, each change sent 3× with one uuid`,
        api: resend.latencies,
        raw: rawResend.latencies,
        note: `${ratio(resend)}${resend.failed ? `, ${resend.failed} failed` : ''} (${(resend.perSecond / rawPlain.perSecond).toFixed(2)}× the raw single+massive load), ${(resend.perSecond / api.perSecond).toFixed(2)}× the API's own single sends; the API load with every change sent three times at once with one client uuid (counted once, latency until the last of the three answers); raw = the same copies by the bare driver, each in its transaction: the first records, the others find its uuid`,
      },
    ];
    return { figures, summaries };
  } finally {
    client?.close();
    await raw?.close();
    await server?.stop();
    await db?.destroy();
    if (kind === 'postgres') await postgresAdmin(`drop database if exists ${name} with (force)`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
