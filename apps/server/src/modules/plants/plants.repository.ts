import type { Db } from '../../db/database';
import type { CurrentUser } from '../../plugins/auth';

/** Plants the user may see: all of the organisation for administrators, authorised ones otherwise. */
export function visiblePlants(db: Db, user: CurrentUser) {
  let query = db.selectFrom('plants').where('plants.client_id', '=', user.clientId);
  if (!user.isAdmin) {
    query = query.where('plants.id', 'in', db.selectFrom('user_plants').select('plant_id').where('user_id', '=', user.id));
  }
  return query;
}

export async function listVisiblePlants(db: Db, user: CurrentUser) {
  return visiblePlants(db, user).selectAll('plants').orderBy('plants.name').orderBy('plants.id').execute();
}

export async function findVisiblePlant(db: Db, user: CurrentUser, plantId: number) {
  return visiblePlants(db, user).selectAll('plants').where('plants.id', '=', plantId).executeTakeFirst();
}

export async function countElementsByPlant(db: Db, plantIds: number[]) {
  if (plantIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('elements')
    .select(['plant_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('plant_id', 'in', plantIds)
    .groupBy('plant_id')
    .execute();
  return new Map(rows.map((r) => [r.plant_id, Number(r.count)]));
}

export async function listClientPlantSummaries(db: Db, clientId: number) {
  return db.selectFrom('plants').select(['id', 'code', 'name']).where('client_id', '=', clientId).orderBy('name').execute();
}

export async function findPlantIdsInClient(db: Db, clientId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('plants').select('id').where('client_id', '=', clientId).where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}
