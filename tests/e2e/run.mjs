// The end-to-end suite on SQLite and, when E2E_DATABASE_URL names a database (CI sets it), again on
// PostgreSQL: the production path gets the same tests as the one-machine default. The PostgreSQL
// database is dropped and made anew first, so each run starts from the freshly seeded demo.
//
// Two lanes run at once, each with its own server, port and data folder. One Playwright worker
// leaves most of the two cores waiting (a spec's CPU time is about a third of its wall time), and
// the specs share one seeded server, so they cannot run side by side within a lane:
//   lane 1: SQLite, every spec but the @once ones named in SECOND_LANE_ONCE;
//   lane 2: those @once specs on a SQLite server of their own, then the PostgreSQL pass.
// Specs with @once in their describe title do not depend on the database and run once in all.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import pg from 'pg';

/**
 * The @once specs that run in the second lane, chosen to even the lanes' lengths (clean-clone CI,
 * stop 42: SQLite specs without @once about 16 min, the PostgreSQL pass 17 min, the @once specs 15 min,
 * of which accessibility is 6).
 */
const SECOND_LANE_ONCE = ['accessibility', 'native-app', 'native-shell', 'serial-scan-camera'];

const args = process.argv.slice(2);
const { E2E_DATABASE_URL: postgresUrl, ...baseEnv } = process.env;
const secondLaneSpecs = SECOND_LANE_ONCE.map((name) => `${name}.spec.ts`).join(',');

/** One Playwright run, its output lines prefixed with the lane's label; resolves with its exit status. */
function playwright(label, env, extra = []) {
  return new Promise((resolve) => {
    console.log(`[${label}] end-to-end tests`);
    const run = spawn('npx', ['playwright', 'test', '--pass-with-no-tests', ...args, ...extra], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...baseEnv, ...env },
    });
    for (const stream of [run.stdout, run.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
    }
    run.on('close', (code) => {
      console.log(`[${label}] ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
      resolve(code ?? 1);
    });
  });
}

async function freshDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`E2E_DATABASE_URL: unexpected database name "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

const sqlitePort = process.env.E2E_PORT ?? '8181';
const firstLane = playwright('SQLite', { E2E_PORT: sqlitePort, E2E_SKIP_SPECS: secondLaneSpecs });

async function secondLane() {
  const once = await playwright(
    'SQLite, once',
    { E2E_PORT: process.env.E2E_ONCE_PORT ?? String(Number(sqlitePort) + 2), E2E_ONLY_SPECS: secondLaneSpecs },
    ['--grep', '@once'],
  );
  if (!postgresUrl) return once;
  await freshDatabase(postgresUrl);
  const postgres = await playwright(
    'PostgreSQL',
    { E2E_DATABASE_URL: postgresUrl, E2E_PORT: process.env.E2E_PG_PORT ?? String(Number(sqlitePort) + 1) },
    ['--grep-invert', '@once'],
  );
  return once || postgres;
}

const statuses = await Promise.all([firstLane, secondLane()]);
process.exit(statuses.find((status) => status !== 0) ?? 0);
