import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { bytewise, forUpdate, withoutJit } from '../../db/dialect';
import { visiblePpis } from '../access/access.repository';
import type { CurrentUser } from '../../lib/current-user';

/*
 * Aggregates of the dashboard, elements-ok, elements-by-state and milestone follow-ups. Every one
 * counts in SQL (index-only where it can); none loads elements.
 */

export interface TypeStateCount {
  plant_id: number;
  type_id: number;
  state_id: number | null;
  count: number;
}

/** Elements per plant, type and current state (an index-only scan of elements_plant_type_state_idx). */
export async function countByTypeAndState(db: Db, plantIds: number[]): Promise<TypeStateCount[]> {
  if (plantIds.length === 0) return [];
  const rows = await db
    .selectFrom('elements')
    .select(['plant_id', 'type_id', 'state_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('plant_id', 'in', plantIds)
    .groupBy(['plant_id', 'type_id', 'state_id'])
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** The bounding box of each plant's elements (longitude/latitude degrees); plants without geometry are left out. */
export async function findPlantBounds(db: Db, plantIds: number[]) {
  if (plantIds.length === 0) return [];
  const rows = await db
    .selectFrom('elements')
    .select((eb) => [
      'plant_id',
      eb.fn.min<number | null>('min_x').as('min_x'),
      eb.fn.min<number | null>('min_y').as('min_y'),
      eb.fn.max<number | null>('max_x').as('max_x'),
      eb.fn.max<number | null>('max_y').as('max_y'),
    ])
    .where('plant_id', 'in', plantIds)
    .where('min_x', 'is not', null)
    .groupBy('plant_id')
    .execute();
  return rows.flatMap((r) =>
    r.min_x === null || r.min_y === null || r.max_x === null || r.max_y === null
      ? []
      : [{ plant_id: r.plant_id, min_x: Number(r.min_x), min_y: Number(r.min_y), max_x: Number(r.max_x), max_y: Number(r.max_y) }],
  );
}

export async function listStatesOfClient(db: Db, clientId: number) {
  return db
    .selectFrom('states')
    .select(['id', 'element_type_id', 'code', 'name', 'color', 'is_ok', 'depends_on', 'sort_order'])
    .where('client_id', '=', clientId)
    .orderBy('element_type_id')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/**
 * Modules affected by anomalies per plant: modules in a not-ok state, plus modules whose code
 * starts with the code of a not-ok element of `parentTypeIds` followed by '-' (a range on the
 * code index per affected parent). The union counts each module once.
 */
export async function countAffectedModules(
  db: Db,
  args: { plantIds: number[]; moduleTypeId: number; parentTypeIds: number[]; notOkStateIds: number[] },
): Promise<Map<number, number>> {
  const { plantIds, moduleTypeId, parentTypeIds, notOkStateIds } = args;
  if (plantIds.length === 0 || notOkStateIds.length === 0) return new Map();
  const plants = sql.join(plantIds);
  const notOk = sql.join(notOkStateIds);
  // Modules are told apart by code (unique per type in a plant): both branches are index-only scans.
  const own = sql`select m.plant_id, m.code from elements m
    where m.plant_id in (${plants}) and m.type_id = ${moduleTypeId} and m.state_id in (${notOk})`;
  // Codes compared bytewise, so PostgreSQL can use elements_plant_type_code_c_idx for the range.
  const mCode = bytewise(db, sql.ref('m.code'));
  const upper = bytewise(db, sql`(a.code || '.')`);
  const lower = bytewise(db, sql`(a.code || '-')`);
  const under = parentTypeIds.length
    ? sql`union select m.plant_id, m.code from elements a
        join elements m on m.plant_id = a.plant_id and m.type_id = ${moduleTypeId} and ${mCode} > ${lower} and ${mCode} < ${upper}
        where a.plant_id in (${plants}) and a.type_id in (${sql.join(parentTypeIds)}) and a.state_id in (${notOk})`
    : sql``;
  const query = sql<{ plant_id: number; count: number | string }>`
    select affected.plant_id, count(*) as count from (${own} ${under}) affected group by affected.plant_id`;
  // PostgreSQL estimates the code-range join at millions of rows and then spent more time
  // JIT-compiling the query (about 150 ms, measured) than running it (under 30 ms).
  const { rows } = await withoutJit(db, (trx) => query.execute(trx));
  return new Map(rows.map((r) => [Number(r.plant_id), Number(r.count)]));
}

export interface StateScope {
  plantId: number;
  typeId?: number;
  ctrId?: number;
}

/** Elements per current state. */
export async function countByCurrentState(db: Db, scope: StateScope) {
  let query = db
    .selectFrom('elements')
    .select(['state_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('plant_id', '=', scope.plantId);
  if (scope.typeId !== undefined) query = query.where('type_id', '=', scope.typeId);
  if (scope.ctrId !== undefined) query = query.where('ctr_id', '=', scope.ctrId);
  const rows = await query.groupBy('state_id').execute();
  return rows.map((r) => ({ state_id: r.state_id, count: Number(r.count) }));
}

/**
 * Elements per state as of `endIso` (an ISO-8601 UTC instant, inclusive): the state set by an
 * element's last change at or before it; without one, the previous_state_id of its first later
 * change; without any history, its current state.
 * Computed by undoing, from today's counts, every change made after the instant (late history rows,
 * which never became current, are left out): each history row
 * after it moves one element back from the state it entered (the change's state) to the state it
 * left (previous_state_id). For an element changed k times since, the entries and exits telescope
 * to "current state out, previous state of the first later change in", which is the definition
 * because the state-change service records each change's previous state and sets the new one in
 * one transaction (the history is a chain ending in the current state). It reads only the history
 * after the instant, grouped by (state, previous state): no per-element work, no element loaded.
 * Counts that a history edited by hand would drive below zero are answered as zero.
 */
export async function countByStateAsOf(
  db: Db,
  scope: StateScope,
  endIso: string,
  /** Today's counts in the same scope, when the caller already has them. */
  known?: { state_id: number | null; count: number }[],
) {
  const current = known ?? (await countByCurrentState(db, scope));
  const typeFilter = scope.typeId !== undefined ? sql`and sc.element_type_id = ${scope.typeId}` : sql``;
  const changesAfter = sql`select sc.id from state_changes sc where sc.plant_id = ${scope.plantId} ${typeFilter} and sc.created_at > ${endIso}`;
  // Without a CTR, the history rows are grouped per change first, on the covering index
  // state_change_elements_change_previous_idx (no sort of the rows, measured 3x faster on SQLite);
  // with one, each row joins its element to test the CTR.
  const query =
    scope.ctrId === undefined
      ? sql<{ entered: number; left: number | null; count: number | string }>`
          select sc.state_id as entered, per_change.previous_state_id as "left", sum(per_change.n) as count
          from (
            select sce.state_change_id, sce.previous_state_id, count(*) as n
            from state_change_elements sce
            where sce.state_change_id in (${changesAfter}) and sce.late = 0
            group by sce.state_change_id, sce.previous_state_id
          ) per_change
          join state_changes sc on sc.id = per_change.state_change_id
          group by sc.state_id, per_change.previous_state_id`
      : sql<{ entered: number; left: number | null; count: number | string }>`
          select sc.state_id as entered, sce.previous_state_id as "left", count(*) as count
          from state_changes sc
          join state_change_elements sce on sce.state_change_id = sc.id
          join elements e on e.id = sce.element_id and e.ctr_id = ${scope.ctrId}
          where sc.plant_id = ${scope.plantId} ${typeFilter} and sc.created_at > ${endIso} and sce.late = 0
          group by sc.state_id, sce.previous_state_id`;
  const { rows } = await query.execute(db);
  const counts = new Map(current.map((r) => [r.state_id, r.count]));
  for (const row of rows) {
    const n = Number(row.count);
    const entered = Number(row.entered);
    const left = row.left === null ? null : Number(row.left);
    counts.set(entered, (counts.get(entered) ?? 0) - n);
    counts.set(left, (counts.get(left) ?? 0) + n);
  }
  return [...counts.entries()].filter(([, count]) => count > 0).map(([state_id, count]) => ({ state_id, count }));
}

export async function findCtrOfPlant(db: Db, plantId: number, ctrId: number) {
  return db
    .selectFrom('elements')
    .innerJoin('element_types', 'element_types.id', 'elements.type_id')
    .select('elements.id')
    .where('elements.plant_id', '=', plantId)
    .where('elements.id', '=', ctrId)
    .where('element_types.code', '=', 'CTR')
    .executeTakeFirst();
}

/** The user's added charts, in their order (the states still as stored JSON). */
export async function listDashboardCharts(db: Db, userId: number) {
  return db
    .selectFrom('dashboard_charts')
    .select(['chart_id', 'element_type_id', 'kind', 'states'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
}

export interface DashboardChartRow {
  chart_id: string;
  element_type_id: number;
  kind: string;
  states: number[];
}

/**
 * Replaces the user's charts with `charts`, in that order, in one transaction. The user's row is
 * locked first (PostgreSQL) so that two replacements at once run one after the other instead of
 * both inserting into an emptied list.
 */
export async function replaceDashboardCharts(db: Db, userId: number, charts: DashboardChartRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await forUpdate(trx, trx.selectFrom('users').select('id').where('id', '=', userId)).execute();
    await trx.deleteFrom('dashboard_charts').where('user_id', '=', userId).execute();
    if (charts.length === 0) return;
    await trx
      .insertInto('dashboard_charts')
      .values(
        charts.map((chart, position) => ({
          user_id: userId,
          chart_id: chart.chart_id,
          position,
          element_type_id: chart.element_type_id,
          kind: chart.kind,
          states: JSON.stringify(chart.states),
        })),
      )
      .execute();
  });
}

/** The latest results on the plans the user sees, newest first (the dashboard's recent inspections). */
export async function listRecentResults(db: Db, user: CurrentUser, limit: number) {
  return db
    .selectFrom('ppi_results')
    .innerJoin('ppis', 'ppis.id', 'ppi_results.ppi_id')
    .innerJoin('plants', 'plants.id', 'ppis.plant_id')
    .innerJoin('ppi_activities', 'ppi_activities.id', 'ppi_results.activity_id')
    .innerJoin('elements', 'elements.id', 'ppi_results.element_id')
    .leftJoin('users', 'users.id', 'ppi_results.user_id')
    .select([
      'ppi_results.id',
      'ppis.id as ppi_id',
      'ppis.code as ppi_code',
      'plants.id as plant_id',
      'plants.code as plant_code',
      'plants.name as plant_name',
      'ppi_activities.name as activity_name',
      'elements.code as element_code',
      'ppi_results.result',
      'users.name as author_name',
      'ppi_results.updated_at',
    ])
    .where('ppi_results.client_id', '=', user.clientId)
    .where('ppi_results.ppi_id', 'in', visiblePpis(db, user).select('ppis.id'))
    .orderBy('ppi_results.updated_at', 'desc')
    .orderBy('ppi_results.id', 'desc')
    .limit(limit)
    .execute();
}
