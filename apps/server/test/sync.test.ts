import { gunzipSync } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import type { Element } from '@heliotrack/domain/elements';
import { SYNC_ELEMENT_COLUMNS, SyncHeader, type SyncElementLine, syncElementOf } from '@heliotrack/domain/sync';
import { takeElementsVersion } from '../src/lib/plant-writes.repository';
import { setElementSerials } from '../src/modules/serials/serials.repository';
import { SyncService } from '../src/modules/sync/sync.service';
import { createDemoPlant } from '../src/demo/plant';
import { describeEachDatabase, USERS } from './helpers';

/*
 * Issue "Offline I": GET plants/{id}/sync/ streams a plant to the device as NDJSON, the whole of it
 * or what changed since a cursor, and never loses a write committed while it streams.
 */

interface Download {
  status: number;
  headers: Record<string, unknown>;
  header: SyncHeader;
  elements: ReturnType<typeof syncElementOf>[];
  deleted: number[] | null;
  /** The body as text (gunzipped). */
  text: string;
}

/** The lines of an answer: the header, the element lines as objects, and the deleted ids when the line is there. */
function parse(text: string) {
  const lines = text.split('\n');
  expect(lines.pop()).toBe('');
  const header = SyncHeader.parse(JSON.parse(lines.shift()!));
  let deleted: number[] | null = null;
  if (lines.length && lines[lines.length - 1].startsWith('{"deleted"')) deleted = JSON.parse(lines.pop()!).deleted;
  // The PPI sections (issue 36) are object lines; the elements are arrays.
  const elements = lines.filter((line) => line.startsWith('[')).map((line) => syncElementOf(JSON.parse(line) as SyncElementLine));
  return { header, elements, deleted };
}

