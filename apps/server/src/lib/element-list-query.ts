import { type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import { type ElementListFilters, SERIAL_FLAGS, updatedFromBound, updatedToBound } from '@heliotrack/domain/element-filters';
import type { ElementFilters } from '@heliotrack/domain/elements';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

/*
 * The element list's query (filters, columns, orderings): the elements module's lists start from it,
 * and so do the element export and a PPI's linked elements. Here, not in the elements module,
 * because a module does not import another (issue 30).
 */

/** The columns of the specification's local `element` table: what every list answers. */
export const LIST_COLUMNS = [
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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive "contains", written the same way on SQLite and PostgreSQL. */
function contains(eb: ExpressionBuilder<Database, 'elements'>, column: 'elements.code' | 'elements.serial', text: string) {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  return sql<SqlBool>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * The filtered element query every list (and the element export) starts from: the rule of
 * matchesElementFilters (packages/domain), in SQL.
 */
export function filtered(db: Db, scope: ElementScope, f: ElementListFilters) {
  let query = db.selectFrom('elements').where('elements.plant_id', '=', scope.plantId);
  if (scope.typeId !== undefined) query = query.where('elements.type_id', '=', scope.typeId);
  if (f.code) query = query.where((eb) => contains(eb, 'elements.code', f.code!));
  if (f.codes) query = query.where('elements.code', 'in', f.codes);
  if (f.serial) query = query.where((eb) => contains(eb, 'elements.serial', f.serial!));
  if (f.state?.length) query = query.where('elements.state_id', 'in', f.state);
  if (f.contractor !== undefined) query = query.where('elements.last_state_change_contractor_id', '=', f.contractor);
  if (f.ct !== undefined) query = query.where('elements.ctr_id', '=', f.ct);
  if (f.updated_from) query = query.where('elements.updated_at', '>=', updatedFromBound(f.updated_from));
  if (f.updated_to) {
    const bound = updatedToBound(f.updated_to);
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
export function orderColumns(ordering: ElementFilters['ordering'], scope: ElementScope) {
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
