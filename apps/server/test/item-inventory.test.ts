import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext, USERS } from './helpers';

/* Item inventory (issue 7, DESIGN section 12): GET item-inventory/?search&type&plant, paged. */
describeEachDatabase('item inventory', (get) => {
  let demo: Awaited<ReturnType<typeof loadDemo>>;

  async function loadDemo(ctx: TestContext) {
    const plant = await ctx.db.selectFrom('plants').selectAll().where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    const otherPlant = await ctx.db.selectFrom('plants').select('id').where('code', '=', 'ECI-01').executeTakeFirstOrThrow();
    const moduleType = await ctx.db.selectFrom('element_types').select('id').where('client_id', '=', plant.client_id).where('code', '=', 'MOD').executeTakeFirstOrThrow();
    const module = await ctx.db
      .selectFrom('elements')
      .select(['id', 'code'])
      .where('plant_id', '=', plant.id)
      .where('type_id', '=', moduleType.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const state = await ctx.db.selectFrom('states').select(['id', 'name', 'color']).where('element_type_id', '=', moduleType.id).orderBy('id').executeTakeFirstOrThrow();
    await ctx.db.updateTable('elements').set({ serial: 'JAM72S30-XYZ-0042', state_id: state.id }).where('id', '=', module.id).execute();
    return { plant, otherPlantId: otherPlant.id, module, state };
  }

  beforeAll(async () => {
    demo = await loadDemo(get());
  });


  it('finds an element by serial, ignoring case, with its plant, type, state and open flash reports', async () => {
    for (const [title, status] of [['Abierto', 'open'], ['En curso', 'in_progress'], ['Cerrado', 'closed']]) {
      const res = await get().call('POST', '/api/flash-reports/', { payload: { element: demo.module.id, title, severity: 'low', status } });
      expect(res.status).toBe(201);
    }
    const res = await get().call('GET', '/api/item-inventory/?search=xyz-0042', { as: USERS.technician });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 1, next: null, previous: null });
    expect(res.body.results[0]).toEqual({
      id: demo.module.id,
      code: demo.module.code,
      serial: 'JAM72S30-XYZ-0042',
      plant: { id: demo.plant.id, code: 'CAR-01', name: demo.plant.name },
      type: 'MOD',
      state: demo.state,
      open_flash_reports: 2,
    });
  });

  it('searches codes, filters by type and plant, and pages', async () => {
    const byCode = await get().call('GET', `/api/item-inventory/?search=${encodeURIComponent(demo.module.code.toLowerCase())}`);
    expect(byCode.body.results.map((r: { id: number }) => r.id)).toContain(demo.module.id);
    const modules = await get().call('GET', `/api/item-inventory/?type=MOD&plant=${demo.plant.id}&page_size=2`);
    expect(modules.status).toBe(200);
    const { count, results, next } = modules.body;
    expect(results).toHaveLength(2);
    expect(results.every((r: { type: string }) => r.type === 'MOD')).toBe(true);
    const total = await get()
      .db.selectFrom('elements')
      .innerJoin('element_types', 'element_types.id', 'elements.type_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('elements.plant_id', '=', demo.plant.id)
      .where('element_types.code', '=', 'MOD')
      .executeTakeFirstOrThrow();
    expect(count).toBe(Number(total.n));
    expect(next).toContain('page=2');
    expect(next).toContain('type=MOD');
    const none = await get().call('GET', '/api/item-inventory/?search=%25_nothing');
    expect(none.body).toMatchObject({ count: 0, results: [] });
  });

  it('refuses unknown types, invisible plants and oversized pages, translated', async () => {
    const type = await get().call('GET', '/api/item-inventory/?type=NOPE', { language: 'en' });
    expect(type.status).toBe(400);
    expect(type.body).toEqual({ type: ['There is no element type with code NOPE.'] });
    const plant = await get().call('GET', `/api/item-inventory/?plant=${demo.otherPlantId}`);
    expect(plant.status).toBe(400);
    expect(plant.body).toEqual({ plant: [`No existe la planta ${demo.otherPlantId}.`] });
    expect((await get().call('GET', '/api/item-inventory/?page_size=1001')).status).toBe(400);
  });

  it('answers one element by id, and nothing for an element of another organisation', async () => {
    const one = await get().call('GET', `/api/item-inventory/?id=${demo.module.id}`, { as: USERS.technician });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ count: 1, results: [{ id: demo.module.id, code: demo.module.code, type: 'MOD' }] });
    const hidden = await get().call('GET', `/api/item-inventory/?id=${demo.module.id}`, { as: USERS.otherAdmin });
    expect(hidden.body).toMatchObject({ count: 0, results: [] });
    expect((await get().call('GET', '/api/item-inventory/?id=abc')).status).toBe(400);
  });

  it("never shows another organisation's elements", async () => {
    const res = await get().call('GET', `/api/item-inventory/?search=${encodeURIComponent(demo.module.code)}`, { as: USERS.otherAdmin });
    expect(res.body.results.map((r: { id: number }) => r.id)).not.toContain(demo.module.id);
    const all = await get().call('GET', '/api/item-inventory/?page_size=1000', { as: USERS.otherAdmin });
    expect(all.body.results.every((r: { plant: { id: number } }) => r.plant.id === demo.otherPlantId)).toBe(true);
  });
});
