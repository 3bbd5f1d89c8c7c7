import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext, USERS } from './helpers';

/*
 * The catalogues of a plant's follow-up (specification section 7): element types, transaction
 * types, the plant's states and contractors, and the plant's contractor group.
 */
describeEachDatabase('catalogues', (get) => {
  let demo: Awaited<ReturnType<typeof loadDemo>>;

  async function loadDemo(ctx: TestContext) {
    const plant = await ctx.db.selectFrom('plants').selectAll().where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    const other = await ctx.db.selectFrom('plants').selectAll().where('code', '=', 'ECI-01').executeTakeFirstOrThrow();
    return { plant, other, clientId: plant.client_id };
  }

  beforeAll(async () => {
    demo = await loadDemo(get());
  });

  const setGroup = (payload: object, as: string = USERS.admin, plantId = demo.plant.id, headers: Record<string, string> = {}) =>
    get().call('POST', `/api/plants/${plantId}/update-contractors-group/`, { payload, as, headers });

  it('lists the element types: the seven standard ones first with their path, then extra types without one', async () => {
    await get()
      .db.insertInto('element_types')
      .values({ client_id: demo.clientId, code: 'ZAN', name: 'Zanjas', measurement_unit_name: 'm', original_element_type: 'ZAN' })
      .execute();
    const { status, body } = await get().call('GET', `/api/plants/${demo.plant.id}/element-types/`);
    expect(status).toBe(200);
    expect(body.map((t: { code: string; path: string | null }) => [t.code, t.path])).toEqual([
      ['HIN', 'hincas'],
      ['MAS', 'masts'],
      ['STR', 'strings'],
      ['TRA', 'trackers'],
      ['MOD', 'modules'],
      ['INV', 'inverters'],
      ['CTR', 'ctrs'],
      ['ZAN', null],
    ]);
    expect(body.find((t: { code: string }) => t.code === 'MOD')).toEqual({
      id: expect.any(Number),
      code: 'MOD',
      name: 'Módulos',
      ctr_dependent: true,
      trench_dependent: false,
      measurement_unit_name: 'Wp',
      measurement_unit_value: 600,
      original_element_type: 'MOD',
      path: 'modules',
    });
  });

  it("lists the organisation's transaction types only", async () => {
    const { status, body } = await get().call('GET', '/api/transaction-types/');
    expect(status).toBe(200);
    expect(body.map((t: { code: string }) => t.code).sort()).toEqual(['CON', 'HINC', 'INS', 'INSP', 'PEM', 'PRU', 'REP']);
    const hinc = body.find((t: { code: string }) => t.code === 'HINC');
    const pileType = await get().db.selectFrom('element_types').select('id').where('client_id', '=', demo.clientId).where('code', '=', 'HIN').executeTakeFirstOrThrow();
    expect(hinc).toEqual({ id: expect.any(Number), element_type: pileType.id, code: 'HINC', description: 'Hincado' });
    const theirs = await get().call('GET', '/api/transaction-types/', { as: USERS.otherAdmin });
    expect(theirs.body.map((t: { id: number }) => t.id)).not.toContain(hinc.id);
  });

  it("lists the states of the plant's state group with their colour, is_ok, restringed and depends_on", async () => {
    const { status, body } = await get().call('GET', `/api/plants/${demo.plant.id}/states/`);
    expect(status).toBe(200);
    const inGroup = await get().db.selectFrom('state_group_states').select('state_id').where('state_group_id', '=', demo.plant.state_group_id!).execute();
    expect(body.map((s: { id: number }) => s.id).sort()).toEqual(inGroup.map((s) => s.state_id).sort());
    const moduleType = await get().db.selectFrom('element_types').select('id').where('client_id', '=', demo.clientId).where('code', '=', 'MOD').executeTakeFirstOrThrow();
    const ofModules = (code: string) => body.find((s: { code: string; element_type: number }) => s.code === code && s.element_type === moduleType.id);
    const connected = ofModules('CONE');
    const mounted = ofModules('MONT');
    expect(connected).toMatchObject({ color: '1e88e5', is_ok: true, restringed: false, depends_on: mounted.id, is_active: true });
    expect(body.find((s: { code: string }) => s.code === 'NOK')).toMatchObject({ is_ok: false, depends_on: null });
  });

  it("normalises colours to lower-case hex without '#', ff8000 when not valid", async () => {
    const ctx = get();
    const [first, second] = await ctx.db.selectFrom('states').select(['id', 'color']).where('client_id', '=', demo.clientId).orderBy('id').limit(2).execute();
    await ctx.db.updateTable('states').set({ color: 'ABCDEF' }).where('id', '=', first.id).execute();
    await ctx.db.updateTable('states').set({ color: 'red' }).where('id', '=', second.id).execute();
    try {
      const { body } = await get().call('GET', `/api/plants/${demo.plant.id}/states/`);
      expect(body.find((s: { id: number }) => s.id === first.id).color).toBe('abcdef');
      expect(body.find((s: { id: number }) => s.id === second.id).color).toBe('ff8000');
    } finally {
      await ctx.db.updateTable('states').set({ color: first.color }).where('id', '=', first.id).execute();
      await ctx.db.updateTable('states').set({ color: second.color }).where('id', '=', second.id).execute();
    }
  });

  it('lists every state of the organisation for a plant without a state group', async () => {
    const ctx = get();
    const extra = await ctx.db
      .insertInto('states')
      .values({ client_id: demo.clientId, element_type_id: (await ctx.db.selectFrom('element_types').select('id').where('client_id', '=', demo.clientId).where('code', '=', 'MOD').executeTakeFirstOrThrow()).id, code: 'LIMP', name: 'Limpiado', is_active: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const grouped = await get().call('GET', `/api/plants/${demo.plant.id}/states/`);
    expect(grouped.body.map((s: { id: number }) => s.id)).not.toContain(extra.id);
    await ctx.db.updateTable('plants').set({ state_group_id: null }).where('id', '=', demo.plant.id).execute();
    try {
      const { body } = await get().call('GET', `/api/plants/${demo.plant.id}/states/`);
      const all = await ctx.db.selectFrom('states').select('id').where('client_id', '=', demo.clientId).execute();
      expect(body).toHaveLength(all.length);
      expect(body.find((s: { id: number }) => s.id === extra.id)).toMatchObject({ name: 'Limpiado', is_active: false, color: 'ff8000' });
    } finally {
      await ctx.db.updateTable('plants').set({ state_group_id: demo.plant.state_group_id }).where('id', '=', demo.plant.id).execute();
    }
  });

  it("lists the contractors of the plant's group, and every contractor of the organisation once the group is removed", async () => {
    const ctx = get();
    const outsider = await ctx.db
      .insertInto('contractors')
      .values({ client_id: demo.clientId, name: 'Topografía Vega S.L.' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const grouped = await get().call('GET', `/api/plants/${demo.plant.id}/contractors/`);
    expect(grouped.status).toBe(200);
    expect(grouped.body).toHaveLength(4);
    expect(grouped.body[0]).toEqual({
      id: expect.any(Number),
      name: 'Calidad e Inspección Andaluza S.L.U.',
      address: expect.any(String),
      contact_email: 'cnavarro@calidad-andaluza.demo',
      contact_name: 'Carmen Navarro Díaz',
      client: demo.clientId,
    });
    expect(grouped.body.map((c: { id: number }) => c.id)).not.toContain(outsider.id);

    const cleared = await setGroup({ contractor_group: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ id: demo.plant.id, contractor_group: null });
    const all = await get().call('GET', `/api/plants/${demo.plant.id}/contractors/`);
    expect(all.body.map((c: { id: number }) => c.id)).toContain(outsider.id);
    expect(all.body).toHaveLength(5);

    const restored = await setGroup({ contractor_group: demo.plant.contractor_group_id });
    expect(restored.body.contractor_group).toBe(demo.plant.contractor_group_id);
    expect((await get().call('GET', `/api/plants/${demo.plant.id}/contractors/`)).body).toHaveLength(4);
  });

  it('lets only administrators change the contractor group (403), and only to a group of their organisation (400)', async () => {
    const refused = await setGroup({ contractor_group: null }, USERS.technician);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'No tiene permiso para realizar esta acción.', code: 'permission_denied' });
    const theirGroup = await get().db.selectFrom('contractor_groups').select('id').where('client_id', '=', demo.other.client_id).executeTakeFirstOrThrow();
    const foreign = await setGroup({ contractor_group: theirGroup.id }, USERS.admin, demo.plant.id, { 'accept-language': 'en' });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ contractor_group: [`Contractor group ${theirGroup.id} does not exist.`] });
    const malformed = await setGroup({ group: 1 });
    expect(malformed.status).toBe(400);
    const plant = await get().db.selectFrom('plants').select('contractor_group_id').where('id', '=', demo.plant.id).executeTakeFirstOrThrow();
    expect(plant.contractor_group_id).toBe(demo.plant.contractor_group_id);
  });

  it("answers 404 for another organisation's plant on every catalogue", async () => {
    for (const path of ['element-types', 'states', 'contractors']) {
      const res = await get().call('GET', `/api/plants/${demo.other.id}/${path}/`);
      expect(res.status, path).toBe(404);
    }
    expect((await setGroup({ contractor_group: null }, USERS.admin, demo.other.id)).status).toBe(404);
    const theirs = await get().db.selectFrom('plants').select('contractor_group_id').where('id', '=', demo.other.id).executeTakeFirstOrThrow();
    expect(theirs.contractor_group_id).toBe(demo.other.contractor_group_id);
  });
});
