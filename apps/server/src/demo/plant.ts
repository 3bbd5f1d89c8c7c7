import { STANDARD_ELEMENT_TYPES, type StandardElementTypeCode } from '@heliotrack/domain/element-types';
import type { Db } from '../db/database';
import { insertChunkSize } from '../db/dialect';
import type { NewElement } from '../db/schema';
import type { LonLat } from './geo';
import { createDemoMilestones, DemoHistory, type HistoryAuthors } from './history';
import { DEFAULT_CENTER, generateLayout, type LayoutCounts, type LayoutElement, planLayout } from './layout';
import { ProgressModel, type TypeStates } from './progress';
import { hashString, mulberry32 } from './random';

export interface DemoPlantOptions {
  /** Peak power in MWp (stored as the plant's power). */
  mwp: number;
  code: string;
  name: string;
  /** Default 'Carmona, Sevilla'. */
  location?: string;
  /** Centre of the layout (and the plant's latitude/longitude); default near Carmona. */
  center?: LonLat;
  /** Seeds the layout and the states; default derived from the code. */
  seed?: number;
  /** YYYY-MM-DD; default 240 days ago. State changes are spread from then to now. */
  startDate?: string;
  /**
   * Who recorded the works: when given, the plant gets the state-change history that leads every
   * element to its state (from the start date to yesterday) and a few milestones. Without it the
   * elements are only in their states, which is quicker for the large reference plants.
   */
  history?: HistoryAuthors;
  /** Default: the organisation's first state group / contractor group. */
  stateGroupId?: number;
  contractorGroupId?: number;
  /** Users authorised on the plant. */
  userIds?: number[];
  log?: (msg: string) => void;
}

export interface DemoPlantResult {
  plantId: number;
  elements: number;
  /** State changes written (0 without history). */
  stateChanges: number;
  counts: LayoutCounts;
  seconds: number;
}

/** Columns written per element row; with insertChunkSize this keeps a statement under the parameter limits. */
const ELEMENT_COLUMNS = 15;
const DAY_MS = 86_400_000;

/**
 * Adds a generated plant of `mwp` MWp, with its elements in believable construction states, to an
 * organisation whose catalogue exists (element types, a state group, a contractor group).
 * All or nothing: it runs in a transaction, or inside the caller's when given one.
 */
