// The end-to-end suite on SQLite, then again on PostgreSQL when E2E_DATABASE_URL names a database
// (CI sets it): the production path gets the same tests as the one-machine default. The PostgreSQL
// database is dropped and made anew first, so each run starts from the freshly seeded demo.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const args = process.argv.slice(2);
const { E2E_DATABASE_URL: postgresUrl, ...baseEnv } = process.env;

function playwright(label, env, extra = []) {
  console.log(`\nEnd-to-end tests on ${label}`);
  const run = spawnSync('npx', ['playwright', 'test', ...args, ...extra], { stdio: 'inherit', env: { ...baseEnv, ...env } });
  return run.status ?? 1;
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

let status = playwright('SQLite', {});
if (postgresUrl) {
  await freshDatabase(postgresUrl);
  // Tests tagged @once in their describe or test title run in the SQLite pass only, to keep the CI
  // time of the second pass down: those whose subject is the browser or the device (accessibility,
  // layouts, language, the service worker shell, the device's own database, tiles, orthophotos and
  // shared-device wipe, the volume scenarios of a day offline), whose server calls are the same
  // endpoints that the PostgreSQL pass's other specs and the Vitest suite on PostgreSQL cover.
  status =
    playwright('PostgreSQL', { E2E_DATABASE_URL: postgresUrl, E2E_PORT: process.env.E2E_PG_PORT ?? '8182' }, [
      '--grep-invert',
      '@once',
    ]) || status;
}
process.exit(status);
