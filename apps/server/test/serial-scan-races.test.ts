import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_UUID_WRITES, SERIAL_WRITES, serialLockKey } from '../src/lib/plant-writes.repository';
import { createTestContext, databases, describeEachDatabase, type TestContext, USERS } from './helpers';
import { createPlant, SERIAL } from './serial-plant-fixture';

/*
 * Issue 32: serial scans are element writers (lib/plant-writes.repository.ts). They run beside the
 * plant's state changes and beside scans of other serials, and a lock per serial keeps the
 * "duplicated" flag exact when two scans touch one serial at once. On PostgreSQL the requests of
 * the first suite really overlap (the app's pool), and the second suite stages the interleavings
 * with locks held by connections of the test; SQLite runs one writer at a time, with the same outcome.
 */

function scanner(get: () => TestContext) {
  let plants = 0;
  return {
    newPlant: (modules = 6) => createPlant(get(), `SRACE-${String(++plants).padStart(2, '0')}`, { modules }),
    scan: (plantId: number, serials: { element_id: number; serial: string }[], uuid = randomUUID()) =>
      get().call('POST', `/api/plants/${plantId}/serial-scan/`, {
        as: USERS.technician,
        payload: { client_uuid: uuid, serials },
      }),
    stored: (plantId: number) =>
      get()
        .db.selectFrom('elements')
        .select(['id', 'serial', 'is_serial_duplicated', 'row_version'])
        .where('plant_id', '=', plantId)
        .orderBy('id')
        .execute(),
    /** Every element of the plant is flagged duplicated exactly when another one holds its serial. */
    async expectExactFlags(plantId: number) {
      const rows = await this.stored(plantId);
      const count = (serial: string) => rows.filter((r) => r.serial === serial).length;
      expect(
        rows.map((r) => ({ id: r.id, serial: r.serial, duplicated: r.is_serial_duplicated })),
      ).toEqual(rows.map((r) => ({ id: r.id, serial: r.serial, duplicated: r.serial !== '' && count(r.serial) > 1 ? 1 : 0 })));
    },
    async version(plantId: number) {
      const row = await get()
        .db.selectFrom('plants')
        .select('elements_version')
        .where('id', '=', plantId)
        .executeTakeFirstOrThrow();
      return Number(row.elements_version);
    },
  };
}

