import type { Db } from '../../db/database';
import type { ElementListFilters } from '@heliotrack/domain/element-filters';
import { type ElementScope, filtered } from '../../lib/element-list-query';

/** Where the previous chunk ended: the last row's sort key. */
export interface ExportCursor {
  code: string;
  id: number;
}

/**
 * One chunk of the element export of one type: the element list's own filtered query, in code
 * order, continuing after `after` (keyset pagination: each chunk is a range of the
 * (plant_id, type_id, code) index, never an OFFSET over the rows already sent). One type at a time,
 * because a row comparison that starts with type_id is not an index range on PostgreSQL (measured:
 * a full scan per chunk), while (code, id) after type_id is.
 */
export async function exportChunk(
  db: Db,
  scope: Required<ElementScope>,
  filters: ElementListFilters,
  after: ExportCursor | null,
  limit: number,
) {
  let query = filtered(db, scope, filters)
    .innerJoin('element_types', 'element_types.id', 'elements.type_id')
    .leftJoin('states', 'states.id', 'elements.state_id')
    .leftJoin('contractors', 'contractors.id', 'elements.last_state_change_contractor_id')
    .select([
      'elements.id',
      'elements.code',
      'element_types.code as type_code',
      'states.name as state_name',
      'elements.serial',
      'contractors.name as contractor_name',
      'elements.updated_at',
    ]);
  if (after)
    query = query.where((eb) =>
      eb(eb.refTuple('elements.code', 'elements.id'), '>', eb.tuple(after.code, after.id)),
    );
  return query.orderBy('elements.code').orderBy('elements.id').limit(limit).execute();
}

export type ExportRow = Awaited<ReturnType<typeof exportChunk>>[number];

/** The organisation's element types in export order (by id, as the element list without a type). */
export async function listTypeIdsOfClient(db: Db, clientId: number) {
  const rows = await db
    .selectFrom('element_types')
    .select('id')
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
