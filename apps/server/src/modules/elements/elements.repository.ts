import { type ExpressionBuilder, sql } from 'kysely';
import type { ElementListFilters } from '@heliotrack/domain/element-filters';
import type { ElementFilters } from '@heliotrack/domain/elements';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { type ElementScope, filtered, LIST_COLUMNS, orderColumns } from '../../lib/element-list-query';

export async function countElements(db: Db, scope: ElementScope, filters: ElementListFilters) {
  const row = await filtered(db, scope, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * A list's count with the plant's version and newest history row, in one statement (one snapshot):
 * the count is exactly the one of that version, so it can be brought forward from there.
 */
export async function countElementsAt(db: Db, scope: ElementScope, filters: ElementListFilters) {
  const row = await filtered(db, scope, filters)
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.selectFrom('plants').select('element_rows_version').where('id', '=', scope.plantId).as('version'),
      eb.selectFrom('state_changes').select((sc) => sc.fn.max<number | null>('id').as('last')).where('plant_id', '=', scope.plantId).as('last_state_change_id'),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), version: Number(row.version), lastStateChangeId: Number(row.last_state_change_id ?? 0) };
}

/**
 * What the plant's state changes after history row `afterId` did to a count of elements in
 * `states`, in one statement: the plant's version now, how many history rows came since and the
 * newest, and the count's change (each element that entered one of the states adds one, each that
 * left one takes one away; state_change_elements keeps the state each had before).
 */
export async function stateChangesSince(db: Db, scope: ElementScope, states: readonly number[], afterId: number) {
  const since = (eb: ExpressionBuilder<Database, never>) =>
    eb.selectFrom('state_changes').where('state_changes.plant_id', '=', scope.plantId).where('state_changes.id', '>', afterId);
  const row = await db
    .selectNoFrom((eb) => {
      // Late rows never became current: they move no element (migration 0016).
      let moved = since(eb).innerJoin('state_change_elements as sce', 'sce.state_change_id', 'state_changes.id').where('sce.late', '=', 0);
      if (scope.typeId !== undefined) moved = moved.where('state_changes.element_type_id', '=', scope.typeId);
      return [
        eb.selectFrom('plants').select('element_rows_version').where('id', '=', scope.plantId).as('version'),
        since(eb).select((sc) => sc.fn.countAll<number>().as('n')).as('changes'),
        since(eb).select((sc) => sc.fn.max<number | null>('state_changes.id').as('m')).as('last'),
        moved
          .select(
            sql<number>`coalesce(sum(case when ${sql.ref('state_changes.state_id')} in (${sql.join(states)}) then 1 else 0 end), 0)
              - coalesce(sum(case when ${sql.ref('sce.previous_state_id')} in (${sql.join(states)}) then 1 else 0 end), 0)`.as('d'),
          )
          .as('delta'),
      ];
    })
    .executeTakeFirstOrThrow();
  return { version: Number(row.version), changes: Number(row.changes), last: row.last === null ? null : Number(row.last), delta: Number(row.delta ?? 0) };
}

export async function listElements(
  db: Db,
  scope: ElementScope,
  filters: ElementFilters,
  page: { limit: number; offset: number },
) {
  const direction = filters.ordering.startsWith('-') ? 'desc' : 'asc';
  let query = filtered(db, scope, filters).select(LIST_COLUMNS);
  for (const column of orderColumns(filters.ordering, scope)) query = query.orderBy(column, direction);
  return query.limit(page.limit).offset(page.offset).execute();
}

/**
 * The ids of every element matching the filters, at most `limit`, in no particular order: the
 * query reads whichever index serves the filters best, and the caller sorts (ordering 400,000 ids
 * in SQL would cost more than in memory).
 */
export async function listElementIds(db: Db, scope: ElementScope, filters: ElementListFilters, limit: number) {
  const rows = await filtered(db, scope, filters).select('elements.id').limit(limit).execute();
  return rows.map((row) => row.id);
}

export type ElementListRow = Awaited<ReturnType<typeof listElements>>[number];

/** One element of a plant with its type code and current state, for the detail. */
export async function findElementDetail(db: Db, plantId: number, elementId: number) {
  return db
    .selectFrom('elements')
    .innerJoin('element_types', 'element_types.id', 'elements.type_id')
    .leftJoin('states', 'states.id', 'elements.state_id')
    .select([
      ...LIST_COLUMNS,
      'elements.plant_id',
      'elements.ctr_id',
      'element_types.code as type_code',
      'states.code as state_code',
      'states.name as state_name',
      'states.color as state_color',
      'states.is_ok as state_is_ok',
    ])
    .where('elements.plant_id', '=', plantId)
    .where('elements.id', '=', elementId)
    .executeTakeFirst();
}

/** The order columns of a row of a list (orderColumns), as keys of PageKeys. */
export type PageKey = (string | number)[];

export interface PageKeysRead {
  /** The plant's element_rows_version the keys are exact for. */
  version: number;
  /** keys[j]: the order columns of the last row of page j + 1. */
  keys: PageKey[];
}

/** The output name of a column of orderColumns ('elements.code' → 'code'). */
const nameOf = (column: string) => column.slice(column.indexOf('.') + 1);

/** The key of the last row of every page of `size`, and the plant's element_rows_version, in one statement (modules/elements/page-keys.ts). */
export async function findPageKeys(db: Db, scope: ElementScope, filters: ElementFilters, size: number): Promise<PageKeysRead> {
  const columns = orderColumns(filters.ordering, scope);
  const direction = filters.ordering.startsWith('-') ? sql`desc` : sql`asc`;
  const order = sql.join(columns.map((c) => sql`${sql.ref(c)} ${direction}`));
  const numbered = filtered(db, scope, filters).select([...columns, sql<number>`row_number() over (order by ${order})`.as('rn')]);
  const rows = await db
    .selectFrom(db.selectFrom('plants').select('element_rows_version as version').where('id', '=', scope.plantId).as('v'))
    .leftJoin(
      db
        .selectFrom(numbered.as('n'))
        .selectAll()
        .where(sql<boolean>`${sql.ref('n.rn')} % ${size} = 0`)
        .as('t'),
      (join) => join.onTrue(),
    )
    .selectAll()
    .orderBy('t.rn')
    .execute();
  const names = columns.map(nameOf);
  const version = Number(rows[0]?.version ?? -1);
  const keys = rows.filter((r) => r.rn !== null).map((r) => names.map((name) => (r as Record<string, string | number>)[name]));
  return { version, keys };
}

/** The page after `after` (the last row of the page before), in the list's order, through its index. */
export function listElementsAfter(db: Db, scope: ElementScope, filters: ElementFilters, after: PageKey, size: number) {
  const columns = orderColumns(filters.ordering, scope);
  const descending = filters.ordering.startsWith('-');
  const direction = descending ? 'desc' : 'asc';
  // A row value comparison (both databases), which the planners read as a start in the index.
  const past = sql<boolean>`(${sql.join(columns.map((c) => sql.ref(c)))}) ${descending ? sql`<` : sql`>`} (${sql.join(after)})`;
  let query = filtered(db, scope, filters).select(LIST_COLUMNS).where(past);
  for (const column of columns) query = query.orderBy(column, direction);
  return query.limit(size).execute();
}
