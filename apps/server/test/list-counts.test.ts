import { beforeAll, expect, it } from 'vitest';
import { ListCounts } from '../src/modules/elements/list-counts';
import { describeEachDatabase, USERS, queryRecorder } from './helpers';

/*
 * The count of a list page is kept per filters and brought forward across state changes from the
 * history rows (list-counts.ts). Whatever happens to the plant, each count a page answers must be
 * the count of the elements as they are: compared here with a fresh count after every step.
 */
describeEachDatabase('list counts brought forward', (get) => {
  let plantId: number;
  let moduleType: number;
  let moduleIds: number[];
  const states: Record<'PEND' | 'MONT' | 'CONE' | 'NOK', number> = { PEND: 0, MONT: 0, CONE: 0, NOK: 0 };

  beforeAll(async () => {
    const { db } = get();
    const plant = await db.selectFrom('plants').select(['id', 'client_id']).where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    plantId = plant.id;
    moduleType = (await db.selectFrom('element_types').select('id').where('client_id', '=', plant.client_id).where('code', '=', 'MOD').executeTakeFirstOrThrow()).id;
    for (const code of Object.keys(states) as (keyof typeof states)[]) {
      states[code] = (await db.selectFrom('states').select('id').where('element_type_id', '=', moduleType).where('code', '=', code).executeTakeFirstOrThrow()).id;
    }
    moduleIds = (await db.selectFrom('elements').select('id').where('plant_id', '=', plantId).where('type_id', '=', moduleType).orderBy('id').execute()).map((r) => r.id);
  });

  /** The lists followed: by one state, by two, every module, and a filter that is not by state alone. */
  const lists = () => [[states.MONT], [states.MONT, states.NOK], [states.PEND, states.CONE], []];

  async function listed(stateIds: number[], extra = '') {
    const query = `page_size=1${stateIds.length ? `&state=${stateIds.join(',')}` : ''}${extra}`;
    const res = await get().call('GET', `/api/plants/${plantId}/modules/?${query}`, { as: USERS.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.count as number;
  }

  async function counted(stateIds: number[], codePart?: string) {
    let query = get().db.selectFrom('elements').select((eb) => eb.fn.countAll<number>().as('n')).where('plant_id', '=', plantId).where('type_id', '=', moduleType);
    if (stateIds.length) query = query.where('state_id', 'in', stateIds);
    if (codePart) query = query.where('code', 'like', `%${codePart}%`);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  async function expectCountsAsTheyAre(step: string) {
    for (const stateIds of lists()) expect(await listed(stateIds), `${step}: state=${stateIds.join(',')}`).toBe(await counted(stateIds));
    expect(await listed([states.MONT], '&code=-M1'), `${step}: code and state`).toBe(await counted([states.MONT], '-M1'));
  }

  /** A few modules picked by a seeded generator (mulberry32), so a failure replays. */
  function pick(seed: number, count: number) {
    let a = seed;
    const next = () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const picked = new Set<number>();
    while (picked.size < Math.min(count, moduleIds.length)) picked.add(moduleIds[Math.floor(next() * moduleIds.length)]);
    return [...picked];
  }

  function massive(ids: number[], state: number) {
    return get().call('POST', `/api/plants/${plantId}/modules/massive-state-change/`, {
      as: USERS.admin,
      payload: { state, element_type: moduleType, element_ids: ids },
    });
  }

  it('answers the count of the elements as they are after state changes, other writes and changes at once', async () => {
    await expectCountsAsTheyAre('before');
    const targets = [states.MONT, states.NOK, states.PEND, states.MONT, states.NOK, states.PEND];
    for (const [round, state] of targets.entries()) {
      // Some picked modules are already in the state: they move nothing.
      const res = await massive(pick(round + 1, 40 + round * 15), state);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await expectCountsAsTheyAre(`after change ${round + 1}`);
    }

    // A write without a history row (as a layout import that removes an element): counted again.
    const [gone] = pick(99, 1);
    await get().db.transaction().execute(async (trx) => {
      await trx
        .updateTable('plants')
        .set((eb) => ({ elements_version: eb('elements_version', '+', 1), element_rows_version: eb('element_rows_version', '+', 1) }))
        .where('id', '=', plantId)
        .execute();
      await trx.deleteFrom('elements').where('id', '=', gone).execute();
    });
    moduleIds = moduleIds.filter((id) => id !== gone);
    await expectCountsAsTheyAre('after a deletion');

    // Changes and list pages at once (on PostgreSQL they overlap on several connections).
    const writes = [states.MONT, states.NOK, states.PEND, states.MONT].map((state, i) => massive(pick(200 + i, 60), state));
    const reads = lists().map((stateIds) => listed(stateIds));
    for (const res of await Promise.all(writes)) expect(res.status, JSON.stringify(res.body)).toBe(200);
    await Promise.all(reads);
    await expectCountsAsTheyAre('after changes at once');
  });

  it('brings a state-filtered count forward from the history rows instead of counting the plant again', async () => {
    const { queries, plugin: recorder } = queryRecorder();
    const counts = new ListCounts(get().db.withPlugin(recorder));
    const plant = () => get().db.selectFrom('plants').select(['id', 'element_rows_version']).where('id', '=', plantId).executeTakeFirstOrThrow();
    const scope = { plantId, typeId: moduleType };
    const filters = { state: [states.MONT, states.NOK] };

    expect(await counts.of(await plant(), scope, filters)).toBe(await counted(filters.state));
    const res = await massive(pick(300, 80), states.NOK);
    expect(res.status).toBe(200);
    queries.length = 0;
    expect(await counts.of(await plant(), scope, filters)).toBe(await counted(filters.state));
    expect(queries).toHaveLength(1);
    expect(queries[0]).toContain('state_change_elements');
    // The same version again: nothing is asked of the database.
    queries.length = 0;
    expect(await counts.of(await plant(), scope, filters)).toBe(await counted(filters.state));
    expect(queries).toHaveLength(0);
  });
});
