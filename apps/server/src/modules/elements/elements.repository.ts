import { type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import type { ElementFilters } from '@heliotrack/domain/elements';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

/** The columns of the specification's local `element` table: what every list answers. */
const LIST_COLUMNS = [
  'elements.id',
  'elements.code',
  'elements.description',
  'elements.geom',
  'elements.last_state_change_contractor_id',
  'elements.state_id',
  'elements.type_id',
  'elements.updated_at',
  'elements.serial',
  'elements.is_serial_invalid_length',
  'elements.is_serial_duplicated',
  'elements.is_serial_unregistered',
] as const;

/** One plant, and one element type unless the caller lists every type (`elements/?ct=`). */
export interface ElementScope {
  plantId: number;
  typeId?: number;
}

export type ElementListFilters = Omit<ElementFilters, 'ordering'>;

const SERIAL_FLAGS = ['is_serial_invalid_length', 'is_serial_duplicated', 'is_serial_unregistered'] as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive "contains", written the same way on SQLite and PostgreSQL. */
function contains(eb: ExpressionBuilder<Database, 'elements'>, column: 'elements.code' | 'elements.serial', text: string) {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  return sql<SqlBool>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`;
}

/** A date bound covers its whole day; a date-time bound is compared in UTC, as times are stored. */
function lowerBound(value: string) {
  return value.length === 10 ? value : new Date(value).toISOString();
}
function upperBound(value: string): { op: '<' | '<='; value: string } {
  if (value.length !== 10) return { op: '<=', value: new Date(value).toISOString() };
  const next = new Date(`${value}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { op: '<', value: next.toISOString().slice(0, 10) };
}

/** The filtered element query every list (and the element export) starts from. */
export function filtered(db: Db, scope: ElementScope, f: ElementListFilters) {
  let query = db.selectFrom('elements').where('elements.plant_id', '=', scope.plantId);
  if (scope.typeId !== undefined) query = query.where('elements.type_id', '=', scope.typeId);
  if (f.code) query = query.where((eb) => contains(eb, 'elements.code', f.code!));
  if (f.serial) query = query.where((eb) => contains(eb, 'elements.serial', f.serial!));
  if (f.state?.length) query = query.where('elements.state_id', 'in', f.state);
  if (f.contractor !== undefined) query = query.where('elements.last_state_change_contractor_id', '=', f.contractor);
  if (f.ct !== undefined) query = query.where('elements.ctr_id', '=', f.ct);
  if (f.updated_from) query = query.where('elements.updated_at', '>=', lowerBound(f.updated_from));
  if (f.updated_to) {
    const bound = upperBound(f.updated_to);
    query = query.where('elements.updated_at', bound.op, bound.value);
  }
  for (const flag of SERIAL_FLAGS) {
    // A literal, not a bound value: SQLite plans before binding, and only a literal 1 lets it use the partial index of the flag.
    if (f[flag] !== undefined) query = query.where(`elements.${flag}`, '=', sql.lit(f[flag] ? 1 : 0));
  }
  return query;
}

/**
 * Each ordering follows one index of migration 0003 (or elements_plant_type_code_idx), so a page is
 * read in index order and never sorts the plant. Ties break by id for stable pages.
 */
function orderColumns(ordering: ElementFilters['ordering'], scope: ElementScope) {
  const byType = scope.typeId === undefined ? (['elements.type_id'] as const) : ([] as const);
  switch (ordering.replace(/^-/, '')) {
    case 'updated_at':
      return [...byType, 'elements.updated_at', 'elements.id'] as const;
    case 'state':
      return [...byType, 'elements.state_id', 'elements.code', 'elements.id'] as const;
    case 'id':
      return ['elements.id'] as const;
    default:
      return [...byType, 'elements.code', 'elements.id'] as const;
  }
}

export async function countElements(db: Db, scope: ElementScope, filters: ElementListFilters) {
  const row = await filtered(db, scope, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
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

/** Where an element lives: its plant (for the access check) and type. */
export async function findElementById(db: Db, elementId: number) {
  return db
    .selectFrom('elements')
    .innerJoin('element_types', 'element_types.id', 'elements.type_id')
    .select(['elements.id', 'elements.plant_id', 'elements.type_id', 'elements.state_id', 'element_types.code as type_code'])
    .where('elements.id', '=', elementId)
    .executeTakeFirst();
}
