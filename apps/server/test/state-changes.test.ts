import { beforeAll, expect, it } from 'vitest';
import { isStateChangeRefusal } from '@heliotrack/domain/state-change-refusals';
import { REFUSAL_CASES, type RefusalSituation } from '@heliotrack/domain/state-change-rule.cases';
import { createDemoPlant } from '../src/demo/plant';
import { type Answer, describeEachDatabase, type TestContext, USERS } from './helpers';

/*
 * The specification's state change (section 4): a single or massive change stores one history
 * record and sets the state of every affected element; DESIGN section 4: all or nothing, depends_on.
 * The demo states of modules are Pendiente, Montado, Conectado (depends on Montado), Inspeccionado
 * (depends on Conectado) and No OK.
 */
describeEachDatabase('state changes', (get) => {
  let demo: Awaited<ReturnType<typeof loadDemo>>;

  async function loadDemo(ctx: TestContext) {
    const client = await ctx.db.selectFrom('clients').select('id').where('name', '=', 'Demo Solar').executeTakeFirstOrThrow();
    const plant = await ctx.db.selectFrom('plants').selectAll().where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    const types = new Map(
      (await ctx.db.selectFrom('element_types').select(['id', 'code']).where('client_id', '=', client.id).execute()).map((t) => [t.code, t.id]),
    );
    const stateOf = async (typeCode: string, code: string) =>
      ctx.db
        .selectFrom('states')
        .selectAll()
        .where('element_type_id', '=', types.get(typeCode)!)
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
    const states = {
      pending: await stateOf('MOD', 'PEND'),
      mounted: await stateOf('MOD', 'MONT'),
      connected: await stateOf('MOD', 'CONE'),
      inspected: await stateOf('MOD', 'INSP'),
      notOk: await stateOf('MOD', 'NOK'),
      stringLaid: await stateOf('STR', 'TEND'),
    };
    const contractors = await ctx.db.selectFrom('contractors').select('id').where('client_id', '=', client.id).orderBy('id').execute();
    const transactionTypes = await ctx.db.selectFrom('transaction_types').selectAll().where('client_id', '=', client.id).execute();
    const other = await ctx.db
      .selectFrom('plants')
      .innerJoin('clients', 'clients.id', 'plants.client_id')
      .select(['plants.id', 'plants.client_id'])
      .where('clients.name', '=', 'Otra Energía')
      .executeTakeFirstOrThrow();
    const otherContractor = await ctx.db.selectFrom('contractors').select('id').where('client_id', '=', other.client_id).executeTakeFirstOrThrow();
    const otherTransactionType = await ctx.db.selectFrom('transaction_types').select('id').where('client_id', '=', other.client_id).executeTakeFirstOrThrow();
    return { clientId: client.id, plant, types, states, contractors, transactionTypes, other, otherContractor, otherTransactionType };
  }

  /**
   * Module ids of a plant without seeded history, set to a known state first, so that each test
   * starts from what it says (the demo seed gives the modules the works reached a history).
   */
  let nextModule = 0;
  let seededChanges = 0;
  async function modulesIn(stateId: number | null, count = 1, plantId = demo.plant.id) {
    const rows = await get()
      .db.selectFrom('elements')
      .innerJoin('element_types', 'element_types.id', 'elements.type_id')
      .select('elements.id')
      .where('elements.plant_id', '=', plantId)
      .where('element_types.code', '=', 'MOD')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('state_change_elements as sce').select('sce.element_id').whereRef('sce.element_id', '=', 'elements.id').where('sce.state_change_id', '<=', seededChanges))),
      )
      .orderBy('elements.id')
      .offset(plantId === demo.plant.id ? nextModule : 0)
      .limit(count)
      .execute();
    if (plantId === demo.plant.id) nextModule += count;
    const ids = rows.map((r) => r.id);
    await get().db.updateTable('elements').set({ state_id: stateId }).where('id', 'in', ids).execute();
    return ids;
  }

  const modulesUrl = (suffix: string, plantId = demo.plant.id) => `/api/plants/${plantId}/modules/${suffix}`;
  const stateOf = async (id: number) =>
    (await get().db.selectFrom('elements').select(['state_id', 'last_state_change_contractor_id', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow());
  const historyRows = async (elementIds: number[]) =>
    get().db.selectFrom('state_change_elements').selectAll().where('element_id', 'in', elementIds).execute();
  const version = async (plantId = demo.plant.id) =>
    (await get().db.selectFrom('plants').select('elements_version').where('id', '=', plantId).executeTakeFirstOrThrow()).elements_version;
  const change = (state: { id: number }, extra: object = {}) => ({ state: state.id, element_type: demo.types.get('MOD')!, ...extra });

  beforeAll(async () => {
    demo = await loadDemo(get());
    const last = await get().db.selectFrom('state_changes').select((eb) => eb.fn.max<number | null>('id').as('id')).executeTakeFirstOrThrow();
    seededChanges = last.id ?? 0;
  });

  it('changes the state of one element and keeps a history record of it', async () => {
    const [id] = await modulesIn(demo.states.pending.id);
    const before = await version();
    const contractor = demo.contractors[1].id;
    const install = demo.transactionTypes.find((t) => t.code === 'INS')!;
    const res = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.mounted, { contractor, transaction_type: install.id, observations: '  Fila 3 montada  ' }) });
    expect(res.status).toBe(200);
    const result = res.body;
    expect(result).toEqual({
      id: expect.any(Number),
      element_count: 1,
      state: demo.states.mounted.id,
      detail: 'Estado actualizado correctamente!',
      elements_version: before + 1,
      applied_count: 1,
      late_count: 0,
      conflict_count: 0,
    });
    const plant = await get().app.inject({ method: 'GET', url: `/api/plants/${demo.plant.id}/`, headers: await get().as(USERS.admin) });
    expect(plant.json().elements_version).toBe(before + 1);

    const element = await stateOf(id);
    expect(element.state_id).toBe(demo.states.mounted.id);
    expect(element.last_state_change_contractor_id).toBe(contractor);
    expect(Date.now() - Date.parse(element.updated_at)).toBeLessThan(60_000);
    const record = await get().db.selectFrom('state_changes').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ plant_id: demo.plant.id, state_id: demo.states.mounted.id, contractor_id: contractor, transaction_type_id: install.id, observations: 'Fila 3 montada', element_count: 1 });
    expect(await historyRows([id])).toEqual([{ state_change_id: result.id, element_id: id, previous_state_id: demo.states.pending.id, late: 0, conflict: 0 }]);
    expect(await version()).toBe(before + 1);
  });

  it('stores no observations when they are blank, and keeps the last contractor when none is given', async () => {
    const [id] = await modulesIn(demo.states.pending.id);
    const first = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.mounted, { contractor: demo.contractors[0].id }) });
    expect(first.status).toBe(200);
    const res = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.connected, { observations: '   ' }) });
    expect(res.status).toBe(200);
    const record = await get().db.selectFrom('state_changes').select('observations').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(record.observations).toBe('');
    expect((await stateOf(id)).last_state_change_contractor_id).toBe(demo.contractors[0].id);
  });

  it('answers in the language of the request', async () => {
    const [id] = await modulesIn(demo.states.pending.id);
    const en = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.mounted), language: 'en' });
    expect(en.body.detail).toBe('State updated successfully!');
    const it = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.notOk), language: 'it' });
    expect(it.body.detail).toBe('Stato aggiornato correttamente!');
  });

  it('changes many elements at once with one history record and a row per element', async () => {
    const pending = await modulesIn(demo.states.pending.id, 3);
    const notOk = await modulesIn(demo.states.notOk.id, 2);
    const ids = [...pending, ...notOk];
    const before = await version();
    const res = await get().call('POST', modulesUrl('massive-state-change/'), { payload: change(demo.states.mounted, { element_ids: [...ids, ids[0]] }) });
    expect(res.status).toBe(200);
    const result = res.body;
    expect(result).toMatchObject({ element_count: 5, state: demo.states.mounted.id });
    for (const id of ids) expect((await stateOf(id)).state_id).toBe(demo.states.mounted.id);
    const rows = await historyRows(ids);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.state_change_id))).toEqual(new Set([result.id]));
    expect(rows.find((r) => r.element_id === notOk[0])!.previous_state_id).toBe(demo.states.notOk.id);
    expect(await version()).toBe(before + 1);
  });

  it('changes nothing when one element of a massive change is of another plant', async () => {
    const ids = await modulesIn(demo.states.pending.id, 3);
    const [foreign] = await get().db.selectFrom('elements').select('id').where('plant_id', '=', demo.other.id).limit(1).execute();
    const changesBefore = await get().db.selectFrom('state_changes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const before = await version();
    const res = await get().call('POST', modulesUrl('massive-state-change/'), { payload: change(demo.states.mounted, { element_ids: [...ids, foreign.id] }) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ element_ids: [`Estos elementos no existen o no son del tipo MOD en esta planta: ${foreign.id}.`], code: 'element_not_found' });
    for (const id of ids) expect((await stateOf(id)).state_id).toBe(demo.states.pending.id);
    expect(await historyRows(ids)).toEqual([]);
    const changesAfter = await get().db.selectFrom('state_changes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(changesAfter.n)).toBe(Number(changesBefore.n));
    expect(await version()).toBe(before);
  });

  it('names only a few of many unknown element ids', async () => {
    const [id] = await modulesIn(demo.states.pending.id);
    const unknown = Array.from({ length: 8 }, (_, i) => 900_000_001 + i);
    const res = await get().call('POST', modulesUrl('massive-state-change/'), { payload: change(demo.states.mounted, { element_ids: [id, ...unknown] }), language: 'en' });
    expect(res.status).toBe(400);
    expect(res.body.element_ids).toEqual([
      'These elements do not exist or are not of type MOD in this plant: 900000001, 900000002, 900000003, 900000004, 900000005 and 3 more.',
    ]);
    expect((await stateOf(id)).state_id).toBe(demo.states.pending.id);
  });

  it('refuses elements of another type than the path', async () => {
    const string = await get().db.selectFrom('elements').select('id').where('plant_id', '=', demo.plant.id).where('type_id', '=', demo.types.get('STR')!).executeTakeFirstOrThrow();
    const massive = await get().call('POST', modulesUrl('massive-state-change/'), { payload: change(demo.states.mounted, { element_ids: [string.id] }) });
    expect(massive.status).toBe(400);
    expect(massive.body).toHaveProperty('element_ids');
    const single = await get().call('POST', modulesUrl(`${string.id}/state-change/`), { payload: change(demo.states.mounted) });
    expect(single.status).toBe(404);
  });

  it('refuses a state whose depends_on state the element has not reached', async () => {
    const [pending] = await modulesIn(demo.states.pending.id);
    const [mounted] = await modulesIn(demo.states.mounted.id);
    const [inspected] = await modulesIn(demo.states.inspected.id);
    // Conectado depends on Montado: reached by an element in Montado, and by one in Inspeccionado,
    // whose chain (Inspeccionado → Conectado → Montado) leads to it; not by one still pending.
    const refused = await get().call('POST', modulesUrl('massive-state-change/'), { payload: change(demo.states.connected, { element_ids: [mounted, pending, inspected] }) });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      state: [`El estado «Conectado» requiere haber alcanzado antes «Montado», y estos elementos no lo han alcanzado: ${pending}.`],
      code: 'depends_on_not_reached',
    });
    expect((await stateOf(mounted)).state_id).toBe(demo.states.mounted.id);

    const single = await get().call('POST', modulesUrl(`${pending}/state-change/`), { payload: change(demo.states.inspected), language: 'en' });
    expect(single.status).toBe(400);
    expect(single.body.state[0]).toBe(`State "Inspeccionado" requires "Conectado" to have been reached first, and these elements have not reached it: ${pending}.`);

    const accepted = await get().call('POST', modulesUrl('massive-state-change/'), { payload: change(demo.states.connected, { element_ids: [mounted, inspected] }) });
    expect(accepted.status).toBe(200);
  });

  it('refuses a state of another element type, and an inactive one', async () => {
    const [id] = await modulesIn(demo.states.pending.id);
    const otherType = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.stringLaid) });
    expect(otherType.status).toBe(400);
    expect(otherType.body).toEqual({ state: ['El estado «Tendido» es de otro tipo de elemento.'], code: 'state_of_another_type' });

    await get().db.updateTable('states').set({ is_active: 0 }).where('id', '=', demo.states.mounted.id).execute();
    try {
      const inactive = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.mounted), language: 'en' });
      expect(inactive.status).toBe(400);
      expect(inactive.body).toEqual({ state: ['State "Montado" is deactivated and can no longer be assigned.'], code: 'state_not_recordable' });
    } finally {
      await get().db.updateTable('states').set({ is_active: 1 }).where('id', '=', demo.states.mounted.id).execute();
    }
    expect((await stateOf(id)).state_id).toBe(demo.states.pending.id);
  });

  it("refuses a state outside the plant's state group", async () => {
    const [id] = await modulesIn(demo.states.pending.id);
    await get().db.deleteFrom('state_group_states').where('state_group_id', '=', demo.plant.state_group_id!).where('state_id', '=', demo.states.notOk.id).execute();
    try {
      const res = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.notOk) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ state: ['El estado «No OK» no pertenece al grupo de estados de esta planta.'], code: 'state_not_recordable' });
    } finally {
      await get().db.insertInto('state_group_states').values({ state_group_id: demo.plant.state_group_id!, state_id: demo.states.notOk.id }).execute();
    }
  });

  it('refuses an element_type that does not match the path', async () => {
    const [id] = await modulesIn(demo.states.pending.id);
    const res = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: { state: demo.states.mounted.id, element_type: demo.types.get('STR')! } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ element_type: [`El tipo de elemento no corresponde a la ruta: se esperaba MOD (${demo.types.get('MOD')}).`], code: 'element_type_mismatch' });
  });

  it('refuses a transaction type or a contractor of another organisation', async () => {
    const [id] = await modulesIn(demo.states.pending.id);
    const transaction = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.mounted, { transaction_type: demo.otherTransactionType.id }) });
    expect(transaction.status).toBe(400);
    expect(transaction.body).toEqual({ transaction_type: [`No existe el tipo de transacción ${demo.otherTransactionType.id}.`], code: 'transaction_type_unknown' });
    const contractor = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.mounted, { contractor: demo.otherContractor.id }), language: 'it' });
    expect(contractor.status).toBe(400);
    expect(contractor.body).toEqual({ contractor: [`L'appaltatore ${demo.otherContractor.id} non esiste.`], code: 'contractor_unknown' });
    const pileWork = demo.transactionTypes.find((t) => t.code === 'HINC')!;
    const otherType = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.mounted, { transaction_type: pileWork.id }) });
    expect(otherType.body).toEqual({ transaction_type: ['El tipo de transacción «HINC» es de otro tipo de elemento.'], code: 'transaction_type_of_another_type' });
    expect((await stateOf(id)).state_id).toBe(demo.states.pending.id);
  });

  it('links uploaded documents of the plant, and refuses them once linked or from another plant', async () => {
    const [first, second] = await modulesIn(demo.states.pending.id, 2);
    const now = new Date().toISOString();
    const document = (plantId: number, clientId: number, key: string) =>
      get()
        .db.insertInto('documents')
        .values({ client_id: clientId, plant_id: plantId, name: 'acta.pdf', size: 10, content_type: 'application/pdf', storage_key: key, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    const ours = await document(demo.plant.id, demo.clientId, 'test-linked-1');
    const theirs = await document(demo.other.id, demo.other.client_id, 'test-linked-2');

    const linked = await get().call('POST', modulesUrl(`${first}/state-change/`), { payload: change(demo.states.mounted, { documents: [ours.id] }) });
    expect(linked.status).toBe(200);
    const row = await get().db.selectFrom('documents').select('state_change_id').where('id', '=', ours.id).executeTakeFirstOrThrow();
    expect(row.state_change_id).toBe(linked.body.id);

    const again = await get().call('POST', modulesUrl(`${second}/state-change/`), { payload: change(demo.states.mounted, { documents: [ours.id] }) });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ documents: [`Estos documentos no son de esta planta o ya están vinculados a un cambio de estado: ${ours.id}.`], code: 'documents_unavailable' });
    const foreign = await get().call('POST', modulesUrl(`${second}/state-change/`), { payload: change(demo.states.mounted, { documents: [theirs.id] }) });
    expect(foreign.status).toBe(400);
    expect((await stateOf(second)).state_id).toBe(demo.states.pending.id);
  });

  it('answers a repeated client_uuid with the first result and writes nothing again', async () => {
    const [id] = await modulesIn(demo.states.pending.id);
    const body = change(demo.states.mounted, { client_uuid: '6f1c1d0e-offline-0001' });
    const first = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: body });
    expect(first.status).toBe(200);
    const before = await version();
    const replay = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: body });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await historyRows([id])).toHaveLength(1);
    expect(await version()).toBe(before);

    const massive = { ...change(demo.states.mounted), element_ids: await modulesIn(demo.states.pending.id, 2), client_uuid: '6f1c1d0e-offline-0002' };
    const [a, b] = await Promise.all([get().call('POST', modulesUrl('massive-state-change/'), { payload: massive }), get().call('POST', modulesUrl('massive-state-change/'), { payload: massive })]);
    expect(a.body).toEqual(b.body);
    expect(await historyRows(massive.element_ids)).toHaveLength(2);
  });

  it("answers another organisation's client_uuid as a new change, and keeps each organisation's first result", async () => {
    const ctx = get();
    const uuid = '6f1c1d0e-shared-0003';
    const [ours] = await modulesIn(demo.states.pending.id);
    const first = await get().call('POST', modulesUrl(`${ours}/state-change/`), { payload: change(demo.states.mounted, { client_uuid: uuid }) });
    expect(first.status).toBe(200);

    const theirType = await ctx.db.selectFrom('element_types').select('id').where('client_id', '=', demo.other.client_id).where('code', '=', 'MOD').executeTakeFirstOrThrow();
    const theirState = await ctx.db.selectFrom('states').select('id').where('element_type_id', '=', theirType.id).where('depends_on', 'is', null).where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const [theirs] = await modulesIn(null, 1, demo.other.id);
    const payload = { state: theirState.id, element_type: theirType.id, client_uuid: uuid };
    const other = await get().call('POST', modulesUrl(`${theirs}/state-change/`, demo.other.id), { payload, as: USERS.otherAdmin });
    expect(other.status).toBe(200);
    expect(other.body.id).not.toBe(first.body.id);
    expect((await stateOf(theirs)).state_id).toBe(theirState.id);
    // Each organisation's repeat answers its own first result.
    const again = await get().call('POST', modulesUrl(`${theirs}/state-change/`, demo.other.id), { payload, as: USERS.otherAdmin });
    expect(again.body).toEqual(other.body);
    const ourAgain = await get().call('POST', modulesUrl(`${ours}/state-change/`), { payload: change(demo.states.mounted, { client_uuid: uuid }) });
    expect(ourAgain.body.id).toBe(first.body.id);
    const rows = await ctx.db.selectFrom('state_changes').select('client_id').where('client_uuid', '=', uuid).execute();
    expect(rows.map((r) => r.client_id).sort()).toEqual([demo.clientId, demo.other.client_id].sort());
  });

  it('keeps when a change was made on the device beside the server time, and shows both in the history', async () => {
    const [id] = await modulesIn(demo.states.pending.id);
    const madeOffline = new Date(Date.now() - 3 * 3_600_000);
    const res = await get().call('POST', modulesUrl(`${id}/state-change/`), {
      payload: change(demo.states.mounted, { recorded_at: madeOffline.toISOString().replace('Z', '+00:00') }),
    });
    expect(res.status).toBe(200);
    const record = await get().db.selectFrom('state_changes').select(['created_at', 'recorded_at']).where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(record.recorded_at).toBe(madeOffline.toISOString());
    expect(Date.now() - Date.parse(record.created_at)).toBeLessThan(60_000);
    // A device clock a little ahead of the server's is accepted.
    const ahead = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.notOk, { recorded_at: new Date(Date.now() + 60_000).toISOString() }) });
    expect(ahead.status).toBe(200);

    const history = await get().call('GET', `/api/elements/${id}/state-changes/`);
    expect(history.body.results.map((r: { id: number; recorded_at: string | null; created_at: string }) => [r.id, r.recorded_at])).toEqual([
      [ahead.body.id, expect.any(String)],
      [res.body.id, madeOffline.toISOString()],
    ]);
    // A change observed now (no recorded_at) is older than the one the clock ahead made: it is late,
    // kept in history below it, and the element keeps the later-observed state (DESIGN section 6).
    const plain = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.mounted) });
    expect(plain.body).toMatchObject({ applied_count: 0, late_count: 1, conflict_count: 0 });
    const latest = await get().call('GET', `/api/elements/${id}/state-changes/?page_size=2`);
    expect(latest.body.results).toMatchObject([
      { id: ahead.body.id, late: false },
      { id: plain.body.id, recorded_at: null, late: true },
    ]);
    expect((await stateOf(id)).state_id).toBe(demo.states.notOk.id);
  });

  it('refuses a recorded_at in the future or malformed with a 400 in the language of the request', async () => {
    const [id] = await modulesIn(demo.states.pending.id);
    const future = new Date(Date.now() + 10 * 60_000).toISOString();
    const late = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.mounted, { recorded_at: future }), language: 'en' });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({
      recorded_at: [expect.stringMatching(new RegExp(`^The time the change was made \\(${future.replace(/\./g, '\\.')}\\) is later than the server's current time`))],
      code: 'recorded_at_in_future',
    });
    // The shape the device reads refusals with (packages/domain).
    expect(isStateChangeRefusal(late.body)).toBe(true);
    const massive = await get().call('POST', modulesUrl('massive-state-change/'), { payload: change(demo.states.mounted, { element_ids: [id], recorded_at: future }) });
    expect(massive.body.code).toBe('recorded_at_in_future');
    expect(massive.body.recorded_at[0]).toContain('es posterior a la hora actual del servidor');
    for (const malformed of ['yesterday', '2026-13-01T00:00:00Z', '2026-01-01', 12]) {
      const res = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.mounted, { recorded_at: malformed }), language: 'it' });
      expect(res.status, String(malformed)).toBe(400);
      expect(Object.keys(res.body)).toEqual(['recorded_at']);
    }
    expect((await stateOf(id)).state_id).toBe(demo.states.pending.id);
    expect(await historyRows([id])).toEqual([]);
  });

  it('takes the offline payload on the single-change path: element_ids of exactly the path element', async () => {
    const [id, other] = await modulesIn(demo.states.pending.id, 2);
    const offline = { state: demo.states.mounted.id, element_type: demo.types.get('MOD')!, documents: [], observations: '', element_ids: [id] };
    const res = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: offline });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ element_count: 1, detail: 'Estado actualizado correctamente!' });
    expect((await stateOf(id)).state_id).toBe(demo.states.mounted.id);

    for (const elementIds of [[other], [id, other], []]) {
      const refused = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: { ...offline, state: demo.states.notOk.id, element_ids: elementIds }, language: 'en' });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ element_ids: [`This change is of element ${id}: element_ids must be exactly [${id}].`], code: 'element_ids_mismatch' });
    }
    expect((await stateOf(id)).state_id).toBe(demo.states.mounted.id);
    expect((await stateOf(other)).state_id).toBe(demo.states.pending.id);
  });

  it('lets a field technician authorised on the plant record changes', async () => {
    const [id] = await modulesIn(demo.states.pending.id);
    const res = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.mounted), as: USERS.technician });
    expect(res.status).toBe(200);
    const record = await get().db.selectFrom('state_changes').innerJoin('users', 'users.id', 'state_changes.user_id').select('users.email').where('state_changes.id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(record.email).toBe(USERS.technician);
  });

  it('refuses a field technician a state outside their RUCs, and everything once their RUCs go', async () => {
    // The demo gives the technician the "Montaje" RUC (construction states) but not "Calidad".
    const [id] = await modulesIn(demo.states.connected.id);
    const refused = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.inspected), as: USERS.technician });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ state: [`No tiene permiso para registrar el estado «${demo.states.inspected.name}» en esta planta.`], code: 'state_not_recordable' });
    expect((await stateOf(id)).state_id).toBe(demo.states.connected.id);
    // An administrator may record any state.
    expect((await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.inspected) })).status).toBe(200);

    const tech = await get().db.selectFrom('users').select('id').where('email', '=', USERS.technician).executeTakeFirstOrThrow();
    const rucs = await get().db.selectFrom('user_rucs').selectAll().where('user_id', '=', tech.id).where('plant_id', '=', demo.plant.id).execute();
    await get().db.updateTable('user_rucs').set({ is_active: 0 }).where('user_id', '=', tech.id).where('plant_id', '=', demo.plant.id).execute();
    try {
      const [other] = await modulesIn(demo.states.pending.id);
      const noRuc = await get().call('POST', modulesUrl(`${other}/state-change/`), { payload: change(demo.states.mounted), as: USERS.technician });
      expect(noRuc.status).toBe(400);
      expect((await stateOf(other)).state_id).toBe(demo.states.pending.id);
    } finally {
      for (const ruc of rucs) await get().db.updateTable('user_rucs').set({ is_active: ruc.is_active }).where('user_id', '=', ruc.user_id).where('ruc_id', '=', ruc.ruc_id).execute();
    }
  });

  it('records changes of extra element types under extra-elements/', async () => {
    const ctx = get();
    const trench = await ctx.db
      .insertInto('element_types')
      .values({ client_id: demo.clientId, code: 'ZAN', name: 'Zanjas', original_element_type: 'ZAN' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dug = await ctx.db.insertInto('states').values({ client_id: demo.clientId, element_type_id: trench.id, code: 'EXC', name: 'Excavada' }).returning('id').executeTakeFirstOrThrow();
    await ctx.db.insertInto('state_group_states').values({ state_group_id: demo.plant.state_group_id!, state_id: dug.id }).execute();
    const now = new Date().toISOString();
    const elements = await ctx.db
      .insertInto('elements')
      .values([1, 2].map((n) => ({ plant_id: demo.plant.id, type_id: trench.id, code: `ZAN-${n}`, updated_at: now })))
      .returning('id')
      .execute();
    const body = { state: dug.id, element_type: trench.id };
    const single = await get().call('POST', `/api/plants/${demo.plant.id}/extra-elements/${elements[0].id}/state-change/`, { payload: body });
    expect(single.status).toBe(200);
    const massive = await get().call('POST', `/api/plants/${demo.plant.id}/extra-elements/massive-state-change/`, { payload: { ...body, element_ids: elements.map((e) => e.id) } });
    expect(massive.status).toBe(200);
    expect(massive.body.element_count).toBe(2);
    const standard = await get().call('POST', `/api/plants/${demo.plant.id}/extra-elements/massive-state-change/`, { payload: change(demo.states.mounted, { element_ids: [1] }) });
    expect(standard.status).toBe(400);
    expect(standard.body).toEqual({ element_type: ['El tipo MOD tiene su propia ruta: modules/. extra-elements/ es solo para los demás tipos.'] });
    const moduleAsExtra = await get().call('POST', `/api/plants/${demo.plant.id}/extra-elements/${(await modulesIn(demo.states.pending.id))[0]}/state-change/`, { payload: body });
    expect(moduleAsExtra.status).toBe(404);
  });

  it('shows the history of an element newest first, with who, what and the documents', async () => {
    const [id] = await modulesIn(demo.states.pending.id);
    const first = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.mounted, { contractor: demo.contractors[1].id, observations: 'Montado sin incidencias' }) });
    const now = new Date().toISOString();
    const photo = await get()
      .db.insertInto('documents')
      .values({ client_id: demo.clientId, plant_id: demo.plant.id, name: 'foto.jpg', size: 1234, content_type: 'image/jpeg', storage_key: 'test-history-1', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const second = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: change(demo.states.connected, { documents: [photo.id] }), as: USERS.technician });

    const res = await get().app.inject({ method: 'GET', url: `/api/elements/${id}/state-changes/`, headers: await get().as(USERS.admin) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results.map((r: { id: number }) => r.id)).toEqual([second.body.id, first.body.id]);
    const [latest, earliest] = body.results;
    expect(latest).toMatchObject({
      state: { id: demo.states.connected.id, code: 'CONE', name: 'Conectado', color: '1e88e5', is_ok: true },
      previous_state: { id: demo.states.mounted.id, name: 'Montado' },
      user: { name: 'Tomás Técnico' },
      contractor: null,
      element_count: 1,
      documents: [{ id: photo.id, name: 'foto.jpg', size: 1234, content_type: 'image/jpeg', url: `/api/documents/${photo.id}/download/` }],
    });
    expect(earliest).toMatchObject({
      previous_state: { id: demo.states.pending.id },
      contractor: { id: demo.contractors[1].id },
      user: { name: 'Ana Administradora' },
      observations: 'Montado sin incidencias',
      documents: [],
    });

    const paged = await get().app.inject({ method: 'GET', url: `/api/elements/${id}/state-changes/?page_size=1&page=2`, headers: await get().as(USERS.admin) });
    expect(paged.json()).toMatchObject({ count: 2, next: null, results: [{ id: first.body.id }] });
    expect(paged.json().previous).toContain('page=1');
  });

  it("answers 404 for another organisation's plant, element and history", async () => {
    const [theirs] = await modulesIn(null, 1, demo.other.id);
    const asOther = await get().call('POST', modulesUrl(`${theirs}/state-change/`, demo.other.id), { payload: change(demo.states.mounted) });
    expect(asOther.status).toBe(404);
    const ours = await modulesIn(demo.states.pending.id);
    const intoOurs = await get().call('POST', modulesUrl('massive-state-change/'), { payload: change(demo.states.mounted, { element_ids: ours }), as: USERS.otherAdmin });
    expect(intoOurs.status).toBe(404);
    const history = await get().app.inject({ method: 'GET', url: `/api/elements/${ours[0]}/state-changes/`, headers: await get().as(USERS.otherAdmin) });
    expect(history.statusCode).toBe(404);
    expect((await stateOf(ours[0])).state_id).toBe(demo.states.pending.id);
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const [id] = await modulesIn(demo.states.pending.id);
    const empty = await get().call('POST', modulesUrl('massive-state-change/'), { payload: change(demo.states.mounted, { element_ids: [] }) });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ element_ids: ['Este campo es obligatorio.'] });

    const tooMany = Array.from({ length: 50_001 }, (_, i) => i + 1);
    const big = await get().call('POST', modulesUrl('massive-state-change/'), { payload: change(demo.states.mounted, { element_ids: tooMany }), language: 'en' });
    expect(big.status).toBe(400);
    expect(big.body).toEqual({ element_ids: [expect.stringContaining('50000')] });

    const notNumbers = await get().call('POST', modulesUrl('massive-state-change/'), { payload: change(demo.states.mounted, { element_ids: ['abc'] }) });
    expect(notNumbers.status).toBe(400);
    expect(Object.keys(notNumbers.body)).toEqual(['element_ids.0']);

    const badPath = await get().call('POST', `/api/plants/${demo.plant.id}/modules/abc/state-change/`, { payload: change(demo.states.mounted) });
    expect(badPath.status).toBe(400);
    expect(badPath.body).toHaveProperty('elementId');

    const unknownType = await get().call('POST', `/api/plants/${demo.plant.id}/gizmos/${id}/state-change/`, { payload: change(demo.states.mounted) });
    expect(unknownType.status).toBe(404);
    expect(unknownType.body.detail).toContain('gizmos');

    const missing = await get().call('POST', modulesUrl(`${id}/state-change/`), { payload: { element_type: demo.types.get('MOD')! } });
    expect(missing.body).toEqual({ state: ['Este campo es obligatorio.'] });
    expect((await stateOf(id)).state_id).toBe(demo.states.pending.id);
  });

  it('keeps elements of another plant of the same organisation out of the path plant', async () => {
    const ctx = get();
    const second = await createDemoPlant(ctx.db, demo.clientId, { mwp: 0.05, code: 'CAR-T', name: 'FV Carmona prueba' });
    const [elsewhere] = await modulesIn(demo.states.pending.id, 1, second.plantId);
    const single = await get().call('POST', modulesUrl(`${elsewhere}/state-change/`), { payload: change(demo.states.mounted) });
    expect(single.status).toBe(404);
    const massive = await get().call('POST', modulesUrl('massive-state-change/'), { payload: change(demo.states.mounted, { element_ids: [elsewhere] }) });
    expect(massive.status).toBe(400);
    expect((await stateOf(elsewhere)).state_id).toBe(demo.states.pending.id);
  });
  /** The shared table of packages/domain (state-change-rule.cases.ts), as the API answers it. */
  it.each(Object.keys(REFUSAL_CASES) as RefusalSituation[])('refuses as the shared rule table says: %s', async (situation) => {
    const [id] = await modulesIn(demo.states.pending.id);
    const single = (payload: object, as?: string) => get().call('POST', modulesUrl(`${id}/state-change/`), { payload, as });
    const situations: Record<RefusalSituation, () => Promise<Answer>> = {
      element_type_of_another_path: () => single({ state: demo.states.mounted.id, element_type: demo.types.get('STR')! }),
      state_unknown: () => single(change({ id: 900_000_001 })),
      state_of_another_type: () => single(change(demo.states.stringLaid)),
      state_inactive: async () => {
        await get().db.updateTable('states').set({ is_active: 0 }).where('id', '=', demo.states.mounted.id).execute();
        try {
          return await single(change(demo.states.mounted));
        } finally {
          await get().db.updateTable('states').set({ is_active: 1 }).where('id', '=', demo.states.mounted.id).execute();
        }
      },
      state_outside_plant_states: async () => {
        const group = demo.plant.state_group_id!;
        await get().db.deleteFrom('state_group_states').where('state_group_id', '=', group).where('state_id', '=', demo.states.notOk.id).execute();
        try {
          return await single(change(demo.states.notOk));
        } finally {
          await get().db.insertInto('state_group_states').values({ state_group_id: group, state_id: demo.states.notOk.id }).execute();
        }
      },
      state_not_in_users_rucs: () => single(change(demo.states.inspected), USERS.technician),
      element_missing: () => get().call('POST', modulesUrl('massive-state-change/'), { payload: change(demo.states.mounted, { element_ids: [id, 900_000_001] }) }),
      depends_on_not_reached: () => single(change(demo.states.connected)),
      element_ids_not_the_path_element: () => single(change(demo.states.mounted, { element_ids: [id, 900_000_001] })),
    };
    const res = await situations[situation]();
    const { code, field } = REFUSAL_CASES[situation];
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ [field]: [expect.any(String)], code });
    expect((await stateOf(id)).state_id).toBe(demo.states.pending.id);
  });
});