export async function createDemoPlant(
  db: Db,
  clientId: number,
  options: DemoPlantOptions,
): Promise<DemoPlantResult> {
  const run = (trx: Db) => insertPlant(trx, clientId, options);
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

async function insertPlant(db: Db, clientId: number, options: DemoPlantOptions): Promise<DemoPlantResult> {
  const started = performance.now();
  const center = options.center ?? DEFAULT_CENTER;
  const seed = options.seed ?? hashString(options.code);
  const plan = planLayout({ mwp: options.mwp, seed, center });
  const nowMs = Date.now();
  const startDate = options.startDate ?? new Date(nowMs - 240 * DAY_MS).toISOString().slice(0, 10);

  const stateGroupId = options.stateGroupId ?? (await firstId(db, 'state_groups', clientId));
  const contractorGroupId = options.contractorGroupId ?? (await firstId(db, 'contractor_groups', clientId));
  if (stateGroupId === undefined || contractorGroupId === undefined) {
    throw new Error(
      `organisation ${clientId} has no state group or contractor group: create its catalogue first`,
    );
  }
  const typeIds = await elementTypeIds(db, clientId);
  const states = await statesByType(db, stateGroupId);
  const history = options.history
    ? new DemoHistory({
        startMs: Date.parse(`${startDate}T07:00:00Z`),
        nowMs,
        states,
        typeIds,
        counts: plan.counts,
        authors: options.history,
        transactionTypes: await db
          .selectFrom('transaction_types')
          .select(['id', 'code', 'element_type_id'])
          .where('client_id', '=', clientId)
          .orderBy('id')
          .execute(),
      })
    : null;
  const contractorIds = (
    await db
      .selectFrom('contractor_group_members')
      .select('contractor_id')
      .where('contractor_group_id', '=', contractorGroupId)
      .orderBy('contractor_id')
      .execute()
  ).map((r) => r.contractor_id);

  const plant = await db
    .insertInto('plants')
    .values({
      client_id: clientId,
      structure_type: 'tracker',
      code: options.code,
      name: options.name,
      power: options.mwp,
      location: options.location ?? 'Carmona, Sevilla',
      latitude: center.lat,
      longitude: center.lon,
      start_date: startDate,
      state_group_id: stateGroupId,
      contractor_group_id: contractorGroupId,
      is_serial_scan_enable: 1,
      created_at: new Date(nowMs).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.userIds?.length) {
    await db
      .insertInto('user_plants')
      .values(options.userIds.map((user_id) => ({ user_id, plant_id: plant.id })))
      .execute();
  }

  const progress = new ProgressModel(
    mulberry32(seed ^ 0x9e3779b9),
    plan.blocks,
    states,
    contractorIds,
    Date.parse(`${startDate}T07:00:00Z`),
    nowMs,
    `JAM${String(plant.id % 10_000).padStart(4, '0')}`,
  );
  const toRow = (e: LayoutElement, ctrId: number | null): NewElement => {
    const p = progress.next(e);
    const updatedAt = history
      ? (history.add(e.type, e.code, states.get(e.type)?.initial.id ?? null, p.path) ?? p.updatedAt)
      : p.updatedAt;
    return {
      plant_id: plant.id,
      type_id: typeIds.get(e.type)!,
      code: e.code,
      description: e.description,
      geom: e.geom,
      min_x: e.minX,
      min_y: e.minY,
      max_x: e.maxX,
      max_y: e.maxY,
      ctr_id: ctrId,
      state_id: p.stateId,
      last_state_change_contractor_id: p.contractorId,
      serial: p.serial,
      updated_at: updatedAt,
      // Written with their plant, in one transaction: no device can hold a cursor of the plant yet,
      // so its first version is right (every later write stamps a higher one).
      row_version: 0,
    };
  };

  // The layout yields every CTR first. They are stored before anything else so that the other
  // elements can carry their CTR's id as they are inserted, with no second pass over the plant.
  const chunk = insertChunkSize(ELEMENT_COLUMNS, 2000);
  let ctrIds: Map<string, number> | null = null;
  let rows: NewElement[] = [];
  const pendingCtrs: LayoutElement[] = [];
  let written = 0;
  let nextLog = 50_000;
  /** Ids by code, for the history's element rows. */
  const elementIds = new Map<string, number>();
  const flush = async () => {
    if (rows.length && history) {
      const stored = await db.insertInto('elements').values(rows).returning(['id', 'code']).execute();
      for (const r of stored) elementIds.set(r.code, r.id);
    } else if (rows.length) {
      await db.insertInto('elements').values(rows).execute();
    }
    written += rows.length;
    rows = [];
  };
  for (const element of generateLayout(plan)) {
    if (!ctrIds) {
      if (element.type === 'CTR') {
        pendingCtrs.push(element);
        continue;
      }
      ctrIds = await insertCtrs(
        db,
        plant.id,
        typeIds.get('CTR')!,
        pendingCtrs.map((e) => toRow(e, null)),
      );
      for (const [code, id] of ctrIds) elementIds.set(code, id);
      written += pendingCtrs.length;
    }
    rows.push(toRow(element, ctrIds.get(element.ctrCode) ?? null));
    if (rows.length >= chunk) {
      await flush();
      if (written >= nextLog) {
        options.log?.(`  ${options.code}: ${written} of ${plan.total} elements`);
        nextLog += 50_000;
      }
    }
  }
  if (!ctrIds) {
    const ids = await insertCtrs(
      db,
      plant.id,
      typeIds.get('CTR')!,
      pendingCtrs.map((e) => toRow(e, null)),
    );
    for (const [code, id] of ids) elementIds.set(code, id);
    written += pendingCtrs.length;
  }
  await flush();

  let stateChanges = 0;
  if (history) {
    await history.write(db, clientId, plant.id, elementIds);
    stateChanges = history.changeCount;
    await createDemoMilestones(db, clientId, plant.id, { states, typeIds, counts: plan.counts, nowMs });
  }

  const seconds = (performance.now() - started) / 1000;
  options.log?.(
    `plant ${options.code} (${options.mwp} MWp): ${written} elements${history ? `, ${stateChanges} state changes` : ''} in ${seconds.toFixed(1)} s`,
  );
  return { plantId: plant.id, elements: written, stateChanges, counts: plan.counts, seconds };
}

/** Stores the CTRs, points each at itself, and answers their ids by code. */
async function insertCtrs(db: Db, plantId: number, ctrTypeId: number, rows: NewElement[]) {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('elements')
      .values(rows.slice(i, i + 1000))
      .execute();
  await db
    .updateTable('elements')
    .set((eb) => ({ ctr_id: eb.ref('id') }))
    .where('plant_id', '=', plantId)
    .where('type_id', '=', ctrTypeId)
    .execute();
  const stored = await db
    .selectFrom('elements')
    .select(['id', 'code'])
    .where('plant_id', '=', plantId)
    .where('type_id', '=', ctrTypeId)
    .execute();
  return new Map(stored.map((r) => [r.code, r.id]));
}

async function firstId(db: Db, table: 'state_groups' | 'contractor_groups', clientId: number) {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('client_id', '=', clientId)
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

async function elementTypeIds(db: Db, clientId: number) {
  const rows = await db
    .selectFrom('element_types')
    .select(['id', 'code'])
    .where('client_id', '=', clientId)
    .execute();
  const ids = new Map(rows.map((r) => [r.code as StandardElementTypeCode, r.id]));
  const missing = STANDARD_ELEMENT_TYPES.filter((t) => !ids.has(t.code)).map((t) => t.code);
  if (missing.length)
    throw new Error(`organisation ${clientId} lacks the element types ${missing.join(', ')}`);
  return ids;
}

/**
 * The group's states per element type: the initial state is the first one that is OK, the steps
 * the OK states after it in sort order, and 'No OK' the first state that is not OK.
 */
async function statesByType(db: Db, stateGroupId: number) {
  const rows = await db
    .selectFrom('state_group_states')
    .innerJoin('states', 'states.id', 'state_group_states.state_id')
    .innerJoin('element_types', 'element_types.id', 'states.element_type_id')
    .select([
      'states.id',
      'states.code as stateCode',
      'states.is_ok',
      'states.restringed',
      'states.is_active',
      'element_types.code',
    ])
    .where('state_group_states.state_group_id', '=', stateGroupId)
    .orderBy('states.sort_order')
    .orderBy('states.id')
    .execute();
  const byType = new Map<StandardElementTypeCode, TypeStates>();
  for (const t of STANDARD_ELEMENT_TYPES) {
    const ofType = rows.filter((r) => r.code === t.code && r.is_active === 1);
    const ok = ofType
      .filter((r) => r.is_ok === 1)
      .map((r) => ({ id: r.id, code: r.stateCode, restringed: r.restringed === 1 }));
    const notOk = ofType.find((r) => r.is_ok !== 1);
    if (!ok.length) continue;
    byType.set(t.code, {
      initial: ok[0],
      steps: ok.slice(1),
      notOk: notOk ? { id: notOk.id, code: notOk.stateCode, restringed: notOk.restringed === 1 } : null,
    });
  }
  return byType;
}
