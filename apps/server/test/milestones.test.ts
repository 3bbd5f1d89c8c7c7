import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, USERS } from './helpers';
import { createProgressFixture, FIXTURE_START_DATE, type ProgressFixture } from './progress-fixture';

/*
 * Issue 6, planning: milestones CRUD (administrators write), the list by element type, and the
 * follow-up (S-curve) against the history of progress-fixture.ts.
 */
describeEachDatabase('milestones and their follow-up', (get) => {
  let fx: ProgressFixture;
  beforeAll(async () => {
    fx = await createProgressFixture(get().db);
  });

  const base = () => `/api/plants/${fx.plantId}/milestones/`;
  const milestone = (extra: object = {}) => ({
    name: 'Módulos conectados',
    element_type: fx.types.get('MOD')!,
    state: fx.states.get('MOD.CONE')!,
    target_count: 4,
    target_date: '2026-01-13',
    ...extra,
  });

  it('creates, lists by element type, edits and deletes milestones', async () => {
    // A plant of this test's own, so its list holds exactly the milestones made here.
    const own = await createProgressFixture(get().db, { code: 'TST-06M' });
    const base = () => `/api/plants/${own.plantId}/milestones/`;
    const created = await get().call('POST', base(), { payload: milestone() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ plant: own.plantId, name: 'Módulos conectados', target_count: 4, target_date: '2026-01-13' });
    const strings = await get().call('POST', base(), { payload: milestone({ name: 'Strings tendidos', element_type: fx.types.get('STR'), state: fx.states.get('STR.TEND'), target_count: 0 }) });
    expect(strings.status).toBe(201);

    expect((await get().call('GET', base())).body.map((m: { id: number }) => m.id).sort()).toEqual([created.body.id, strings.body.id].sort());
    expect((await get().call('GET', `${base()}?element_type=${fx.types.get('STR')}`)).body.map((m: { id: number }) => m.id)).toEqual([strings.body.id]);

    const put = await get().call('PUT', `${base()}${created.body.id}/`, { payload: milestone({ name: 'Conectados', target_count: 5 }) });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: created.body.id, name: 'Conectados', target_count: 5 });
    expect((await get().call('GET', `${base()}${created.body.id}/`)).body.name).toBe('Conectados');

    expect((await get().call('DELETE', `${base()}${strings.body.id}/`)).status).toBe(204);
    expect((await get().call('GET', `${base()}${strings.body.id}/`)).status).toBe(404);
    expect((await get().call('DELETE', `${base()}${created.body.id}/`)).status).toBe(204);
    expect((await get().call('GET', base())).body).toEqual([]);
  });

  it('answers the S-curve: planned linear from the start date, actual from the history', async () => {
    // CONE is reached by CONE and INSP (INSP depends on CONE): a on 01-12, d on 01-12 (SC3 at 00:00).
    const { body: m } = await get().call('POST', base(), { payload: milestone() });
    const { status, body } = await get().call('GET', `${base()}${m.id}/followup/`);
    expect(status).toBe(200);
    expect(body.start_date).toBe(FIXTURE_START_DATE);
    expect(body.reaching_states.sort()).toEqual([fx.states.get('MOD.CONE'), fx.states.get('MOD.INSP')].sort());
    expect(body.points).toEqual([
      { date: '2026-01-09', planned: 0, actual: 0 },
      { date: '2026-01-10', planned: 1, actual: 0 },
      { date: '2026-01-11', planned: 2, actual: 0 },
      { date: '2026-01-12', planned: 3, actual: 2 },
      { date: '2026-01-13', planned: 4, actual: 2 },
    ]);

    // MONT is reached by MONT, CONE and INSP: a and b on 01-10, d on 01-11 (23:59:59.999); b's later NOK still counts.
    const { body: mounted } = await get().call('POST', base(), { payload: milestone({ state: fx.states.get('MOD.MONT'), target_count: 3, target_date: '2026-01-11' }) });
    expect((await get().call('GET', `${base()}${mounted.id}/followup/`)).body.points).toEqual([
      { date: '2026-01-09', planned: 0, actual: 0 },
      { date: '2026-01-10', planned: 1.5, actual: 2 },
      { date: '2026-01-11', planned: 3, actual: 3 },
    ]);

    // A target date before the start: one point, planned at the target.
    const { body: early } = await get().call('POST', base(), { payload: milestone({ target_date: '2026-01-01' }) });
    expect((await get().call('GET', `${base()}${early.id}/followup/`)).body.points).toEqual([{ date: '2026-01-01', planned: 4, actual: 0 }]);
  });

  it('refuses bad milestones with 400 and writes nothing', async () => {
    const before = (await get().call('GET', base())).body.length;
    const bad = async (payload: object, field: string) => {
      const res = await get().call('POST', base(), { payload });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body, JSON.stringify(payload)).toHaveProperty(field);
    };
    await bad(milestone({ target_count: -1 }), 'target_count');
    await bad(milestone({ target_count: 1.5 }), 'target_count');
    await bad(milestone({ target_date: '2026-02-30' }), 'target_date');
    await bad(milestone({ target_date: '13/01/2026' }), 'target_date');
    await bad(milestone({ element_type: 999999 }), 'element_type');
    await bad(milestone({ state: fx.states.get('STR.TEND') }), 'state');
    await bad(milestone({ state: 999999 }), 'state');
    await bad(milestone({ name: '' }), 'name');
    const otherType = await get().db.selectFrom('element_types').select('id').where('client_id', '!=', fx.clientId).executeTakeFirstOrThrow();
    await bad(milestone({ element_type: otherType.id }), 'element_type');
    const res = await get().call('POST', base(), { payload: milestone({ state: fx.states.get('STR.TEND') }) });
    expect(res.body.state[0]).toContain('MOD');
    expect((await get().call('GET', `${base()}?element_type=abc`)).status).toBe(400);
    expect((await get().call('GET', `${base()}?element_type=999999`)).status).toBe(400);
    expect((await get().call('GET', base())).body.length).toBe(before);
  });

  it('keeps writes to administrators (403) and other organisations out (404)', async () => {
    const { body: m } = await get().call('POST', base(), { payload: milestone() });
    expect((await get().call('POST', base(), { payload: milestone(), as: USERS.technician })).status).toBe(403);
    expect((await get().call('PUT', `${base()}${m.id}/`, { payload: milestone(), as: USERS.technician })).status).toBe(403);
    expect((await get().call('DELETE', `${base()}${m.id}/`, { as: USERS.technician })).status).toBe(403);
    for (const url of [base(), `${base()}${m.id}/`, `${base()}${m.id}/followup/`]) {
      expect((await get().call('GET', url, { as: USERS.otherAdmin })).status, url).toBe(404);
    }
    expect((await get().call('POST', base(), { payload: milestone(), as: USERS.otherAdmin })).status).toBe(404);
    expect((await get().call('DELETE', `${base()}${m.id}/`, { as: USERS.otherAdmin })).status).toBe(404);
    // A milestone id of another plant is not found under this one.
    const car = await get().db.selectFrom('plants').select('id').where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    expect((await get().call('GET', `/api/plants/${car.id}/milestones/${m.id}/`)).status).toBe(404);
    expect((await get().call('GET', `${base()}${m.id}/`)).status).toBe(200);
  });
});
