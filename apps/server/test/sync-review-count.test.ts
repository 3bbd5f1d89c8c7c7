import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, USERS } from './helpers';

/*
 * The count of a plant's unresolved sync reviews (issue 38, "In the office"): `unresolved_sync_reviews`
 * on `GET plants/`, `GET plants/{id}/` and each plant of `GET dashboard/`, the number behind the
 * links "Revisión de sincronización (N)". A conflict and a refused offline change make two; resolving
 * one makes one; another organisation's plant never counts them.
 */
describeEachDatabase('sync reviews: the unresolved count of a plant', (get) => {
  let plantId: number;
  let moduleType: number;
  let mounted: number;
  let notOk: number;
  let inspected: number;
  let ids: number[];

  const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  const change = (id: number, state: number, extra: object = {}, as: string = USERS.admin) =>
    get().call('POST', `/api/plants/${plantId}/modules/${id}/state-change/`, {
      payload: { state, element_type: moduleType, ...extra },
      as,
    });
  const counts = async (as: string = USERS.admin) => {
    const [detail, list, dashboard] = await Promise.all([
      get().call('GET', `/api/plants/${plantId}/`, { as }),
      get().call('GET', '/api/plants/', { as }),
      get().call('GET', '/api/dashboard/', { as }),
    ]);
    expect([detail.status, list.status, dashboard.status]).toEqual([200, 200, 200]);
    const inList = list.body.find((p: { id: number }) => p.id === plantId);
    const inDashboard = dashboard.body.plants.find((p: { id: number }) => p.id === plantId);
    return [
      detail.body.unresolved_sync_reviews,
      inList.unresolved_sync_reviews,
      inDashboard.unresolved_sync_reviews,
    ];
  };

  beforeAll(async () => {
    const { db } = get();
    plantId = (
      await db.selectFrom('plants').select('id').where('code', '=', 'CAR-01').executeTakeFirstOrThrow()
    ).id;
    moduleType = (
      await db
        .selectFrom('element_types')
        .innerJoin('plants', 'plants.client_id', 'element_types.client_id')
        .select('element_types.id')
        .where('plants.id', '=', plantId)
        .where('element_types.code', '=', 'MOD')
        .executeTakeFirstOrThrow()
    ).id;
    const state = async (code: string) =>
      (
        await db
          .selectFrom('states')
          .select('id')
          .where('element_type_id', '=', moduleType)
          .where('code', '=', code)
          .executeTakeFirstOrThrow()
      ).id;
    [mounted, notOk, inspected] = [await state('MONT'), await state('NOK'), await state('INSP')];
    ids = (
      await db
        .selectFrom('elements')
        .select('id')
        .where('plant_id', '=', plantId)
        .where('type_id', '=', moduleType)
        .orderBy('id')
        .limit(2)
        .execute()
    ).map((r) => r.id);
  });

  it('counts the unresolved reviews of the plant on the plant, the plant list and the dashboard', async () => {
    expect(await counts()).toEqual([0, 0, 0]);

    // A conflict: the office changes the module now, a device's older change arrives afterwards.
    const version = (
      await get()
        .db.selectFrom('plants')
        .select('elements_version')
        .where('id', '=', plantId)
        .executeTakeFirstOrThrow()
    ).elements_version;
    expect((await change(ids[0], notOk)).status).toBe(200);
    const offline = await change(
      ids[0],
      mounted,
      { recorded_at: ago(2), known_elements_version: version, client_uuid: 'count-conflict-0001' },
      USERS.technician,
    );
    expect(offline.body).toMatchObject({ late_count: 1, conflict_count: 1 });
    // A refused offline change: the technician may not record Inspeccionado.
    const refused = await change(ids[1], inspected, { client_uuid: 'count-refused-0001' }, USERS.technician);
    expect(refused.status).toBe(400);

    expect(await counts()).toEqual([2, 2, 2]);
    // The plant's authorised users see the same number.
    expect(await counts(USERS.technician)).toEqual([2, 2, 2]);

    const open = await get().call('GET', `/api/plants/${plantId}/sync-reviews/`);
    expect(open.body.count).toBe(2);
    const resolve = await get().call(
      'POST',
      `/api/plants/${plantId}/sync-reviews/${open.body.results[0].id}/resolve/`,
    );
    expect(resolve.status).toBe(200);
    expect(await counts()).toEqual([1, 1, 1]);
  });

  it('never counts another organisation’s reviews, and a plant without reviews counts 0', async () => {
    const other = await get().call('GET', '/api/plants/', { as: USERS.otherAdmin });
    expect(other.status).toBe(200);
    expect(other.body.length).toBeGreaterThan(0);
    for (const plant of other.body) expect(plant.unresolved_sync_reviews).toBe(0);
    const dashboard = await get().call('GET', '/api/dashboard/', { as: USERS.otherAdmin });
    for (const plant of dashboard.body.plants) expect(plant.unresolved_sync_reviews).toBe(0);
    expect((await get().call('GET', `/api/plants/${plantId}/`, { as: USERS.otherAdmin })).status).toBe(404);
  });
});
