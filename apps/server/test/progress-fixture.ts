import type { Db } from '../src/db/database';

/*
 * A tiny plant of Demo Solar with known states and a known state-change history, for the
 * dashboard and planning tests (issue 6). Figures computed by hand from it:
 *
 *   CTR C1, C2 (no state)
 *   INV B01-INV01 (C1) NOK                       -> anomaly; no module code starts with 'B01-INV01-'
 *   TRA B01-T001 (C1) MONT, B01-T002 (C2) NOK
 *   STR B01-T001-S1 (C1) NOK, B01-T001-S2 (C1) TEND, B01-T002-S1 (C2) no state
 *   MOD (9; power 0.0054 MWp, so 0.6 kW a module)
 *     a B01-T001-S1-M01 (C1) CONE    under the NOK string
 *     b B01-T001-S1-M02 (C1) NOK     under the NOK string
 *     c B01-T001-S2-M01 (C1) NOK     (no history)
 *     d B01-T001-S2-M02 (C1) INSP
 *       B01-T002-S1-M01 (C2) MONT    under the NOK tracker
 *       B01-T002-S1-M02 (C2) -       under the NOK tracker
 *       B01-T0010-S1-M01 (C2) MONT   NOT under B01-T001 (the '-' boundary)
 *       B01-T003-S1-M01 (C2) MONT, B01-T003-S1-M02 (C2) PEND
 *   anomalies 5 (INV01, T002, T001-S1, b, c); affected modules 5 (b, c, a, both T002 modules); 3 kW.
 *
 *   History (by the administrator, all MOD):
 *     SC1 2026-01-10T08:00:00.000Z MONT  a (prev null), b (prev null)
 *     SC2 2026-01-11T23:59:59.999Z MONT  d (prev PEND)
 *     SC3 2026-01-12T00:00:00.000Z CONE  d (prev MONT)
 *     SC4 2026-01-12T09:00:00.000Z CONE  a (prev MONT)
 *     SC5 2026-01-13T10:00:00.000Z NOK   b (prev MONT)
 *     SC6 2026-01-14T10:00:00.000Z INSP  d (prev CONE)
 */
export const FIXTURE_PLANT_CODE = 'TST-06';
export const FIXTURE_START_DATE = '2026-01-09';

export interface ProgressFixture {
  clientId: number;
  code: string;
  adminId: number;
  plantId: number;
  types: Map<string, number>;
  /** `${typeCode}.${stateCode}` -> id */
  states: Map<string, number>;
  elements: Map<string, number>;
  ctrs: [number, number];
  changeIds: number[];
}

/**
 * The fixture plant; a test that changes it, or needs history by another user, takes one of its own
 * with another `code` (and `userId` for the author of the history, the demo administrator by default).
 */
export async function createProgressFixture(db: Db, { code = FIXTURE_PLANT_CODE, userId }: { code?: string; userId?: number } = {}): Promise<ProgressFixture> {
  const client = await db.selectFrom('clients').select('id').where('name', '=', 'Demo Solar').executeTakeFirstOrThrow();
  const admin = userId === undefined ? await db.selectFrom('users').select('id').where('email', '=', 'admin@heliotrack.demo').executeTakeFirstOrThrow() : { id: userId };
  const types = new Map(
    (await db.selectFrom('element_types').select(['id', 'code']).where('client_id', '=', client.id).execute()).map((t) => [t.code, t.id]),
  );
  const states = new Map(
    (
      await db
        .selectFrom('states')
        .innerJoin('element_types', 'element_types.id', 'states.element_type_id')
        .select(['states.id', 'states.code', 'element_types.code as type'])
        .where('states.client_id', '=', client.id)
        .execute()
    ).map((s) => [`${s.type}.${s.code}`, s.id]),
  );
  const st = (key: string) => {
    const id = states.get(key);
    if (id === undefined) throw new Error(`no state ${key}`);
    return id;
  };
  const plant = await db
    .insertInto('plants')
    .values({ client_id: client.id, code, name: `Planta de prueba ${code}`, power: 0.0054, start_date: FIXTURE_START_DATE, created_at: '2026-01-01T00:00:00.000Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const elements = new Map<string, number>();
  const add = async (type: string, code: string, state: string | null, ctrId: number | null) => {
    const row = await db
      .insertInto('elements')
      .values({ plant_id: plant.id, type_id: types.get(type)!, code, ctr_id: ctrId, state_id: state ? st(`${type}.${state}`) : null, updated_at: '2026-01-01T00:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    elements.set(code, row.id);
    return row.id;
  };
  const c1 = await add('CTR', 'C1', null, null);
  const c2 = await add('CTR', 'C2', null, null);
  await add('INV', 'B01-INV01', 'NOK', c1);
  await add('TRA', 'B01-T001', 'MONT', c1);
  await add('TRA', 'B01-T002', 'NOK', c2);
  await add('STR', 'B01-T001-S1', 'NOK', c1);
  await add('STR', 'B01-T001-S2', 'TEND', c1);
  await add('STR', 'B01-T002-S1', null, c2);
  await add('MOD', 'B01-T001-S1-M01', 'CONE', c1);
  await add('MOD', 'B01-T001-S1-M02', 'NOK', c1);
  await add('MOD', 'B01-T001-S2-M01', 'NOK', c1);
  await add('MOD', 'B01-T001-S2-M02', 'INSP', c1);
  await add('MOD', 'B01-T002-S1-M01', 'MONT', c2);
  await add('MOD', 'B01-T002-S1-M02', null, c2);
  await add('MOD', 'B01-T0010-S1-M01', 'MONT', c2);
  await add('MOD', 'B01-T003-S1-M01', 'MONT', c2);
  await add('MOD', 'B01-T003-S1-M02', 'PEND', c2);

  const a = elements.get('B01-T001-S1-M01')!;
  const b = elements.get('B01-T001-S1-M02')!;
  const d = elements.get('B01-T001-S2-M02')!;
  const history: [string, string, [number, string | null][]][] = [
    ['2026-01-10T08:00:00.000Z', 'MONT', [[a, null], [b, null]]],
    ['2026-01-11T23:59:59.999Z', 'MONT', [[d, 'PEND']]],
    ['2026-01-12T00:00:00.000Z', 'CONE', [[d, 'MONT']]],
    ['2026-01-12T09:00:00.000Z', 'CONE', [[a, 'MONT']]],
    ['2026-01-13T10:00:00.000Z', 'NOK', [[b, 'MONT']]],
    ['2026-01-14T10:00:00.000Z', 'INSP', [[d, 'CONE']]],
  ];
  const changeIds: number[] = [];
  for (const [createdAt, state, links] of history) {
    const change = await db
      .insertInto('state_changes')
      .values({
        client_id: client.id,
        plant_id: plant.id,
        element_type_id: types.get('MOD')!,
        state_id: st(`MOD.${state}`),
        user_id: admin.id,
        element_count: links.length,
        created_at: createdAt,
        observed_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    changeIds.push(change.id);
    await db
      .insertInto('state_change_elements')
      .values(links.map(([element_id, previous]) => ({ state_change_id: change.id, element_id, previous_state_id: previous ? st(`MOD.${previous}`) : null })))
      .execute();
  }
  return { clientId: client.id, code, adminId: admin.id, plantId: plant.id, types, states, elements, ctrs: [c1, c2], changeIds };
}
