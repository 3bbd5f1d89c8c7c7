import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, USERS } from './helpers';
import { createProgressFixture, FIXTURE_PLANT_CODE, type ProgressFixture } from './progress-fixture';

/*
 * Issue 6: dashboard/, plants/{id}/elements-ok/ and elements-by-state/ against the hand-computed
 * figures of the small plant of progress-fixture.ts.
 */
describeEachDatabase('dashboard and progress figures', (get) => {
  let fx: ProgressFixture;
  beforeAll(async () => {
    fx = await createProgressFixture(get().db);
  });

  /** state code -> count, from an elements-by-state answer (zero counts left out), plus 'none'. */
  const byCode = (body: { no_state: number; states: { code: string; count: number }[] }) => {
    const out: Record<string, number> = {};
    for (const s of body.states) if (s.count) out[s.code] = s.count;
    if (body.no_state) out.none = body.no_state;
    return out;
  };
  const mod = () => fx.types.get('MOD')!;

  it('keeps the existing dashboard fields and adds ok shares and anomaly effects per plant', async () => {
    const { status, body } = await get().call('GET', '/api/dashboard/');
    expect(status).toBe(200);
    for (const key of ['plant_count', 'total_power', 'module_count', 'element_count', 'elements_by_type', 'plants', 'recent_inspections']) expect(body).toHaveProperty(key);
    const plant = body.plants.find((p: { code: string }) => p.code === FIXTURE_PLANT_CODE);
    expect(plant.element_count).toBe(17);
    expect(plant.anomalies).toEqual({ anomaly_count: 5, affected_modules: 5, affected_power_kw: 3 });
    const shares = Object.fromEntries(plant.ok_by_type.map((t: { code: string; total: number; ok: number; ok_share: number }) => [t.code, [t.total, t.ok, t.ok_share]]));
    expect(shares).toEqual({ CTR: [2, 0, 0], INV: [1, 0, 0], MOD: [9, 6, 0.6667], STR: [3, 1, 0.3333], TRA: [2, 1, 0.5] });
    // Totals are the sums over the plants.
    const sum = (key: 'anomaly_count' | 'affected_modules') => body.plants.reduce((n: number, p: { anomalies: Record<string, number> }) => n + p.anomalies[key], 0);
    expect(body.anomalies.anomaly_count).toBe(sum('anomaly_count'));
    expect(body.anomalies.affected_modules).toBe(sum('affected_modules'));
    expect(body.element_count).toBe(body.plants.reduce((n: number, p: { element_count: number }) => n + p.element_count, 0));
  });

  it("places each plant on the map at its own location, else at the centre of its elements' bounds", async () => {
    type Centre = { latitude: number; longitude: number } | null;
    const centreOf = async (code: string): Promise<Centre> =>
      (await get().call('GET', '/api/dashboard/')).body.plants.find((p: { code: string }) => p.code === code).centre;
    // The fixture plant has no location and its elements no geometry yet.
    expect(await centreOf(FIXTURE_PLANT_CODE)).toBeNull();
    const bounds = [
      ['C1', { min_x: -5.61, min_y: 37.44, max_x: -5.6, max_y: 37.45 }],
      ['B01-T001', { min_x: -5.63, min_y: 37.43, max_x: -5.62, max_y: 37.435 }],
    ] as const;
    for (const [code, box] of bounds) {
      await get().db.updateTable('elements').set(box).where('id', '=', fx.elements.get(code)!).execute();
    }
    const centre = await centreOf(FIXTURE_PLANT_CODE);
    expect(centre?.longitude).toBeCloseTo(-5.615, 6);
    expect(centre?.latitude).toBeCloseTo(37.44, 6);
    // A plant's own latitude and longitude win over its elements.
    await get().db.updateTable('plants').set({ latitude: 40.1, longitude: -3.2 }).where('id', '=', fx.plantId).execute();
    expect(await centreOf(FIXTURE_PLANT_CODE)).toEqual({ latitude: 40.1, longitude: -3.2 });
    await get().db.updateTable('plants').set({ latitude: null, longitude: null }).where('id', '=', fx.plantId).execute();
    for (const [code] of bounds) {
      await get().db.updateTable('elements').set({ min_x: null, min_y: null, max_x: null, max_y: null }).where('id', '=', fx.elements.get(code)!).execute();
    }
    // The seeded plants have a location: it is their centre.
    const seeded = (await get().call('GET', '/api/dashboard/')).body.plants.filter((p: { latitude: number | null }) => p.latitude !== null);
    for (const plant of seeded) expect(plant.centre).toEqual({ latitude: plant.latitude, longitude: plant.longitude });
  });

  it('counts total, ok, not ok and no state per element type', async () => {
    const { status, body } = await get().call('GET', `/api/plants/${fx.plantId}/elements-ok/`);
    expect(status).toBe(200);
    const rows = Object.fromEntries(body.map((r: { code: string; total: number; ok: number; not_ok: number; no_state: number }) => [r.code, [r.total, r.ok, r.not_ok, r.no_state]]));
    expect(rows).toEqual({
      CTR: [2, 0, 0, 2],
      HIN: [0, 0, 0, 0],
      INV: [1, 0, 1, 0],
      MAS: [0, 0, 0, 0],
      MOD: [9, 6, 2, 1],
      STR: [3, 1, 1, 1],
      TRA: [2, 1, 1, 0],
    });
    expect((await get().call('GET', `/api/plants/${fx.plantId}/elements-ok/`, { as: USERS.otherAdmin })).status).toBe(404);
    expect((await get().call('GET', `/api/plants/${fx.plantId}/elements-ok/`, { as: USERS.technician })).status).toBe(404);
  });

  it('counts elements per state today and as of a date from the history', async () => {
    const url = (query: string) => `/api/elements-by-state/?plant=${fx.plantId}&element_type=${mod()}${query}`;
    const today = await get().call('GET', url(''));
    expect(today.status).toBe(200);
    expect(today.body).toMatchObject({ plant: fx.plantId, element_type: mod(), ctr: null, target_date: null, total: 9 });
    expect(byCode(today.body)).toEqual({ CONE: 1, NOK: 2, INSP: 1, MONT: 3, PEND: 1, none: 1 });
    // Every state of the type is listed, zero counts included.
    expect(today.body.states.map((s: { code: string }) => s.code)).toEqual(['PEND', 'MONT', 'CONE', 'INSP', 'NOK']);

    const asOf = async (date: string, extra = '') => {
      const res = await get().call('GET', url(`&target_date=${date}${extra}`));
      expect(res.status).toBe(200);
      return byCode(res.body);
    };
    // Before any change: a and b in the previous state of their first change (none), d in PEND.
    expect(await asOf('2026-01-09')).toEqual({ none: 3, PEND: 2, NOK: 1, MONT: 3 });
    // The end of the day is included (SC2 at 23:59:59.999).
    expect(await asOf('2026-01-11')).toEqual({ MONT: 6, NOK: 1, none: 1, PEND: 1 });
    expect(await asOf('2026-01-12')).toEqual({ CONE: 2, MONT: 4, NOK: 1, none: 1, PEND: 1 });
    expect(await asOf('2026-01-13')).toEqual({ CONE: 2, MONT: 3, NOK: 2, none: 1, PEND: 1 });
    expect(await asOf('2026-01-14')).toEqual(byCode(today.body));
    // Within one CTR.
    expect(await asOf('2026-01-12', `&ctr=${fx.ctrs[0]}`)).toEqual({ CONE: 2, MONT: 1, NOK: 1 });
    expect(byCode((await get().call('GET', url(`&ctr=${fx.ctrs[1]}`))).body)).toEqual({ MONT: 3, PEND: 1, none: 1 });
  });

  it('counts every type without element_type', async () => {
    const { status, body } = await get().call('GET', `/api/elements-by-state/?plant=${fx.plantId}`);
    expect(status).toBe(200);
    expect(body.total).toBe(17);
    expect(body.no_state).toBe(4);
    const nok = body.states.filter((s: { code: string }) => s.code === 'NOK').reduce((n: number, s: { count: number }) => n + s.count, 0);
    expect(nok).toBe(5);
  });

  it('follows a state change at once: remembered counts are keyed by the plant version', async () => {
    // A fixture plant of this test's own: the change below would upset the others' figures.
    const fx = await createProgressFixture(get().db, { code: 'TST-06F' });
    const okUrl = `/api/plants/${fx.plantId}/elements-ok/`;
    const byStateUrl = `/api/elements-by-state/?plant=${fx.plantId}&element_type=${mod()}`;
    const modRow = async () => (await get().call('GET', okUrl)).body.find((r: { code: string }) => r.code === 'MOD');
    // Read once so that the counts are remembered, then change the module without a state.
    expect(await modRow()).toMatchObject({ total: 9, ok: 6, not_ok: 2, no_state: 1 });
    const before = byCode((await get().call('GET', byStateUrl)).body);
    const element = fx.elements.get('B01-T002-S1-M02')!;
    const res = await get().app.inject({
      method: 'POST',
      url: `/api/plants/${fx.plantId}/modules/${element}/state-change/`,
      payload: { state: fx.states.get('MOD.MONT'), element_type: mod() },
      headers: await get().as(USERS.admin),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await modRow()).toMatchObject({ total: 9, ok: 7, not_ok: 2, no_state: 0 });
    expect(byCode((await get().call('GET', byStateUrl)).body)).toEqual({ ...before, MONT: before.MONT + 1, none: undefined });
    const dashboard = (await get().call('GET', '/api/dashboard/')).body.plants.find((p: { code: string }) => p.code === fx.code);
    expect(dashboard.ok_by_type.find((t: { code: string }) => t.code === 'MOD')).toMatchObject({ total: 9, ok: 7 });
  });

  it('refuses bad filters with 400 and hides other plants with 404', async () => {
    const base = `/api/elements-by-state/?plant=${fx.plantId}`;
    const bad = async (query: string, field: string) => {
      const res = await get().call('GET', `${base}${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toHaveProperty(field);
    };
    await bad('&element_type=abc', 'element_type');
    await bad('&element_type=999999', 'element_type');
    await bad('&target_date=2026-13-45', 'target_date');
    await bad('&target_date=yesterday', 'target_date');
    await bad(`&ctr=${fx.elements.get('B01-T001-S1-M01')}`, 'ctr');
    await bad('&ctr=999999', 'ctr');
    const otherType = await get().db.selectFrom('element_types').select('id').where('client_id', '!=', fx.clientId).executeTakeFirstOrThrow();
    await bad(`&element_type=${otherType.id}`, 'element_type');
    expect((await get().call('GET', '/api/elements-by-state/')).status).toBe(400);
    expect((await get().call('GET', `${base}&element_type=${mod()}`, { as: USERS.otherAdmin })).status).toBe(404);
    expect((await get().call('GET', '/api/plants/99999999/elements-ok/')).status).toBe(404);
  });
});