describeEachDatabase('plant sync', (get) => {
  let plantId: number;
  let clientId: number;
  let moduleType: number;
  let states: { pending: number; mounted: number };

  beforeAll(async () => {
    const ctx = get();
    const plant = await ctx.db.selectFrom('plants').select(['id', 'client_id']).where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    plantId = plant.id;
    clientId = plant.client_id;
    moduleType = (await ctx.db.selectFrom('element_types').select('id').where('client_id', '=', clientId).where('code', '=', 'MOD').executeTakeFirstOrThrow()).id;
    const stateId = async (code: string) =>
      (await ctx.db.selectFrom('states').select('id').where('element_type_id', '=', moduleType).where('code', '=', code).executeTakeFirstOrThrow()).id;
    states = { pending: await stateId('PEND'), mounted: await stateId('MONT') };
  });

  async function download({ plant = plantId, cursor, as = USERS.admin, headers = {} }: { plant?: number; cursor?: string; as?: string; headers?: Record<string, string> } = {}): Promise<Download> {
    const query = cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`;
    const res = await get().app.inject({ method: 'GET', url: `/api/plants/${plant}/sync/${query}`, headers: { ...(await get().as(as)), ...headers } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const text = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString('utf8') : res.body;
    return { status: res.statusCode, headers: res.headers, text, ...parse(text) };
  }

  /** Module ids of CAR-01 put in a known state directly, as a starting point (not a write a download must see). */
  let nextModule = 0;
  async function modules(count: number) {
    const rows = await get().db.selectFrom('elements').select('id').where('plant_id', '=', plantId).where('type_id', '=', moduleType).orderBy('id').offset(nextModule).limit(count).execute();
    nextModule += count;
    return rows.map((r) => r.id);
  }
  const massiveChange = (ids: number[], state: number, as = USERS.admin) =>
    get().call('POST', `/api/plants/${plantId}/modules/massive-state-change/`, { as, payload: { state, element_type: moduleType, element_ids: ids } });

  it('answers the whole plant without a cursor: every element once, with the values of the element list', async () => {
    const full = await download();
    expect(full.header.full).toBe(true);
    expect(full.header.columns).toEqual([...SYNC_ELEMENT_COLUMNS]);
    expect(full.deleted).toBeNull();

    const listed: Element[] = [];
    for (let page = 1; ; page++) {
      const res = await get().call('GET', `/api/plants/${plantId}/elements/?page_size=1000&page=${page}`);
      listed.push(...res.body.results);
      if (!res.body.next) break;
    }
    const ids = full.elements.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(listed.length);
    expect(full.header.plant.element_count).toBe(listed.length);
    const synced = new Map(full.elements.map((e) => [e.id, e]));
    for (const item of listed) {
      const e = synced.get(item.id)!;
      expect({
        ...item,
        is_serial_invalid_length: item.is_serial_invalid_length ? 1 : 0,
        is_serial_duplicated: item.is_serial_duplicated ? 1 : 0,
        is_serial_unregistered: item.is_serial_unregistered ? 1 : 0,
      }).toEqual({
        id: e.id,
        code: e.code,
        description: e.description,
        geom: e.geom,
        last_state_change_contractor_id: e.last_state_change_contractor_id,
        state_id: e.state_id,
        type_id: e.type_id,
        updated_at: e.updated_at,
        serial: e.serial,
        is_serial_invalid_length: e.is_serial_invalid_length,
        is_serial_duplicated: e.is_serial_duplicated,
        is_serial_unregistered: e.is_serial_unregistered,
      });
    }
    // The columns the list does not have, as stored.
    const stored = await get().db.selectFrom('elements').select(['id', 'ctr_id', 'min_x', 'min_y', 'max_x', 'max_y']).where('plant_id', '=', plantId).execute();
    for (const row of stored) {
      const e = synced.get(row.id)!;
      expect([e.ctr_id, e.min_x, e.min_y, e.max_x, e.max_y]).toEqual([row.ctr_id, row.min_x, row.min_y, row.max_x, row.max_y]);
    }
  });

  it('heads the answer with the plant, its organisation and catalogues as their endpoints answer them', async () => {
    const { header } = await download();
    const endpoint = async (url: string) => (await get().call('GET', url)).body;
    expect(header.plant).toEqual(await endpoint(`/api/plants/${plantId}/`));
    expect(header.element_types).toEqual(await endpoint(`/api/plants/${plantId}/element-types/`));
    expect(header.states).toEqual(await endpoint(`/api/plants/${plantId}/states/`));
    expect(header.transaction_types).toEqual(await endpoint('/api/transaction-types/'));
    expect(header.contractors).toEqual(await endpoint(`/api/plants/${plantId}/contractors/`));
    expect(header.client).toEqual({ ...(await endpoint('/api/user/profile/')).client });
    expect(header.client.name).toBe('Demo Solar');
  });

  it('lists the states the user may record: any active one of the group for an administrator, their RUCs otherwise', async () => {
    const admin = (await download()).header;
    expect(admin.recordable_state_ids).toEqual(admin.states.filter((s) => s.is_active).map((s) => s.id));
    const technician = (await download({ as: USERS.technician })).header;
    const tech = await get().db.selectFrom('users').select('id').where('email', '=', USERS.technician).executeTakeFirstOrThrow();
    const rucStates = await get()
      .db.selectFrom('user_rucs')
      .innerJoin('ruc_states', 'ruc_states.ruc_id', 'user_rucs.ruc_id')
      .select('ruc_states.state_id')
      .where('user_rucs.user_id', '=', tech.id)
      .where('user_rucs.plant_id', '=', plantId)
      .where('user_rucs.is_active', '=', 1)
      .execute();
    expect(technician.recordable_state_ids.length).toBeGreaterThan(0);
    expect([...technician.recordable_state_ids].sort((a, b) => a - b)).toEqual([...new Set(rucStates.map((r) => r.state_id))].sort((a, b) => a - b));
    expect(technician.recordable_state_ids).not.toContain(states.pending);
  });

  it('holds exactly the elements a state change, a layout import and a serial edit wrote since the cursor', async () => {
    const ctx = get();
    const start = await download();
    const unchanged = await download({ cursor: start.header.cursor });
    expect(unchanged.header.full).toBe(false);
    expect(unchanged.elements).toEqual([]);
    expect(unchanged.deleted).toBeNull();
    expect(unchanged.header.cursor).toBe(start.header.cursor);

    const changed = await modules(3);
    expect((await massiveChange(changed, states.mounted)).status).toBe(200);
    const afterChange = await download({ cursor: start.header.cursor });
    expect(afterChange.header.full).toBe(false);
    expect(afterChange.elements.map((e) => e.id).sort((a, b) => a - b)).toEqual(changed);
    for (const e of afterChange.elements) expect(e.state_id).toBe(states.mounted);
    expect(afterChange.header.cursor).not.toBe(start.header.cursor);

    // The import moves one existing module (same type and code) and adds one.
    const [moved] = await ctx.db.selectFrom('elements').select(['id', 'code']).where('plant_id', '=', plantId).where('type_id', '=', moduleType).orderBy('id', 'desc').limit(1).execute();
    const square = (x: number) => ({ type: 'Polygon', coordinates: [[[x, 37.4], [x + 0.00002, 37.4], [x + 0.00002, 37.40002], [x, 37.40002], [x, 37.4]]] });
    const layout = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { element_type: 'MOD', code: moved.code }, geometry: square(-5.6) },
        { type: 'Feature', properties: { element_type: 'MOD', code: 'SYNC-NEW-1' }, geometry: square(-5.59) },
      ],
    };
    const imported = await ctx.call('POST', `/api/plants/${plantId}/import-layout/`, { payload: layout });
    expect(imported.status).toBe(200);
    const added = await ctx.db.selectFrom('elements').select('id').where('plant_id', '=', plantId).where('code', '=', 'SYNC-NEW-1').executeTakeFirstOrThrow();
    const afterImport = await download({ cursor: afterChange.header.cursor });
    expect(afterImport.elements.map((e) => e.id).sort((a, b) => a - b)).toEqual([moved.id, added.id].sort((a, b) => a - b));
    expect(afterImport.elements.find((e) => e.id === moved.id)!.min_x).toBeCloseTo(-5.6);

    // Serial edits go through setElementSerials in the writing transaction (the serial-scan endpoint will call it).
    const [scanned] = await modules(1);
    await ctx.db.transaction().execute(async (trx) => {
      const version = await takeElementsVersion(trx, plantId);
      await setElementSerials(trx, plantId, version, [{ id: scanned, serial: 'JAM-SYNC-0001', is_serial_invalid_length: 0, is_serial_duplicated: 1, is_serial_unregistered: 0 }], new Date().toISOString());
    });
    const afterSerial = await download({ cursor: afterImport.header.cursor });
    expect(afterSerial.elements).toEqual([expect.objectContaining({ id: scanned, serial: 'JAM-SYNC-0001', is_serial_duplicated: 1 })]);

    // From the first cursor: everything since, each element once.
    const sinceStart = await download({ cursor: start.header.cursor });
    expect(sinceStart.elements.map((e) => e.id).sort((a, b) => a - b)).toEqual([...changed, moved.id, added.id, scanned].sort((a, b) => a - b));
  });

  it('lists the elements that left the plant since the cursor', async () => {
    const ctx = get();
    const before = await download();
    const now = new Date().toISOString();
    const doomed = await ctx.db
      .insertInto('elements')
      .values([1, 2].map((n) => ({ plant_id: plantId, type_id: moduleType, code: `SYNC-GONE-${n}`, updated_at: now })))
      .returning('id')
      .execute();
    await ctx.db.deleteFrom('elements').where('id', 'in', doomed.map((d) => d.id)).execute();
    const after = await download({ cursor: before.header.cursor });
    expect([...after.deleted!].sort((a, b) => a - b)).toEqual(doomed.map((d) => d.id).sort((a, b) => a - b));
    expect(after.elements).toEqual([]);
    expect(after.text.trimEnd().split('\n').pop()).toBe(`{"deleted":[${after.deleted!.join(',')}]}`);
    // Reported once: not again after the answer's own cursor, and never in a full answer.
    expect((await download({ cursor: after.header.cursor })).deleted).toBeNull();
    expect((await download()).deleted).toBeNull();
  });

  it('keeps the plant element count of the header right as elements come and go', async () => {
    const ctx = get();
    const counted = async () => (await ctx.call('GET', `/api/plants/${plantId}/`)).body.element_count as number;
    const before = await download();
    expect(before.header.plant.element_count).toBe(await counted());
    const square = (x: number) => ({ type: 'Polygon', coordinates: [[[x, 37.5], [x + 0.00002, 37.5], [x + 0.00002, 37.50002], [x, 37.50002], [x, 37.5]]] });
    const layout = {
      type: 'FeatureCollection',
      features: [1, 2, 3].map((n) => ({ type: 'Feature', properties: { element_type: 'MOD', code: `SYNC-COUNT-${n}` }, geometry: square(-5.5 + n * 0.0001) })),
    };
    expect((await ctx.call('POST', `/api/plants/${plantId}/import-layout/`, { payload: layout })).status).toBe(200);
    const added = await download({ cursor: before.header.cursor });
    expect(added.header.plant.element_count).toBe(before.header.plant.element_count + 3);
    expect(added.header.plant.element_count).toBe(await counted());

    const [old] = await modules(1);
    const fresh = await ctx.db.selectFrom('elements').select('id').where('plant_id', '=', plantId).where('code', '=', 'SYNC-COUNT-1').executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('elements').where('id', 'in', [old, fresh.id]).execute();
    expect((await massiveChange(await modules(2), states.mounted)).status).toBe(200);
    const after = await download({ cursor: added.header.cursor });
    expect([...after.deleted!].sort((a, b) => a - b)).toEqual([old, fresh.id].sort((a, b) => a - b));
    expect(after.header.plant.element_count).toBe(before.header.plant.element_count + 1);
    expect(after.header.plant.element_count).toBe(await counted());
    expect(after.header.plant).toEqual((await ctx.call('GET', `/api/plants/${plantId}/`)).body);
  });

  it('answers the same lines in small chunks (on PostgreSQL two read at once) as in one, in full and since a cursor', async () => {
    const ctx = get();
    const admin = await ctx.db.selectFrom('users').select(['id', 'client_id']).where('email', '=', USERS.admin).executeTakeFirstOrThrow();
    const user = { id: admin.id, clientId: admin.client_id, email: USERS.admin, name: 'Admin', language: 'es', roles: ['AD'], isAdmin: true };
    // 7 lines a chunk: chunk ends fall inside a version as well as on its last element; 150: a
    // chunk is written in pieces (PIECE_LINES, 100 lines), the last one short.
    const [small, pieced, whole] = [7, 150, 1_000_000].map((rows) => new SyncService(ctx.db, ctx.config.jwtSecret, rows));
    const text = async (service: SyncService, cursor?: string) => {
      let all = '';
      for await (const piece of (await service.download(user, plantId, cursor)).lines()) all += piece;
      return all;
    };
    const full = await text(whole);
    expect(parse(full).elements.length).toBeGreaterThan(300);
    expect(await text(small)).toBe(full);
    expect(await text(pieced)).toBe(full);
    const cursor = parse(full).header.cursor;
    expect((await massiveChange(await modules(30), states.mounted)).status).toBe(200);
    const since = await text(whole, cursor);
    expect(parse(since).elements.length).toBe(30);
    expect(await text(small, cursor)).toBe(since);
  });

  it('never loses a write committed while a download streams: it is in the next answer', async () => {
    const ctx = get();
    // Small chunks, so that the download reads the plant in many queries and writes land between them.
    const service = new SyncService(ctx.db, ctx.config.jwtSecret, 25);
    const admin = await ctx.db.selectFrom('users').select(['id', 'client_id']).where('email', '=', USERS.admin).executeTakeFirstOrThrow();
    const user = { id: admin.id, clientId: admin.client_id, email: USERS.admin, name: 'Admin', language: 'es', roles: ['AD'], isAdmin: true };
    const total = Number((await ctx.db.selectFrom('elements').select((eb) => eb.fn.countAll().as('n')).where('plant_id', '=', plantId).executeTakeFirstOrThrow()).n);

    const first = await service.download(user, plantId, undefined);
    const lines = first.lines();
    const seen: number[] = [];
    const read = async () => {
      const { value, done } = await lines.next();
      if (done) return false;
      for (const line of value.split('\n').filter(Boolean)) if (line.startsWith('[')) seen.push(JSON.parse(line)[0]);
      return true;
    };
    await read(); // the header
    const moduleIds = new Set((await ctx.db.selectFrom('elements').select('id').where('plant_id', '=', plantId).where('type_id', '=', moduleType).execute()).map((r) => r.id));
    // Read on until a module has been sent: one the download is past; then pick one it has not reached.
    while (!seen.some((id) => moduleIds.has(id))) expect(await read()).toBe(true);
    const behind = seen.find((id) => moduleIds.has(id))!;
    const ahead = [...moduleIds].reverse().find((id) => !seen.includes(id))!;
    expect(ahead).toBeDefined();
    expect((await massiveChange([behind, ahead], states.mounted)).status).toBe(200);
    while (await read());
    // Every element at least once; those written meanwhile possibly twice.
    expect(new Set(seen).size).toBe(total);

    const next = await download({ cursor: first.header.cursor });
    expect(next.header.full).toBe(false);
    expect(next.elements.map((e) => e.id).sort((a, b) => a - b)).toEqual([behind, ahead].sort((a, b) => a - b));
    for (const e of next.elements) expect(e.state_id).toBe(states.mounted);
  });

  it('answers in full to a forged, malformed, foreign or stale cursor, never an error', async () => {
    const ctx = get();
    const { cursor } = (await download()).header;
    const [format, plant, version, mac] = cursor.split('.');
    const second = await createDemoPlant(ctx.db, clientId, { mwp: 0.02, code: 'SYNC-2', name: 'FV Sync 2' });
    const otherCursor = (await download({ plant: second.plantId })).header.cursor;
    for (const bad of ['', 'abc', `${format}.${plant}.${Number(version) - 1}.${mac}`, `${format}.${plant}.${version}.${'A'.repeat(22)}`, `1.${plant}.${version}.${mac}`, otherCursor, 'x'.repeat(200)]) {
      const answer = await download({ cursor: bad });
      expect(answer.header.full, bad).toBe(true);
      expect(answer.elements.length).toBe(answer.header.plant.element_count);
    }
    // A database restored from an older copy: the plant's version is behind the cursor.
    const secondCursor = (await download({ plant: second.plantId })).header.cursor;
    await ctx.db.updateTable('plants').set({ elements_version: -5 }).where('id', '=', second.plantId).execute();
    const restored = await download({ plant: second.plantId, cursor: secondCursor });
    expect(restored.header.full).toBe(true);
    expect(restored.elements.length).toBe(second.elements);
    // Too long for the query schema is a 400 like any malformed query.
    const tooLong = await ctx.call('GET', `/api/plants/${plantId}/sync/?cursor=${'x'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
  });

  it('answers 404 for a plant of another organisation and for one the user is not authorised on', async () => {
    const ctx = get();
    const other = await ctx.call('GET', `/api/plants/${plantId}/sync/`, { as: USERS.otherAdmin });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'not_found' });
    const unauthorised = await createDemoPlant(ctx.db, clientId, { mwp: 0.02, code: 'SYNC-3', name: 'FV Sync 3' });
    expect((await ctx.call('GET', `/api/plants/${unauthorised.plantId}/sync/`, { as: USERS.technician })).status).toBe(404);
    expect((await download({ plant: unauthorised.plantId })).elements.length).toBe(unauthorised.elements);
    expect((await ctx.call('GET', `/api/plants/${plantId}/sync/`, { as: null })).status).toBe(401);
  });

  it('answers elements by id as the stream writes them, the deleted and foreign ids as missing (issue 38)', async () => {
    const ctx = get();
    const [a, b] = await modules(2);
    await massiveChange([a], states.mounted);
    const now = new Date().toISOString();
    const [gone] = await ctx.db
      .insertInto('elements')
      .values({ plant_id: plantId, type_id: moduleType, code: 'SYNC-BYID-GONE', updated_at: now })
      .returning('id')
      .execute();
    await ctx.db.deleteFrom('elements').where('id', '=', gone.id).execute();
    const foreign = await createDemoPlant(ctx.db, clientId, { mwp: 0.02, code: 'SYNC-4', name: 'FV Sync 4' });
    const foreignId = (await ctx.db.selectFrom('elements').select('id').where('plant_id', '=', foreign.plantId).executeTakeFirstOrThrow()).id;

    const res = await ctx.call('POST', `/api/plants/${plantId}/sync/elements/`, { payload: { ids: [b, gone.id, a, foreignId, a] } });
    expect(res.status).toBe(200);
    const answer = res.body as { columns: string[]; elements: SyncElementLine[]; missing: number[] };
    expect(answer.columns).toEqual([...SYNC_ELEMENT_COLUMNS]);
    expect(answer.missing).toEqual([gone.id, foreignId].sort((x, y) => x - y));
    // The same lines as the full download writes for these elements.
    const full = await download();
    const byId = new Map(full.elements.map((e) => [e.id, e]));
    const got = answer.elements.map((line) => syncElementOf(line));
    expect(got.map((e) => e.id)).toEqual([a, b].sort((x, y) => x - y));
    for (const element of got) expect(element).toEqual(byId.get(element.id));
    expect(byId.get(a)!.state_id).toBe(states.mounted);
  });

  it('refuses a malformed or too long list of ids with a 400, and other organisations\' plants with a 404', async () => {
    const ctx = get();
    const url = `/api/plants/${plantId}/sync/elements/`;
    expect((await ctx.call('POST', url, { payload: { ids: [] } })).status).toBe(400);
    expect((await ctx.call('POST', url, { payload: { ids: ['x'] } })).status).toBe(400);
    const tooMany = await ctx.call('POST', url, { payload: { ids: Array.from({ length: 50_001 }, (_, i) => i + 1) }, language: 'en' });
    expect(tooMany.status).toBe(400);
    const [a] = await modules(1);
    expect((await ctx.call('POST', url, { as: USERS.otherAdmin, payload: { ids: [a] } })).status).toBe(404);
    expect((await ctx.call('POST', url, { as: null, payload: { ids: [a] } })).status).toBe(401);
  });

  it('compresses with gzip when the request accepts it, and only then', async () => {
    const plain = await download();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzipped = await download({ headers: { 'accept-encoding': 'br;q=1.0, gzip;q=0.8' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('accept-encoding');
    expect(gzipped.text).toBe(plain.text);
    expect((await download({ headers: { 'accept-encoding': 'gzip;q=0, identity' } })).headers['content-encoding']).toBeUndefined();
    expect((await download({ headers: { 'accept-encoding': '*' } })).headers['content-encoding']).toBe('gzip');
  });
});
