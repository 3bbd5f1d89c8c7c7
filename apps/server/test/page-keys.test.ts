import { beforeAll, expect, it } from 'vitest';
import type { ElementFilters } from '@heliotrack/domain/elements';
import { listElements } from '../src/modules/elements/elements.repository';
import { PageKeys } from '../src/modules/elements/page-keys';
import { describeEachDatabase, USERS, queryRecorder } from './helpers';

/*
 * Issue 32: list pages read after the key of the page before (page-keys.ts) answer exactly the rows
 * OFFSET answers, for every ordering but state, with filters, per type and across types, at the
 * version the keys were made for; at any other version they are read with OFFSET again.
 */
describeEachDatabase('list pages by key', (get) => {
  let plantId: number;
  let moduleType: number;
  let states: number[];
  const { queries, plugin: recorder } = queryRecorder();

  beforeAll(async () => {
    const { db } = get();
    const plant = await db.selectFrom('plants').select(['id', 'client_id']).where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    plantId = plant.id;
    moduleType = (await db.selectFrom('element_types').select('id').where('client_id', '=', plant.client_id).where('code', '=', 'MOD').executeTakeFirstOrThrow()).id;
    states = (await db.selectFrom('states').select('id').where('element_type_id', '=', moduleType).orderBy('id').execute()).map((s) => s.id);
  });

  const plant = () => get().db.selectFrom('plants').select(['id', 'element_rows_version']).where('id', '=', plantId).executeTakeFirstOrThrow();
  const count = async (scope: { plantId: number; typeId?: number }, filters: ElementFilters) =>
    (await listElements(get().db, scope, filters, { limit: 1_000_000, offset: 0 })).length;

  it('answers the same rows as OFFSET at every page, for each ordering, with and without filters', async () => {
    const pages = new PageKeys(get().db.withPlugin(recorder), 0);
    const cases: { typeId?: number; filters: ElementFilters; size: number }[] = [
      { typeId: moduleType, filters: { ordering: 'code' }, size: 50 },
      { typeId: moduleType, filters: { ordering: '-code' }, size: 37 },
      { typeId: moduleType, filters: { ordering: 'updated_at' }, size: 50 },
      { typeId: moduleType, filters: { ordering: '-updated_at', state: states.slice(0, 2) }, size: 20 },
      { typeId: moduleType, filters: { ordering: 'id', code: '-M1' }, size: 9 },
      { typeId: moduleType, filters: { ordering: '-id', state: [states[0]] }, size: 25 },
      // Every type (elements/?ct=…): the type leads the order.
      { filters: { ordering: 'code' }, size: 100 },
      { filters: { ordering: '-updated_at' }, size: 64 },
    ];
    for (const { typeId, filters, size } of cases) {
      const scope = { plantId, typeId };
      const total = await count(scope, filters);
      const last = Math.max(1, Math.ceil(total / size));
      await pages.prepare(plantId, scope, filters, size);
      for (const page of new Set([2, 3, Math.ceil(last / 2), last - 1, last, last + 1].filter((p) => p >= 1))) {
        queries.length = 0;
        const byKey = await pages.page(await plant(), scope, filters, page, size);
        const byOffset = await listElements(get().db, scope, filters, { limit: size, offset: (page - 1) * size });
        const label = `${JSON.stringify({ typeId, filters, size })} page ${page} of ${last}`;
        expect(byKey, label).toEqual(byOffset);
        // Pages 2 to the last were read by key, without OFFSET.
        if (page >= 2 && page <= last) expect(queries.some((q) => q.includes('OffsetNode')), label).toBe(false);
      }
      expect(total, 'each case lists some elements').toBeGreaterThan(size);
    }
  });

  it('reads with OFFSET at a version its keys were not made for, and by key again once made', async () => {
    const pages = new PageKeys(get().db.withPlugin(recorder), 0);
    const scope = { plantId, typeId: moduleType };
    const [free] = await get()
      .db.selectFrom('states')
      .select('id')
      .where('element_type_id', '=', moduleType)
      .where('depends_on', 'is', null)
      .where('is_active', '=', 1)
      .orderBy('id')
      .execute();
    const filters: ElementFilters = { ordering: 'code', state: [free.id] };
    await pages.prepare(plantId, scope, filters, 10);
    // A state change moves modules into the list: the pages shift.
    const modules = await get()
      .db.selectFrom('elements')
      .select('id')
      .where('plant_id', '=', plantId)
      .where('type_id', '=', moduleType)
      .where((eb) => eb.or([eb('state_id', 'is', null), eb('state_id', '!=', free.id)]))
      .orderBy('code')
      .limit(40)
      .execute();
    const before = await pages.page(await plant(), scope, filters, 3, 10);
    const res = await get().call('POST', `/api/plants/${plantId}/modules/massive-state-change/`, {
      as: USERS.admin,
      payload: { state: free.id, element_type: moduleType, element_ids: modules.map((m) => m.id) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    queries.length = 0;
    const after = await pages.page(await plant(), scope, filters, 3, 10);
    expect(after).toEqual(await listElements(get().db, scope, filters, { limit: 10, offset: 20 }));
    expect(after, 'the change shifted page 3').not.toEqual(before);
    expect(queries.some((q) => q.includes('OffsetNode'))).toBe(true);
    await pages.prepare(plantId, scope, filters, 10);
    queries.length = 0;
    expect(await pages.page(await plant(), scope, filters, 3, 10)).toEqual(after);
    expect(queries.some((q) => q.includes('OffsetNode'))).toBe(false);
  });
});
