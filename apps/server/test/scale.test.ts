import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedDemo } from '../src/demo/seed';
import { setPasswordHashCost } from '../src/lib/passwords';
import { ApiInstance, freePort } from './api-instance';
import { createDatabase, DEMO_PASSWORD, USERS } from './helpers';

/*
 * Two API instances on one PostgreSQL and one Redis (issue 21, README "Running at scale"): real
 * processes (src/main.ts), each with a data folder of its own, so that only the database storage,
 * BullMQ and the Redis rate-limit store can make them agree. Needs TEST_DATABASE_URL and
 * TEST_REDIS_URL; skipped without them, except in CI (CI=true), where a missing one fails the run.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const runs = Boolean(pgUrl && redisUrl);
if (!runs && process.env.CI === 'true') throw new Error('CI runs the two-instance suite: set TEST_DATABASE_URL and TEST_REDIS_URL');

const LOGIN_LIMIT = 4;
/** Per account, whatever the address: high enough for the suite's own logins of the administrator. */
const ACCOUNT_LIMIT = 30;

describe.skipIf(!runs)('two API instances on one PostgreSQL and one Redis', () => {
  let dir: string;
  let db: Db;
  let drop = async () => {};
  let a: ApiInstance;
  let b: ApiInstance;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-scale-'));
    const database = await createDatabase('postgres', dir);
    drop = database.drop;
    db = createDb({ url: database.url });
    const env = (name: string) => ({
      DATABASE_URL: database.url,
      DATA_DIR: path.join(dir, name),
      JWT_SECRET: 'scale-test-secret-scale-test-secret-0123456789',
      REDIS_URL: redisUrl!,
      // A prefix of this run's own, so that runs sharing the Redis never take each other's jobs.
      REDIS_PREFIX: `ht-test-${randomBytes(4).toString('hex')}`,
      STORAGE: 'database',
      RATE_LIMIT_LOGIN: String(LOGIN_LIMIT),
      RATE_LIMIT_ACCOUNT: String(ACCOUNT_LIMIT),
      // The test stands in for the load balancer in front of both instances: one trusted hop, so
      // the X-Forwarded-For it writes is the client's address.
      TRUST_PROXY: '1',
      PASSWORD_HASH_COST: '12',
      // A worker renews its claim on a job every half of this while the job runs; a claim left to
      // expire (a dead instance, or an event loop blocked that long) hands the job to the other
      // instance. At 2 s a loaded two-core machine blocked by a PDF render lost claims of healthy
      // instances, and those jobs ran twice (BullMQ is at least once). 10 s: only a frozen
      // instance loses its job, and the dying-instance test still sees it taken over in seconds.
      JOB_LOCK_TIMEOUT: '10s',
      SEED_DEMO: 'true',
      DEMO_LARGE_PLANT_MWP: '0',
      HISTORIC_REPORTS: 'on',
      WEB_DIST: path.join(dir, 'no-web'),
    });
    const shared = env('a');
    a = new ApiInstance('A', await freePort(), shared);
    b = new ApiInstance('B', await freePort(), { ...shared, DATA_DIR: path.join(dir, 'b') });
    // The database is made ready first (the first instance of a deployment would do it); then both
    // instances start at once, so that their first historic rounds race for the same plants.
    await migrateToLatest(db);
    setPasswordHashCost(12);
    await seedDemo(db, { largePlantMwp: 0 });
    await Promise.all([a.start(), b.start()]);
  }, 240_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.destroy();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  async function login(instance: ApiInstance, email: string = USERS.admin) {
    const res = await instance.fetch('/api/token/', {
      method: 'POST',
      // An address of its own per login, so that the tests' logins do not eat the limit tested below.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${randomBytes(1)[0]}.${randomBytes(1)[0]}` },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { access: string; refresh: string };
  }
  const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

  async function demoPlant() {
    return db.selectFrom('plants').select(['id', 'client_id']).where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
  }

  async function waitForReport(instance: ApiInstance, access: string, plantId: number, id: number, timeoutMs = 90_000) {
    for (const started = Date.now(); Date.now() - started < timeoutMs; ) {
      const res = await instance.fetch(`/api/plants/${plantId}/reports/${id}/`, { headers: bearer(access) });
      expect(res.status).toBe(200);
      const report = (await res.json()) as { status: string };
      if (report.status === 'done' || report.status === 'failed') return report;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`report ${id} not finished in ${timeoutMs} ms`);
  }

  const startsOf = (id: number) => [...a.jobsStarted(), ...b.jobsStarted()].filter((started) => started === id).length;

  it('shares sessions: a token from A works on B, and a refresh token used on B is spent on A', async () => {
    const pair = await login(a);
    expect((await b.fetch('/api/plants/', { headers: bearer(pair.access) })).status).toBe(200);
    const refresh = (body: object) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const renewed = await b.fetch('/api/token/refresh/', refresh({ refresh: pair.refresh }));
    expect(renewed.status).toBe(200);
    expect((await a.fetch('/api/token/refresh/', refresh({ refresh: pair.refresh }))).status).toBe(401);
  });

  it('counts login attempts across both instances', async () => {
    const address = `10.2.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const attempt = (instance: ApiInstance) =>
      instance.fetch('/api/token/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email: USERS.admin, password: 'not the password' }),
      });
    const statuses: number[] = [];
    // Alternating A, B, A, B…: each instance alone sees only half of the attempts.
    for (let n = 0; n < LOGIN_LIMIT + 2; n++) statuses.push((await attempt(n % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual([...Array<number>(LOGIN_LIMIT).fill(401), 429, 429]);
  });

  it('counts wrong logins for one account across both instances, whatever the address', async () => {
    const email = `limit-${randomBytes(3).toString('hex')}@heliotrack.demo`;
    const statuses: number[] = [];
    for (let n = 0; n < ACCOUNT_LIMIT + 1; n++) {
      const res = await (n % 2 === 0 ? a : b).fetch('/api/token/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.3.${n}.${randomBytes(1)[0]}` },
        body: JSON.stringify({ email, password: 'not the password' }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(ACCOUNT_LIMIT).fill(401), 429]);
  });

  it('downloads through B a document uploaded through A (database storage, separate data folders)', async () => {
    const { access } = await login(a);
    const plant = await demoPlant();
    // A PDF by its signature (uploads are checked), then 3 MiB of noise: several database chunks.
    const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3 * 1024 * 1024 + 17)]);
    const form = new FormData();
    form.append('plant_id', String(plant.id));
    form.append('document', new Blob([content], { type: 'application/pdf' }), 'acta de recepción.pdf');
    const uploaded = await a.fetch('/api/documents/', { method: 'POST', headers: bearer(access), body: form });
    expect({ status: uploaded.status, body: uploaded.status === 201 ? null : await uploaded.text() }).toEqual({ status: 201, body: null });
    const document = (await uploaded.json()) as { url: string };
    const downloaded = await b.fetch(document.url, { headers: bearer(access) });
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(content)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'a', 'uploads'))).toBe(false);
  });

  it('generates a report created through A once, on whichever instance, and downloads it through B', async () => {
    const { access } = await login(a);
    const plant = await demoPlant();
    const created = await a.fetch(`/api/plants/${plant.id}/reports/`, {
      method: 'POST',
      headers: { ...bearer(access), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(created.status).toBe(202);
    const { id } = (await created.json()) as { id: number };
    expect(await waitForReport(b, access, plant.id, id)).toMatchObject({ status: 'done' });
    expect(startsOf(id)).toBe(1);
    for (const format of ['pdf', 'xlsx']) {
      const [viaA, viaB] = await Promise.all(
        [a, b].map(async (instance) => {
          const res = await instance.fetch(`/api/plants/${plant.id}/reports/${id}/download/?format=${format}`, { headers: bearer(access) });
          expect(res.status).toBe(200);
          return Buffer.from(await res.arrayBuffer());
        }),
      );
      expect(viaA.length).toBeGreaterThan(1000);
      expect(viaB.equals(viaA)).toBe(true);
    }
  }, 120_000);

  it('makes the daily historic snapshot once per plant although both instances schedule it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const plants = await db.selectFrom('plants').select('id').execute();
    const historicOfToday = () =>
      db.selectFrom('reports').select(['id', 'plant_id']).where('kind', '=', 'historic').where('scheduled_day', '=', today).execute();
    const queuedByRounds = () =>
      [a, b].flatMap((instance) => instance.logs.filter((l) => l.msg === 'historic reports queued')).reduce((sum, l) => sum + (l.created as number), 0);
    // An instance answers before its first round has finished: wait for the rounds, not for a time.
    for (const started = Date.now(); Date.now() - started < 60_000; ) {
      if ((await historicOfToday()).length >= plants.length && queuedByRounds() >= plants.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const historic = await historicOfToday();
    expect(historic.map((r) => r.plant_id).sort()).toEqual(plants.map((p) => p.id).sort());
    // Both instances ran a round at once at start: between them they queued one snapshot per plant.
    expect(queuedByRounds()).toBe(plants.length);
    // Historic reports of every organisation's plants: followed in the database, not through one user.
    for (const started = Date.now(); Date.now() - started < 180_000; ) {
      const rows = await db.selectFrom('reports').select('status').where('id', 'in', historic.map((r) => r.id)).execute();
      if (rows.every((r) => r.status === 'done')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const rows = await db.selectFrom('reports').select(['id', 'status']).where('id', 'in', historic.map((r) => r.id)).execute();
    expect(rows.map((r) => r.status)).toEqual(historic.map(() => 'done'));
    for (const report of historic) expect(startsOf(report.id)).toBe(1);
  }, 240_000);

  it('finishes on the other instance a report whose instance dies while generating it', async () => {
    const { access } = await login(b);
    const plant = await demoPlant();
    // The job must be caught running: a report that finished before its instance froze proves
    // nothing, so try again with a new one.
    for (let attempt = 0; attempt < 5; attempt++) {
      const created = await b.fetch(`/api/plants/${plant.id}/reports/`, {
        method: 'POST',
        headers: { ...bearer(access), 'content-type': 'application/json' },
        body: '{}',
      });
      const { id } = (await created.json()) as { id: number };
      let runner: ApiInstance | undefined;
      for (const started = Date.now(); !runner && Date.now() - started < 60_000; ) {
        runner = [a, b].find((instance) => instance.jobsStarted().includes(id));
        if (!runner) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (!runner) throw new Error(`no instance took report ${id}`);
      runner.freeze();
      const row = await db.selectFrom('reports').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      const other = runner === a ? b : a;
      await runner.kill();
      if (row.status === 'done') {
        await runner.start();
        continue;
      }
      const report = await waitForReport(other, access, plant.id, id);
      expect(report).toMatchObject({ status: 'done' });
      expect(other.jobsStarted()).toContain(id);
      const download = await other.fetch(`/api/plants/${plant.id}/reports/${id}/download/?format=pdf`, { headers: bearer(access) });
      expect(download.status).toBe(200);
      // The dead instance comes back, as a restarted machine would, for the other tests.
      await runner.start();
      return;
    }
    throw new Error('every report finished before its instance could be stopped');
  }, 240_000);
});
