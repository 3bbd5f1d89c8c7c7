import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { visiblePlants } from '../access/access.repository';
import type { CurrentUser } from '../../lib/current-user';

export interface InventoryFilters {
  search?: string;
  typeId?: number;
  plantId?: number;
  elementId?: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Elements of the plants the caller may see; search is a case-insensitive "contains" on code or serial. */
function filtered(db: Db, user: CurrentUser, filters: InventoryFilters) {
  let query = db.selectFrom('elements as e').where('e.plant_id', 'in', visiblePlants(db, user).select('plants.id'));
  if (filters.plantId !== undefined) query = query.where('e.plant_id', '=', filters.plantId);
  if (filters.typeId !== undefined) query = query.where('e.type_id', '=', filters.typeId);
  if (filters.elementId !== undefined) query = query.where('e.id', '=', filters.elementId);
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(${eb.ref('e.code')}) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(${eb.ref('e.serial')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query;
}

export async function countItems(db: Db, user: CurrentUser, filters: InventoryFilters) {
  const row = await filtered(db, user, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listItems(db: Db, user: CurrentUser, filters: InventoryFilters, limit: number, offset: number) {
  return filtered(db, user, filters)
    .innerJoin('plants as p', 'p.id', 'e.plant_id')
    .innerJoin('element_types as et', 'et.id', 'e.type_id')
    .leftJoin('states as s', 's.id', 'e.state_id')
    .select([
      'e.id',
      'e.code',
      'e.serial',
      'p.id as plant_id',
      'p.code as plant_code',
      'p.name as plant_name',
      'et.code as type_code',
      's.id as state_id',
      's.name as state_name',
      's.color as state_color',
    ])
    .orderBy('e.code')
    .orderBy('e.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Flash reports not yet closed, per element. */
export async function countOpenFlashReports(db: Db, elementIds: number[]) {
  if (elementIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('flash_reports')
    .select(['element_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('element_id', 'in', elementIds)
    .where('status', '!=', 'closed')
    .groupBy('element_id')
    .execute();
  return new Map(rows.map((r) => [r.element_id, Number(r.count)]));
}

export async function findElementTypeIdByCode(db: Db, clientId: number, code: string) {
  const row = await db.selectFrom('element_types').select('id').where('client_id', '=', clientId).where('code', '=', code).executeTakeFirst();
  return row?.id;
}
