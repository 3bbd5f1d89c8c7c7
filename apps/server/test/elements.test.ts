import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext, USERS } from './helpers';

/*
 * Element lists and details (specification section 7, Elements; DESIGN section 12): items carry the
 * fields of the local `element` table; `{type}` is the plural of a standard type; other types go
 * through extra-elements/.
 */
describeEachDatabase('elements', (get) => {
  let demo: Awaited<ReturnType<typeof loadDemo>>;

  async function loadDemo(ctx: TestContext) {
    const plant = await ctx.db.selectFrom('plants').selectAll().where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    const types = new Map(
      (await ctx.db.selectFrom('element_types').select(['id', 'code']).where('client_id', '=', plant.client_id).execute()).map((t) => [t.code, t.id]),
    );
    const other = await ctx.db.selectFrom('plants').selectAll().where('code', '=', 'ECI-01').executeTakeFirstOrThrow();
    const modules = await ctx.db
      .selectFrom('elements')
      .selectAll()
      .where('plant_id', '=', plant.id)
      .where('type_id', '=', types.get('MOD')!)
      .orderBy('code')
      .orderBy('id')
      .execute();
    return { plant, types, other, modules };
  }

  beforeAll(async () => {
    demo = await loadDemo(get());
  });

  const list = (query = '', plantId = demo.plant.id, type = 'modules') => get().call('GET', `/api/plants/${plantId}/${type}/${query}`);
  const codes = (body: { results: { code: string }[] }) => body.results.map((e) => e.code);

  it('lists the elements of a type, paged, with exactly the fields of the local element table', async () => {
    const { status, body } = await list('?page_size=10');
    expect(status).toBe(200);
    expect(body.count).toBe(demo.modules.length);
    expect(body.results).toHaveLength(10);
    expect(body.previous).toBeNull();
    expect(body.next).toBe(`/api/plants/${demo.plant.id}/modules/?page_size=10&page=2`);
    expect(Object.keys(body.results[0]).sort()).toEqual(
      [
        'code',
        'description',
        'geom',
        'id',
        'is_serial_duplicated',
        'is_serial_invalid_length',
        'is_serial_unregistered',
        'last_state_change_contractor_id',
        'serial',
        'state_id',
        'type_id',
        'updated_at',
      ].sort(),
    );
    expect(codes(body)).toEqual(demo.modules.slice(0, 10).map((m) => m.code));
    expect(body.results[0].geom).toMatch(/^SRID=4326;POLYGON/);
    const second = await list('?page_size=10&page=2');
    expect(codes(second.body)).toEqual(demo.modules.slice(10, 20).map((m) => m.code));
  });

  it('lists every standard type by its plural', async () => {
    for (const [plural, code] of [
      ['hincas', 'HIN'],
      ['masts', 'MAS'],
      ['strings', 'STR'],
      ['trackers', 'TRA'],
      ['modules', 'MOD'],
      ['inverters', 'INV'],
      ['ctrs', 'CTR'],
    ]) {
      const { status, body } = await list('?page_size=1', demo.plant.id, plural);
      expect(status, plural).toBe(200);
      const expected = await get().db.selectFrom('elements').select((eb) => eb.fn.countAll<number>().as('n')).where('plant_id', '=', demo.plant.id).where('type_id', '=', demo.types.get(code)!).executeTakeFirstOrThrow();
      expect(body.count, plural).toBe(Number(expected.n));
      if (body.count) expect(body.results[0].type_id).toBe(demo.types.get(code));
    }
  });

  it('filters by code and serial (contains, any case), state, contractor, CTR, update time and serial flags', async () => {
    const sample = demo.modules[5];
    const fragment = sample.code.slice(-6).toLowerCase();
    const byCode = await list(`?code=${encodeURIComponent(fragment)}&page_size=1000`);
    expect(byCode.body.count).toBe(demo.modules.filter((m) => m.code.toLowerCase().includes(fragment)).length);
    expect(codes(byCode.body)).toContain(sample.code);

    const withSerial = demo.modules.find((m) => m.serial.length > 4)!;
    const bySerial = await list(`?serial=${withSerial.serial.slice(1, 5).toLowerCase()}`);
    expect(codes(bySerial.body)).toContain(withSerial.code);

    const state = sample.state_id!;
    const byState = await list(`?state=${state}&page_size=1000`);
    expect(byState.body.count).toBe(demo.modules.filter((m) => m.state_id === state).length);
    expect(byState.body.results.every((e: { state_id: number }) => e.state_id === state)).toBe(true);
    const states = [...new Set(demo.modules.map((m) => m.state_id))].filter((s): s is number => s !== null).slice(0, 2);
    const byStates = await list(`?state=${states.join(',')}&page_size=1`);
    expect(byStates.body.count).toBe(demo.modules.filter((m) => states.includes(m.state_id!)).length);

    const contractor = demo.modules.find((m) => m.last_state_change_contractor_id !== null)!.last_state_change_contractor_id!;
    const byContractor = await list(`?contractor=${contractor}`);
    expect(byContractor.body.count).toBe(demo.modules.filter((m) => m.last_state_change_contractor_id === contractor).length);

    const ct = sample.ctr_id!;
    const byCt = await list(`?ct=${ct}`);
    expect(byCt.body.count).toBe(demo.modules.filter((m) => m.ctr_id === ct).length);
    expect((await list('?ct=999999999')).body.count).toBe(0);

    const day = sample.updated_at.slice(0, 10);
    const byDay = await list(`?updated_from=${day}&updated_to=${day}&page_size=1000`);
    expect(byDay.body.count).toBe(demo.modules.filter((m) => m.updated_at.startsWith(day)).length);
    const exact = await list(`?updated_from=${encodeURIComponent(sample.updated_at)}&updated_to=${encodeURIComponent(sample.updated_at)}&page_size=1000`);
    expect(codes(exact.body)).toContain(sample.code);

    // The demo seeds a few duplicated serials (demo/serials.ts); the sample joins them.
    expect(sample.is_serial_duplicated).toBe(0);
    const seededDuplicates = demo.modules.filter((m) => m.is_serial_duplicated === 1);
    await get().db.updateTable('elements').set({ is_serial_duplicated: 1 }).where('id', '=', sample.id).execute();
    try {
      const flagged = await list('?is_serial_duplicated=true&page_size=1000');
      expect(codes(flagged.body)).toEqual([...seededDuplicates, sample].map((m) => m.code).sort());
      const notFlagged = await list('?is_serial_duplicated=false');
      expect(notFlagged.body.count).toBe(demo.modules.length - seededDuplicates.length - 1);
    } finally {
      await get().db.updateTable('elements').set({ is_serial_duplicated: 0 }).where('id', '=', sample.id).execute();
    }
  });

  it('orders by code, update time, state or id, either way', async () => {
    const descending = await list('?ordering=-code&page_size=3');
    expect(codes(descending.body)).toEqual(demo.modules.slice(-3).reverse().map((m) => m.code));
    const byUpdate = await list('?ordering=-updated_at&page_size=1000');
    const times = byUpdate.body.results.map((e: { updated_at: string }) => e.updated_at);
    expect(times).toEqual([...times].sort().reverse());
    const byState = await list('?ordering=state&page_size=1000');
    const stateIds = byState.body.results.map((e: { state_id: number }) => e.state_id).filter((s: number | null) => s !== null);
    expect(stateIds).toEqual([...stateIds].sort((a, b) => a - b));
    const byId = await list('?ordering=-id&page_size=2');
    expect(byId.body.results.map((e: { id: number }) => e.id)).toEqual(demo.modules.map((m) => m.id).sort((a, b) => b - a).slice(0, 2));
  });

  it('lists the elements of a plant by type code and CTR', async () => {
    const ctr = await get().db.selectFrom('elements').selectAll().where('plant_id', '=', demo.plant.id).where('type_id', '=', demo.types.get('CTR')!).executeTakeFirstOrThrow();
    const { status, body } = await get().call('GET', `/api/plants/${demo.plant.id}/elements/?type=MOD&ct=${ctr.id}&page_size=1000`);
    expect(status).toBe(200);
    expect(body.count).toBe(demo.modules.filter((m) => m.ctr_id === ctr.id).length);
    expect(body.results.every((e: { type_id: number }) => e.type_id === demo.types.get('MOD'))).toBe(true);
    const everyType = await get().call('GET', `/api/plants/${demo.plant.id}/elements/?ct=${ctr.id}&page_size=1`);
    const underCtr = await get().db.selectFrom('elements').select((eb) => eb.fn.countAll<number>().as('n')).where('ctr_id', '=', ctr.id).executeTakeFirstOrThrow();
    expect(everyType.body.count).toBe(Number(underCtr.n));
    const unknown = await get().call('GET', `/api/plants/${demo.plant.id}/elements/?type=XYZ`, { language: 'en' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ type: ['There is no element type with code XYZ.'] });
  });

  it('shows one element with its type, current state and geometry', async () => {
    const sample = demo.modules.find((m) => m.state_id !== null)!;
    const state = await get().db.selectFrom('states').selectAll().where('id', '=', sample.state_id!).executeTakeFirstOrThrow();
    const { status, body } = await get().call('GET', `/api/plants/${demo.plant.id}/modules/${sample.id}/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: sample.id,
      code: sample.code,
      geom: sample.geom,
      plant_id: demo.plant.id,
      ctr_id: sample.ctr_id,
      type: 'MOD',
      type_id: demo.types.get('MOD'),
      state: { id: state.id, code: state.code, name: state.name, color: state.color, is_ok: state.is_ok === 1 },
    });
  });

  it('answers 404 for an element under another type, another plant or another organisation', async () => {
    const sample = demo.modules[0];
    expect((await get().call('GET', `/api/plants/${demo.plant.id}/strings/${sample.id}/`)).status).toBe(404);
    expect((await get().call('GET', `/api/plants/${demo.plant.id}/extra-elements/${sample.id}/`)).status).toBe(404);
    expect((await get().call('GET', `/api/plants/${demo.other.id}/modules/${sample.id}/`, { as: USERS.otherAdmin })).status).toBe(404);
    expect((await get().call('GET', `/api/plants/${demo.plant.id}/modules/${sample.id}/`, { as: USERS.otherAdmin })).status).toBe(404);
    const theirList = await get().call('GET', `/api/plants/${demo.other.id}/modules/`);
    expect(theirList.status).toBe(404);
    expect(theirList.body).toEqual({ detail: 'No encontrado.', code: 'not_found' });
    expect((await get().call('GET', `/api/plants/${demo.other.id}/elements/?type=MOD`)).status).toBe(404);
  });

  it('answers 404 to a user not authorised on the plant', async () => {
    const ctx = get();
    const tech = await ctx.db.selectFrom('users').select('id').where('email', '=', USERS.technician).executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('user_plants').where('user_id', '=', tech.id).where('plant_id', '=', demo.plant.id).execute();
    try {
      expect((await get().call('GET', `/api/plants/${demo.plant.id}/modules/`, { as: USERS.technician })).status).toBe(404);
    } finally {
      await ctx.db.insertInto('user_plants').values({ user_id: tech.id, plant_id: demo.plant.id }).execute();
    }
    expect((await get().call('GET', `/api/plants/${demo.plant.id}/modules/`, { as: USERS.technician })).status).toBe(200);
  });

  it('lists extra element types through extra-elements/ only', async () => {
    const ctx = get();
    const trench = await ctx.db
      .insertInto('element_types')
      .values({ client_id: demo.plant.client_id, code: 'ZAN', name: 'Zanjas', original_element_type: 'ZAN' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await ctx.db
      .insertInto('elements')
      .values(['ZAN-02', 'ZAN-01'].map((code) => ({ plant_id: demo.plant.id, type_id: trench.id, code, geom: 'SRID=4326;LINESTRING(-5.6 37.4,-5.61 37.41)', updated_at: now })))
      .execute();
    const { status, body } = await get().call('GET', `/api/plants/${demo.plant.id}/extra-elements/?element_type=${trench.id}`);
    expect(status).toBe(200);
    expect(codes(body)).toEqual(['ZAN-01', 'ZAN-02']);
    const detail = await get().call('GET', `/api/plants/${demo.plant.id}/extra-elements/${body.results[0].id}/`);
    expect(detail.body).toMatchObject({ code: 'ZAN-01', type: 'ZAN', state: null });

    const standard = await get().call('GET', `/api/plants/${demo.plant.id}/extra-elements/?element_type=${demo.types.get('MOD')}`);
    expect(standard.status).toBe(400);
    expect(standard.body).toEqual({ element_type: ['El tipo MOD tiene su propia ruta: modules/. extra-elements/ es solo para los demás tipos.'] });
    const missing = await get().call('GET', `/api/plants/${demo.plant.id}/extra-elements/`);
    expect(missing.body).toEqual({ element_type: ['Este campo es obligatorio.'] });
    const theirs = await ctx.db.selectFrom('element_types').select('id').where('client_id', '=', demo.other.client_id).executeTakeFirstOrThrow();
    const foreign = await get().call('GET', `/api/plants/${demo.plant.id}/extra-elements/?element_type=${theirs.id}`);
    expect(foreign.body).toEqual({ element_type: [`No existe el tipo de elemento ${theirs.id}.`] });
  });

  it('refuses unknown types, non-numeric ids and bad filters clearly', async () => {
    const unknown = await get().call('GET', `/api/plants/${demo.plant.id}/gizmos/`, { language: 'en' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('There is no element type "gizmos". Use hincas, masts, strings, trackers, modules, inverters, ctrs or extra-elements.');
    expect((await get().call('GET', `/api/plants/${demo.plant.id}/gizmos/1/`)).status).toBe(404);
    const badPlant = await get().call('GET', '/api/plants/abc/modules/');
    expect(badPlant.status).toBe(400);
    expect(badPlant.body).toHaveProperty('id');
    const badElement = await get().call('GET', `/api/plants/${demo.plant.id}/modules/xyz/`);
    expect(badElement.status).toBe(400);
    expect(badElement.body).toHaveProperty('elementId');
    const badState = await list('?state=1,x');
    expect(badState.status).toBe(400);
    expect(badState.body).toEqual({ state: ['El formato no es válido.'] });
    expect((await list('?ordering=colour')).status).toBe(400);
    expect((await list('?page_size=1001')).status).toBe(400);
    expect((await list('?updated_from=yesterday')).status).toBe(400);
  });

  it('keeps a page count right after a state change', async () => {
    const ctx = get();
    const pending = await ctx.db.selectFrom('states').select('id').where('element_type_id', '=', demo.types.get('MOD')!).where('code', '=', 'PEND').executeTakeFirstOrThrow();
    const mounted = await ctx.db.selectFrom('states').select('id').where('element_type_id', '=', demo.types.get('MOD')!).where('code', '=', 'MONT').executeTakeFirstOrThrow();
    // A plant of this test's own with one pending module and one mounted, so the demo plant's figures stay as loaded.
    const { id: plantId } = await ctx.db
      .insertInto('plants')
      .values({ client_id: demo.plant.client_id, code: 'CNT-01', name: 'FV Recuento', state_group_id: demo.plant.state_group_id, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const module = (code: string, state: number) =>
      ctx.db
        .insertInto('elements')
        .values({ plant_id: plantId, type_id: demo.types.get('MOD')!, code, state_id: state, updated_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
    const sample = await module('M-01', pending.id);
    await module('M-02', mounted.id);
    expect((await list(`?state=${mounted.id}`, plantId)).body.count).toBe(1);
    const recorded = await ctx.app.inject({
      method: 'POST',
      url: `/api/plants/${plantId}/modules/${sample.id}/state-change/`,
      payload: { state: mounted.id, element_type: demo.types.get('MOD') },
      headers: await ctx.as(USERS.admin),
    });
    expect(recorded.statusCode).toBe(200);
    expect((await list(`?state=${mounted.id}`, plantId)).body.count).toBe(2);
  });
});
