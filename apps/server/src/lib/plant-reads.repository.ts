import type { Db } from '../db/database';

/*
 * Plant reads several modules share: element counts for the plant answers (plants, catalogues,
 * state management) and the organisation's plants for the user and RUC forms. Here, not in the
 * plants module, because a module does not import another (issue 30).
 */

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
