import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, USERS } from './helpers';

/*
 * `GET plants/{id}/{type}/ids/` (issue 13, "select all by filter"): every id the paged list holds
 * for the same filters, in one answer, ascending, with their count.
 */
describeEachDatabase('element ids of a filter', (get) => {
  let plantId: number;
  let otherPlantId: number;
  let moduleType: number;

  beforeAll(async () => {
    const ctx = get();
    const plant = await ctx.db.selectFrom('plants').select(['id', 'client_id']).where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    plantId = plant.id;
    otherPlantId = (await ctx.db.selectFrom('plants').select('id').where('code', '=', 'ECI-01').executeTakeFirstOrThrow()).id;
    moduleType = (await ctx.db.selectFrom('element_types').select('id').where('client_id', '=', plant.client_id).where('code', '=', 'MOD').executeTakeFirstOrThrow()).id;
  });

  /** Ids the paged list gives for a query, every page, ascending. */
  async function listed(type: string, query: string) {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const res = await get().call('GET', `/api/plants/${plantId}/${type}/?${query}&page_size=1000&page=${page}`);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
      ids.push(...res.body.results.map((e: { id: number }) => e.id));
      if (!res.body.next) return ids.sort((a, b) => a - b);
    }
  }

  it('answers exactly the ids of the paged list for the same filters, ascending', async () => {
    const ctx = get();
    // Read the states and a code part at test time: other tests of this file may have changed neither,
    // but the plant's data belongs to no single test.
    const states = await ctx.db
      .selectFrom('elements')
      .select(['state_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('plant_id', '=', plantId)
      .where('type_id', '=', moduleType)
      .where('state_id', 'is not', null)
      .groupBy('state_id')
      .orderBy('n', 'desc')
      .execute();
    const queries = ['', 'code=-m0', `state=${states[0].state_id}`, `state=${states.map((s) => s.state_id).join(',')}`, 'is_serial_duplicated=false', 'code=nothing-like-this'];
    let split = 0;
    for (const type of ['modules', 'trackers']) {
      for (const query of type === 'modules' ? queries : ['', 'code=1']) {
        const expected = await listed(type, query);
        const answer = await ctx.call('GET', `/api/plants/${plantId}/${type}/ids/?${query}`);
        expect(answer.status, query).toBe(200);
        expect(answer.body, `${type} ${query}`).toEqual({ count: expected.length, ids: expected });
        if (expected.length > 0) split++;
      }
    }
    // Most queries find something, so agreeing is not two empty lists.
    expect(split).toBeGreaterThanOrEqual(6);
  });

  it('answers the ids of an extra type through extra-elements/ids/ with element_type', async () => {
    const ctx = get();
    const plant = await ctx.db.selectFrom('plants').select('client_id').where('id', '=', plantId).executeTakeFirstOrThrow();
    const type = await ctx.db
      .insertInto('element_types')
      .values({ client_id: plant.client_id, code: 'IDS', name: 'Zanjas de ids', original_element_type: 'IDS' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const made = await ctx.db
      .insertInto('elements')
      .values(['IDS-02', 'IDS-01', 'X-03'].map((code) => ({ plant_id: plantId, type_id: type.id, code, geom: 'SRID=4326;LINESTRING(-5.6 37.4,-5.61 37.41)', updated_at: now })))
      .returning('id')
      .execute();
    const all = made.map((r) => r.id).sort((a, b) => a - b);
    expect((await ctx.call('GET', `/api/plants/${plantId}/extra-elements/ids/?element_type=${type.id}`)).body).toEqual({ count: 3, ids: all });
    const some = await ctx.call('GET', `/api/plants/${plantId}/extra-elements/ids/?element_type=${type.id}&code=ids-`);
    expect(some.body).toEqual({ count: 2, ids: all.slice(0, 2) });

    const standard = await ctx.call('GET', `/api/plants/${plantId}/extra-elements/ids/?element_type=${moduleType}`, { language: 'en' });
    expect(standard.status).toBe(400);
    expect(JSON.stringify(standard.body)).toContain('modules/');
    const missing = await ctx.call('GET', `/api/plants/${plantId}/extra-elements/ids/`);
    expect(missing.status).toBe(400);
  });

  it('refuses bad filters and unknown types in the caller’s language, and other organisations’ plants', async () => {
    const ctx = get();
    const bad = await ctx.call('GET', `/api/plants/${plantId}/modules/ids/?state=abc`, { language: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.state).toBeDefined();
    const unknown = await ctx.call('GET', `/api/plants/${plantId}/things/ids/`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toContain('things');
    // ECI-01 belongs to another organisation: not found, like the list.
    expect((await ctx.call('GET', `/api/plants/${otherPlantId}/modules/ids/`)).status).toBe(404);
    expect((await ctx.call('GET', `/api/plants/${plantId}/modules/ids/`, { as: null })).status).toBe(401);
    // A user of the organisation sees them like the list.
    const technician = await ctx.call('GET', `/api/plants/${plantId}/modules/ids/?code=-m0`, { as: USERS.technician });
    expect(technician.status).toBe(200);
    expect(technician.body.count).toBe(technician.body.ids.length);
  });
});
