/**
 * `npm run bench:scale -w bench [-- --writers 64 --writes 20 --rounds 3]`
 *
 * Several API instances (issue 21, README "Running at scale"): writers recording state changes
 * through one instance (the baseline) and spread over two instances, on one PostgreSQL and one
 * Redis, in the same run, over HTTP (real processes: src/main.ts). Every write carries a client
 * uuid and every fifth is sent a second time through the other instance, as a device retrying
 * after a lost answer. After each round the history is read back: every accepted write is there
 * once (0 lost) and no uuid twice (0 doubled). Prints the median throughput of each set-up and the
 * ratio. Nothing asserts a time: on a machine whose cores are shared, two instances compete for
 * the same CPUs as the database, and the ratio says how much they gain there.
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 * (a database heliotrack_bench_scale_<pid> is made and dropped). Redis: BENCH_REDIS_URL, else
 * TEST_REDIS_URL, else redis://127.0.0.1:6379.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb } from '@heliotrack/server/src/db/database';
import { ApiInstance, freePort } from '@heliotrack/server/test/api-instance';
import { demoServerEnv } from './server-process';
import { median } from './stats';

const { values } = parseArgs({
  options: {
    writers: { type: 'string', default: '64' },
    writes: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
  },
});
const WRITERS = Number(values.writers);
const WRITES = Number(values.writes);
const ROUNDS = Number(values.rounds);
const ADMIN = { email: 'admin@heliotrack.demo', password: 'heliotrack' };

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const name = `heliotrack_bench_scale_${process.pid}`;
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

interface Round {
  setup: string;
  ms: number;
  accepted: number;
  retries: number;
  refused: number;
  lost: number;
  doubled: number;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-bench-scale-'));
  await admin(`create database ${name}`);
  const db = createDb({ url: databaseUrl });
  const env = {
    ...demoServerEnv(dir, databaseUrl, 'bench-scale-secret-bench-scale-secret-012345678'),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `ht-bench-${process.pid}`,
  };
  const a = new ApiInstance('A', await freePort(), env);
  const b = new ApiInstance('B', await freePort(), { ...env, DATA_DIR: path.join(dir, 'b') });
  try {
    await a.start();
    await b.start();
    const plant = await db.selectFrom('plants').select(['id', 'client_id']).where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    const moduleType = await db.selectFrom('element_types').select('id').where('client_id', '=', plant.client_id).where('code', '=', 'MOD').executeTakeFirstOrThrow();
    // States any module may take at any time (no prerequisite state, not restricted to some roles).
    const states = await db.selectFrom('states').select(['id', 'code']).where('element_type_id', '=', moduleType.id).where('depends_on', 'is', null).where('is_active', '=', 1).where('restringed', '=', 0).orderBy('id').execute();
    const modules = await db.selectFrom('elements').select('id').where('plant_id', '=', plant.id).where('type_id', '=', moduleType.id).orderBy('id').limit(WRITERS * WRITES).execute();
    const login = await (await a.fetch('/api/token/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json() as { access: string };
    const headers = { authorization: `Bearer ${login.access}`, 'content-type': 'application/json' };

    const round = async (setup: string, instances: ApiInstance[], n: number): Promise<Round> => {
      const prefix = `bench-${setup}-${n}-${randomUUID()}`;
      const accepted = new Set<string>();
      let retries = 0;
      let refused = 0;
      const send = async (instance: ApiInstance, element: number, uuid: string, state: number) => {
        const res = await instance.fetch(`/api/plants/${plant.id}/modules/${element}/state-change/`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ state, element_type: moduleType.id, client_uuid: uuid }),
        });
        const body = await res.text();
        if (res.status !== 200 && !refusals.has(res.status)) refusals.set(res.status, body.slice(0, 300));
        return res.status;
      };
      const started = performance.now();
      await Promise.all(
        Array.from({ length: WRITERS }, async (_, writer) => {
          const instance = instances[writer % instances.length];
          const other = instances[(writer + 1) % instances.length];
          for (let k = 0; k < WRITES; k++) {
            const element = modules[(writer * WRITES + k) % modules.length].id;
            const uuid = `${prefix}-${writer}-${k}`;
            // A different state each round, so that every change is a change.
            const state = states[(n + k) % states.length].id;
            const status = await send(instance, element, uuid, state);
            if (status === 200) accepted.add(uuid);
            else refused++;
            if (k % 5 === 0) {
              // The answer was lost on the way: the device sends the same change again, elsewhere.
              retries++;
              if ((await send(other, element, uuid, state)) === 200) accepted.add(uuid);
            }
          }
        }),
      );
      const ms = performance.now() - started;
      const rows = await db.selectFrom('state_changes').select('client_uuid').where('client_uuid', 'like', `${prefix}-%`).execute();
      const stored = new Set(rows.map((r) => r.client_uuid!));
      return {
        setup,
        ms,
        accepted: accepted.size,
        retries,
        refused,
        lost: [...accepted].filter((uuid) => !stored.has(uuid)).length,
        doubled: rows.length - stored.size + [...stored].filter((uuid) => !accepted.has(uuid)).length,
      };
    };

    const refusals = new Map<number, string>();
    const rounds: Round[] = [];
    // Alternated, so that a slow moment of the machine falls on both set-ups alike.
    for (let n = 0; n < ROUNDS; n++) {
      rounds.push(await round('one instance', [a], 2 * n));
      rounds.push(await round('two instances', [a, b], 2 * n + 1));
    }
    const summary = (setup: string) => {
      const mine = rounds.filter((r) => r.setup === setup);
      const perSecond = mine.map((r) => (r.accepted / r.ms) * 1000);
      return {
        setup,
        median: median(perSecond),
        accepted: mine.reduce((s, r) => s + r.accepted, 0),
        retries: mine.reduce((s, r) => s + r.retries, 0),
        refused: mine.reduce((s, r) => s + r.refused, 0),
        lost: mine.reduce((s, r) => s + r.lost, 0),
        doubled: mine.reduce((s, r) => s + r.doubled, 0),
      };
    };
    const one = summary('one instance');
    const two = summary('two instances');
    console.log(`\n${WRITERS} concurrent writers × ${WRITES} state changes (+1 retry in 5), ${ROUNDS} rounds each, PostgreSQL + Redis, over HTTP`);
    console.log('set-up          | median writes/s | accepted | retries | refused | lost | doubled');
    for (const s of [one, two])
      console.log(`${s.setup.padEnd(15)} | ${s.median.toFixed(0).padStart(15)} | ${String(s.accepted).padStart(8)} | ${String(s.retries).padStart(7)} | ${String(s.refused).padStart(7)} | ${String(s.lost).padStart(4)} | ${String(s.doubled).padStart(7)}`);
    console.log(`two instances / one instance (median throughput): ${(two.median / one.median).toFixed(2)}×`);
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores (the instances, PostgreSQL and Redis share them)`);
    for (const [status, body] of refusals) console.log(`refused with ${status}, e.g. ${body}`);
    if (one.lost + two.lost + one.doubled + two.doubled > 0) process.exitCode = 1;
  } finally {
    await a.stop();
    await b.stop();
    await db.destroy();
    await admin(`drop database if exists ${name} with (force)`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
