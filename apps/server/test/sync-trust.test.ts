import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, USERS } from './helpers';

/*
 * Sync you can trust (issue 38, DESIGN section 6 "Merge"): the time of observation decides the
 * current state, whatever the order of arrival; late changes are kept in history, conflicts and
 * refused offline changes are recorded for the office's review. Demo module states: Pendiente,
 * Montado, Conectado (depends on Montado), Inspeccionado (depends on Conectado), No OK. The demo
 * technician may record the construction states (Montado, Conectado), not Inspeccionado.
 */
describeEachDatabase('sync trust: the merge rule and sync reviews', (get) => {
  let plantId: number;
  let moduleType: number;
  const states: Record<'pending' | 'mounted' | 'connected' | 'inspected' | 'notOk', number> = {} as never;
  let fresh: number[] = [];

  const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  const url = (suffix: string) => `/api/plants/${plantId}/modules/${suffix}`;
  const version = async () =>
    (await get().db.selectFrom('plants').select('elements_version').where('id', '=', plantId).executeTakeFirstOrThrow()).elements_version;
  const element = async (id: number) => get().db.selectFrom('elements').select(['state_id', 'row_version']).where('id', '=', id).executeTakeFirstOrThrow();
  /** Modules without history, set to Pendiente. */
  async function modules(count: number) {
    const ids = fresh.splice(0, count);
    await get().db.updateTable('elements').set({ state_id: states.pending, state_change_id: null }).where('id', 'in', ids).execute();
    return ids;
  }
  const single = (id: number, state: number, extra: object = {}, as: string = USERS.admin, language?: string) =>
    get().call('POST', url(`${id}/state-change/`), { payload: { state, element_type: moduleType, ...extra }, as, language });
  const reviews = (query = '') => get().call('GET', `/api/plants/${plantId}/sync-reviews/?${query}`);

  beforeAll(async () => {
    const { db } = get();
    const plant = await db.selectFrom('plants').select('id').where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    plantId = plant.id;
    const type = await db.selectFrom('element_types').innerJoin('plants', 'plants.client_id', 'element_types.client_id').select('element_types.id').where('plants.id', '=', plantId).where('element_types.code', '=', 'MOD').executeTakeFirstOrThrow();
    moduleType = type.id;
    const codes = { pending: 'PEND', mounted: 'MONT', connected: 'CONE', inspected: 'INSP', notOk: 'NOK' } as const;
    for (const [key, code] of Object.entries(codes)) {
      states[key as keyof typeof codes] = (await db.selectFrom('states').select('id').where('element_type_id', '=', moduleType).where('code', '=', code).executeTakeFirstOrThrow()).id;
    }
    const rows = await db
      .selectFrom('elements')
      .select('id')
      .where('plant_id', '=', plantId)
      .where('type_id', '=', moduleType)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('state_change_elements as sce').select('sce.element_id').whereRef('sce.element_id', '=', 'elements.id'))))
      .orderBy('id')
      .limit(40)
      .execute();
    fresh = rows.map((r) => r.id);
  });

  it('keeps an older offline change in history, marked late, without making it current; a conflict shows both changes for review', async () => {
    const [id] = await modules(1);
    const downloaded = await version();
    // The office sets No OK now; the technician's change of 10:00 (two hours ago) arrives after it.
    const office = await single(id, states.notOk);
    expect(office.status).toBe(200);
    const offline = await single(id, states.mounted, { recorded_at: ago(2), known_elements_version: downloaded, client_uuid: 'trust-late-0001' }, USERS.technician);
    expect(offline.status).toBe(200);
    expect(offline.body).toMatchObject({ element_count: 1, applied_count: 0, late_count: 1, conflict_count: 1 });
    expect((await element(id)).state_id).toBe(states.notOk);

    const history = await get().call('GET', `/api/elements/${id}/state-changes/`);
    expect(history.body.results).toMatchObject([
      { id: office.body.id, state: { id: states.notOk }, late: false, conflict: false },
      { id: offline.body.id, state: { id: states.mounted }, previous_state: { id: states.pending }, late: true, conflict: true },
    ]);

    const list = await reviews('kind=conflict');
    const review = list.body.results.find((r: { incoming: { id: number } }) => r.incoming.id === offline.body.id);
    expect(review).toMatchObject({
      kind: 'conflict',
      element_ids: [id],
      elements: [{ id, code: (await get().db.selectFrom('elements').select('code').where('id', '=', id).executeTakeFirstOrThrow()).code }],
      element_count: 1,
      incoming: { user: { name: expect.any(String) }, state: { id: states.mounted }, observed_at: expect.any(String), received_at: expect.any(String) },
      met: { id: office.body.id, state: { id: states.notOk } },
      resolved_at: null,
    });
    expect(review.incoming.user.name).not.toBe(review.met.user.name);
    expect(Date.parse(review.incoming.observed_at)).toBeLessThan(Date.parse(review.met.observed_at));

    // The resend of the same uuid answers the first result and records nothing new.
    const resend = await single(id, states.mounted, { recorded_at: ago(2), known_elements_version: downloaded, client_uuid: 'trust-late-0001' }, USERS.technician);
    expect(resend.body).toMatchObject({ id: offline.body.id, late_count: 1, conflict_count: 1 });
    expect((await reviews('kind=conflict')).body.count).toBe(list.body.count);

    // Resolving is idempotent and takes the review out of the unresolved list.
    const resolved = await get().call('POST', `/api/plants/${plantId}/sync-reviews/${review.id}/resolve/`);
    expect(resolved.status).toBe(200);
    expect(resolved.body.resolved_at).not.toBeNull();
    const again = await get().call('POST', `/api/plants/${plantId}/sync-reviews/${review.id}/resolve/`);
    expect(again.body.resolved_at).toBe(resolved.body.resolved_at);
    expect((await reviews('kind=conflict')).body.results.map((r: { id: number }) => r.id)).not.toContain(review.id);
    expect((await reviews('kind=conflict&resolved=true')).body.results.map((r: { id: number }) => r.id)).toContain(review.id);
  });

  it('records a late arrival without a conflict when the device had seen the change, and a newer offline change wins', async () => {
    const [late, newer] = await modules(2);
    await single(late, states.notOk);
    await single(newer, states.notOk, { recorded_at: ago(3) });
    const downloaded = await version();
    const lateAnswer = await single(late, states.mounted, { recorded_at: ago(1), known_elements_version: downloaded }, USERS.technician);
    expect(lateAnswer.body).toMatchObject({ applied_count: 0, late_count: 1, conflict_count: 0 });
    const newerAnswer = await single(newer, states.mounted, { recorded_at: ago(1), known_elements_version: downloaded }, USERS.technician);
    expect(newerAnswer.body).toMatchObject({ applied_count: 1, late_count: 0, conflict_count: 0 });
    expect((await element(late)).state_id).toBe(states.notOk);
    expect((await element(newer)).state_id).toBe(states.mounted);
    const lateReviews = (await reviews('kind=late')).body.results.filter((r: { incoming: { id: number } }) => r.incoming.id === lateAnswer.body.id);
    expect(lateReviews).toHaveLength(1);
    expect((await reviews('kind=conflict')).body.results.some((r: { incoming: { id: number } }) => r.incoming.id === lateAnswer.body.id)).toBe(false);
  });

  it('applies a massive change per element: some take it, others keep their later state and record it late', async () => {
    const ids = await modules(3);
    const office = await single(ids[0], states.notOk);
    const before = await element(ids[0]);
    const res = await get().call('POST', url('massive-state-change/'), {
      payload: { state: states.mounted, element_type: moduleType, element_ids: ids, recorded_at: ago(1) },
      as: USERS.technician,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ element_count: 3, applied_count: 2, late_count: 1, conflict_count: 0 });
    expect(await element(ids[0])).toEqual(before);
    for (const id of ids.slice(1)) expect(await element(id)).toEqual({ state_id: states.mounted, row_version: res.body.elements_version });
    const rows = await get().db.selectFrom('state_change_elements').select(['element_id', 'late']).where('state_change_id', '=', res.body.id).orderBy('element_id').execute();
    expect(rows.map((r) => [r.element_id, Number(r.late)])).toEqual(ids.map((id) => [id, id === ids[0] ? 1 : 0]));
    const late = (await reviews('kind=late')).body.results.find((r: { incoming: { id: number } }) => r.incoming.id === res.body.id);
    expect(late).toMatchObject({ element_ids: [ids[0]], met: { id: office.body.id } });
  });

  it('checks depends_on against the element as it was at the time of observation', async () => {
    const [id] = await modules(1);
    // Montado two hours ago (recorded offline), then No OK now.
    expect((await single(id, states.mounted, { recorded_at: ago(2) })).status).toBe(200);
    expect((await single(id, states.notOk)).status).toBe(200);
    // Conectado observed an hour ago: the module was Montado then, so it is accepted (and late).
    const thenMounted = await single(id, states.connected, { recorded_at: ago(1) });
    expect(thenMounted.status).toBe(200);
    expect(thenMounted.body).toMatchObject({ applied_count: 0, late_count: 1 });
    // Conectado observed three hours ago: the module was still Pendiente then.
    const thenPending = await single(id, states.connected, { recorded_at: ago(3) }, USERS.admin, 'en');
    expect(thenPending.status).toBe(400);
    expect(thenPending.body.code).toBe('depends_on_not_reached');
    // Conectado now: the module is No OK now.
    expect((await single(id, states.connected)).body.code).toBe('depends_on_not_reached');
    expect((await element(id)).state_id).toBe(states.notOk);
  });

  it('records a refused offline change once, with its reason in the sender language, however often it is resent', async () => {
    const [id] = await modules(1);
    const send = () => single(id, states.inspected, { recorded_at: ago(1), client_uuid: 'trust-refused-0001' }, USERS.technician, 'en');
    const first = await send();
    expect(first.status).toBe(400);
    expect(first.body.code).toBe('state_not_recordable');
    expect((await send()).status).toBe(400);
    const refused = (await reviews('kind=refused')).body.results.filter((r: { element_ids: number[] }) => r.element_ids.includes(id));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      kind: 'refused',
      incoming: { id: null, state: { id: states.inspected } },
      met: null,
      reason_code: 'state_not_recordable',
      reason: first.body.state[0],
    });
    expect(refused[0].reason).toMatch(/may not record/);
    // Without a client uuid (an online change) nothing is recorded.
    await single(id, states.inspected, {}, USERS.technician);
    expect((await reviews('kind=refused')).body.results.filter((r: { element_ids: number[] }) => r.element_ids.includes(id))).toHaveLength(1);
  });

  it('filters reviews by user, element type and arrival, and answers 400 to a bad filter', async () => {
    const tech = await get().db.selectFrom('users').select('id').where('email', '=', USERS.technician).executeTakeFirstOrThrow();
    const [id] = await modules(1);
    await single(id, states.inspected, { client_uuid: 'trust-filter-0001' }, USERS.technician);
    const all = await reviews('resolved=all&page_size=100');
    expect(all.body.count).toBeGreaterThan(0);
    const byTech = await reviews(`resolved=all&user=${tech.id}&element_type=${moduleType}&from=${ago(24).slice(0, 10)}`);
    expect(byTech.body.count).toBe(all.body.results.filter((r: { incoming: { user: { id: number } } }) => r.incoming.user.id === tech.id).length);
    expect((await reviews(`resolved=all&to=2000-01-01`)).body.count).toBe(0);
    expect((await reviews('kind=other')).status).toBe(400);
  });
});