describeEachDatabase('serial scans at once', (get) => {
  const h = scanner(get);

  it('flags both elements when two scans give one serial to two elements at once', async () => {
    const plant = await h.newPlant(20);
    for (let round = 0; round < 10; round++) {
      const [a, b] = plant.modules.slice(2 * round);
      const answers = await Promise.all([
        h.scan(plant.id, [{ element_id: a, serial: SERIAL(round) }]),
        h.scan(plant.id, [{ element_id: b, serial: SERIAL(round) }]),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const rows = await h.stored(plant.id);
      expect(rows.filter((r) => r.id === a || r.id === b).map((r) => r.is_serial_duplicated)).toEqual([1, 1]);
    }
    await h.expectExactFlags(plant.id);
  });

  it('keeps the flags exact when a scan moves a serial away while another gives it to a new holder', async () => {
    const plant = await h.newPlant(30);
    for (let round = 0; round < 10; round++) {
      // a and c hold the serial (both flagged); a moves away while b takes it: c stays flagged with b.
      // In odd rounds c moves away too, and b ends alone with it.
      const [a, b, c] = plant.modules.slice(3 * round);
      const serial = SERIAL(100 + round);
      await h.scan(plant.id, [
        { element_id: a, serial },
        { element_id: c, serial },
      ]);
      const answers = await Promise.all([
        h.scan(plant.id, [
          { element_id: a, serial: SERIAL(200 + round) },
          ...(round % 2 ? [{ element_id: c, serial: '' }] : []),
        ]),
        h.scan(plant.id, [{ element_id: b, serial }]),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      await h.expectExactFlags(plant.id);
    }
  });

  it('writes once and answers alike when the same scan arrives three times at once with one client uuid', async () => {
    const plant = await h.newPlant(4);
    const uuid = randomUUID();
    const start = await h.version(plant.id);
    const items = plant.modules.map((id, i) => ({ element_id: id, serial: SERIAL(300 + (i % 2)) }));
    const answers = await Promise.all([0, 1, 2].map(() => h.scan(plant.id, items, uuid)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers[1].body).toEqual(answers[0].body);
    expect(answers[2].body).toEqual(answers[0].body);
    expect(answers[0].body.elements_version).toBe(start + 1);
    expect(await h.version(plant.id)).toBe(start + 1);
    const rows = await h.stored(plant.id);
    expect(rows.map((r) => Number(r.row_version))).toEqual(Array(4).fill(start + 1));
    const writes = await get()
      .db.selectFrom('serial_scan_writes')
      .select('plant_id')
      .where('client_uuid', '=', uuid)
      .execute();
    expect(writes).toEqual([{ plant_id: plant.id }]);
    await h.expectExactFlags(plant.id);
  });
});

/*
 * The interleavings that matter, staged: a connection of the test holds a lock the app's writer
 * needs (the plant row, a serial's lock, an element row) while another request runs.
 */
describe.skipIf(!databases.includes('postgres'))('serial scans interleaved [postgres]', () => {
  let ctx: TestContext;
  let close: () => Promise<void>;
  const h = scanner(() => ctx);
  let blocker: pg.Client;
  let mover: pg.Client;
  let observer: pg.Client;

  beforeAll(async () => {
    ({ ctx, close } = await createTestContext('postgres'));
    [blocker, mover, observer] = [0, 1, 2].map(() => new pg.Client({ connectionString: ctx.config.databaseUrl }));
    for (const client of [blocker, mover, observer]) await client.connect();
  });
  afterAll(async () => {
    for (const client of [blocker, mover, observer]) await client?.end();
    await close?.();
  });

  /** Waits until `count` sessions of the app wait for a lock. */
  async function waiting(count: number) {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const { rows } = await observer.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> all($1)",
        [[blocker, mover].map((c) => (c as unknown as { processID: number }).processID)],
      );
      if (rows[0].n >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`fewer than ${count} sessions of the app waited for a lock`);
  }

  /** Waits until a session waits for the lock of the plant's serial. */
  async function waitingForSerial(plantId: number, serial: string) {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const { rows } = await observer.query(
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and classid = $1 and objid::bigint = (hashtext($2)::bigint + 4294967296) % 4294967296",
        [SERIAL_WRITES, serialLockKey(plantId, serial)],
      );
      if (rows[0].n >= 1) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`nobody waited for the lock of ${serial}`);
  }

  /** The state MONT of the element's type (the demo's modules). */
  async function mountedOf(elementId: number) {
    const row = await ctx.db
      .selectFrom('elements')
      .innerJoin('states', 'states.element_type_id', 'elements.type_id')
      .select('states.id')
      .where('elements.id', '=', elementId)
      .where('states.code', '=', 'MONT')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A state change of the module to MONT by an administrator, or 'blocked' when it has not answered within 5 s. */
  async function mountUnlessBlocked(plantId: number, elementId: number) {
    const element = await ctx.db.selectFrom('elements').select('type_id').where('id', '=', elementId).executeTakeFirstOrThrow();
    return Promise.race([
      ctx.call('POST', `/api/plants/${plantId}/modules/${elementId}/state-change/`, {
        as: USERS.admin,
        payload: { state: await mountedOf(elementId), element_type: element.type_id, element_ids: [elementId] },
      }),
      new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 5000)),
    ]);
  }

  const holdSerial = (client: pg.Client, plantId: number, serial: string) =>
    client.query('select pg_advisory_xact_lock($1, hashtext($2))', [SERIAL_WRITES, serialLockKey(plantId, serial)]);

  /** Both scans decide before either takes its version: the plant row is held until both wait. */
  async function atOnce(plantId: number, writes: (() => ReturnType<typeof h.scan>)[]) {
    await blocker.query('begin');
    await blocker.query('select id from plants where id = $1 for no key update', [plantId]);
    let sent: ReturnType<typeof h.scan>[] = [];
    try {
      sent = writes.map((write) => write());
      await waiting(writes.length);
    } finally {
      await blocker.query('commit');
    }
    return Promise.all(sent);
  }

  it('flags both elements when two scans give one serial to two elements, both deciding before either commits', async () => {
    const plant = await h.newPlant();
    const [a, b] = plant.modules;
    const answers = await atOnce(plant.id, [
      () => h.scan(plant.id, [{ element_id: a, serial: SERIAL(1) }]),
      () => h.scan(plant.id, [{ element_id: b, serial: SERIAL(1) }]),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const rows = await h.stored(plant.id);
    expect(rows.slice(0, 2).map((r) => [r.serial, r.is_serial_duplicated])).toEqual([
      [SERIAL(1), 1],
      [SERIAL(1), 1],
    ]);
    await h.expectExactFlags(plant.id);
  });

  it('leaves no stale flag when a scan moves a serial away while another gives it to a new holder', async () => {
    const plant = await h.newPlant();
    const [a, b] = plant.modules;
    await h.scan(plant.id, [{ element_id: a, serial: SERIAL(2) }]);
    const answers = await atOnce(plant.id, [
      () => h.scan(plant.id, [{ element_id: a, serial: SERIAL(3) }]),
      () => h.scan(plant.id, [{ element_id: b, serial: SERIAL(2) }]),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const rows = await h.stored(plant.id);
    expect(rows.slice(0, 2).map((r) => [r.serial, r.is_serial_duplicated])).toEqual([
      [SERIAL(3), 0],
      [SERIAL(2), 0],
    ]);
    await h.expectExactFlags(plant.id);
  });

  it('keeps the flags exact when a scan of more elements than it locks serials for (it takes the plant) meets a scan of one of its serials', async () => {
    const plant = await h.newPlant(1003);
    const [lone, ...rest] = plant.modules;
    const big = rest.map((id, i) => ({ element_id: id, serial: SERIAL(10_000 + i) }));
    const answers = await atOnce(plant.id, [
      () => h.scan(plant.id, big),
      () => h.scan(plant.id, [{ element_id: lone, serial: SERIAL(10_000) }]),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const rows = await h.stored(plant.id);
    expect(rows.filter((r) => r.is_serial_duplicated === 1).map((r) => r.id)).toEqual([lone, rest[0]]);
    await h.expectExactFlags(plant.id);
  });

  it('makes twins of one client uuid wait for the first one, not run the write beside it', async () => {
    const plant = await h.newPlant();
    const uuid = randomUUID();
    const start = await h.version(plant.id);
    const items = plant.modules.map((id) => ({ element_id: id, serial: SERIAL(9) }));
    const twinsWaiting = async () =>
      (
        await observer.query(
          "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and classid = $1",
          [CLIENT_UUID_WRITES],
        )
      ).rows[0].n as number;
    let answers: Awaited<ReturnType<typeof h.scan>>[] = [];
    let twins = -1;
    await blocker.query('begin');
    await blocker.query('select id from plants where id = $1 for no key update', [plant.id]);
    try {
      const sent = [0, 1, 2].map(() => h.scan(plant.id, items, uuid));
      await waiting(3);
      twins = await twinsWaiting();
      await blocker.query('commit');
      answers = await Promise.all(sent);
    } finally {
      await blocker.query('rollback').catch(() => undefined);
    }
    // One wrote (it waited for the plant row, in its tail); the two others waited for its uuid.
    expect(twins).toBe(2);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers[1].body).toEqual(answers[0].body);
    expect(answers[2].body).toEqual(answers[0].body);
    expect(await h.version(plant.id)).toBe(start + 1);
  });

  it('lets a state change of the plant commit while a scan waits, each with its own version, and a sync from before sees both', async () => {
    const plant = await h.newPlant();
    const [a, , , d] = plant.modules;
    const download = async (cursor?: string) => {
      const query = cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`;
      const res = await ctx.app.inject({ method: 'GET', url: `/api/plants/${plant.id}/sync/${query}`, headers: await ctx.as(USERS.admin) });
      expect(res.statusCode).toBe(200);
      const [header, ...lines] = res.body.trim().split('\n').map((l) => JSON.parse(l) as unknown);
      const { cursor: next, columns } = header as { cursor: string; columns: string[] };
      const elements = lines.filter(Array.isArray).map((line) => Object.fromEntries(columns.map((c, i) => [c, line[i]])));
      return { cursor: next, elements };
    };
    const start = await download();

    // A scan of a is under way (it holds the plant's write lock, shared) and waits for its serial.
    await blocker.query('begin');
    await holdSerial(blocker, plant.id, SERIAL(4));
    let scan: ReturnType<typeof h.scan> | undefined;
    let change: Awaited<ReturnType<typeof ctx.call>> | 'blocked';
    try {
      scan = h.scan(plant.id, [{ element_id: a, serial: SERIAL(4) }]);
      await waitingForSerial(plant.id, SERIAL(4));
      // A state change of another element of the plant does not wait for it.
      change = await mountUnlessBlocked(plant.id, d);
    } finally {
      await blocker.query('commit');
    }
    expect(change === 'blocked' ? change : change.status).toBe(200);
    const scanned = await scan!;
    expect(scanned.status).toBe(200);
    const changed = change as Exclude<typeof change, 'blocked'>;
    // Versions in commit order: the change's first, then the scan's.
    expect(scanned.body.elements_version).toBeGreaterThan(changed.body.elements_version);
    const after = await download(start.cursor);
    expect(after.elements.find((e) => e.id === d)).toMatchObject({ state_id: await mountedOf(d) });
    expect(after.elements.find((e) => e.id === a)).toMatchObject({ serial: SERIAL(4) });
    expect(after.elements).toHaveLength(2);
  });

  it('locks the rows it writes before its version: a state change of another element commits while the scan waits for a row', async () => {
    const plant = await h.newPlant();
    const [a, , , d] = plant.modules;
    // a is locked as a state change of it in flight holds it.
    await blocker.query('begin');
    await blocker.query('select id from elements where id = $1 for update', [a]);
    let scan: ReturnType<typeof h.scan> | undefined;
    let change: Awaited<ReturnType<typeof ctx.call>> | 'blocked';
    try {
      scan = h.scan(plant.id, [{ element_id: a, serial: SERIAL(8) }]);
      await waiting(1);
      change = await mountUnlessBlocked(plant.id, d);
    } finally {
      await blocker.query('commit');
    }
    expect(change === 'blocked' ? change : change.status).toBe(200);
    const scanned = await scan!;
    expect(scanned.status).toBe(200);
    expect(scanned.body.elements_version).toBeGreaterThan((change as Exclude<typeof change, 'blocked'>).body.elements_version);
  });

  it('starts again, never waiting out of order, when the serial of its element moved to one whose lock is held elsewhere', async () => {
    const plant = await h.newPlant();
    const [a, c] = plant.modules;
    await h.scan(plant.id, [{ element_id: a, serial: SERIAL(5) }]);
    await h.scan(plant.id, [{ element_id: c, serial: SERIAL(6) }]);
    // The new serial of a is one whose lock comes before serial 5's: the scan holds it while it waits for 5.
    const hash = async (serial: string) =>
      (await observer.query('select hashtext($1) as h', [serialLockKey(plant.id, serial)])).rows[0].h as number;
    let next = 7;
    while ((await hash(SERIAL(next))) > (await hash(SERIAL(5)))) next++;
    const serial = SERIAL(next);

    // The mover is a scan of a in flight (it holds a's serial 5); the blocker, a writer of serial 6.
    await mover.query('begin');
    await holdSerial(mover, plant.id, SERIAL(5));
    await blocker.query('begin');
    await holdSerial(blocker, plant.id, SERIAL(6));
    let scan: ReturnType<typeof h.scan> | undefined;
    let blockerWants: Promise<unknown> | undefined;
    try {
      scan = h.scan(plant.id, [{ element_id: a, serial }]);
      await waitingForSerial(plant.id, SERIAL(5));
      // The blocker wants the scan's new serial too: it waits for the scan.
      blockerWants = holdSerial(blocker, plant.id, serial);
      await waitingForSerial(plant.id, serial);
      // The mover gives a serial 6, as c has, and commits: a and c are both flagged.
      await mover.query('update elements set serial = $1, is_serial_duplicated = 1 where id = any($2::int[])', [
        SERIAL(6),
        [a, c],
      ]);
      await mover.query('commit');
      // The scan now needs serial 6's lock, which the blocker holds while it waits for the scan: had
      // the scan waited for it, neither would move (a deadlock). It lets go of its locks and starts
      // again, so the blocker gets its lock, and the scan waits for the blocker.
      await blockerWants;
      await waiting(1);
      expect((await h.stored(plant.id))[0].serial).toBe(SERIAL(6));
    } finally {
      await mover.query('rollback').catch(() => undefined);
      await blockerWants?.catch(() => undefined);
      await blocker.query('commit');
    }
    expect((await scan!).status).toBe(200);
    // a took the new serial and left c alone with serial 6: c is no longer duplicated.
    const rows = await h.stored(plant.id);
    expect(rows.slice(0, 2).map((r) => [r.serial, r.is_serial_duplicated])).toEqual([
      [serial, 0],
      [SERIAL(6), 0],
    ]);
    await h.expectExactFlags(plant.id);
  });
  it('answers 503 and writes nothing when the serial of its element moves under it in each of its three attempts; the resend is written', async () => {
    const plant = await h.newPlant();
    const [a] = plant.modules;
    await h.scan(plant.id, [{ element_id: a, serial: SERIAL(30) }]);
    const wanted = SERIAL(39);
    const uuid = randomUUID();
    // Session-level locks of the blocker (held across statements, let go one by one) conflict with
    // the scan's transaction-level ones on the same keys.
    const lock = (serial: string) => blocker.query('select pg_advisory_lock($1, hashtext($2))', [SERIAL_WRITES, serialLockKey(plant.id, serial)]);
    const unlock = (serial: string) => blocker.query('select pg_advisory_unlock($1, hashtext($2))', [SERIAL_WRITES, serialLockKey(plant.id, serial)]);
    let scan: ReturnType<typeof h.scan> | undefined;
    try {
      // Each attempt waits for a lock the blocker holds (first the new serial's, then the serial a
      // had when the attempt read it); meanwhile another writer gives a the next serial, whose lock
      // the blocker takes before it lets the attempt go. Under its locks the attempt finds a's serial
      // moved to a locked one, and starts again; the third time it gives up.
      await lock(wanted);
      scan = h.scan(plant.id, [{ element_id: a, serial: wanted }], uuid);
      let waitedFor = wanted;
      for (const moved of [SERIAL(31), SERIAL(32), SERIAL(33)]) {
        await waitingForSerial(plant.id, waitedFor);
        await mover.query('update elements set serial = $1 where id = $2', [moved, a]);
        await lock(moved);
        await unlock(waitedFor);
        waitedFor = moved;
      }
      const busy = await scan;
      expect(busy.status).toBe(503);
      expect(busy.body.code).toBe('serial_scan_busy');
    } finally {
      await blocker.query('select pg_advisory_unlock_all()');
      await scan?.catch(() => undefined);
    }
    // Nothing of the scan was written: a keeps the serial the other writer gave it.
    expect((await h.stored(plant.id))[0].serial).toBe(SERIAL(33));
    expect(await ctx.db.selectFrom('serial_scan_writes').select('client_uuid').where('client_uuid', '=', uuid).execute()).toEqual([]);
    // The device's outbox sends it again later with the same uuid: written.
    expect((await h.scan(plant.id, [{ element_id: a, serial: wanted }], uuid)).status).toBe(200);
    expect((await h.stored(plant.id))[0].serial).toBe(wanted);
    await h.expectExactFlags(plant.id);
  });
});
