import type { Db } from '../db/database';

/**
 * Unresolved sync reviews per plant (issue 38): the count the plant list, the plant, the dashboard
 * and the offline download header show. Here, not in the sync-reviews module, because those three
 * modules read it and a module does not import another (issue 30).
 */
export async function countUnresolvedByPlant(db: Db, plantIds: number[]) {
  if (!plantIds.length) return new Map<number, number>();
  const rows = await db
    .selectFrom('sync_reviews')
    .select(['plant_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('plant_id', 'in', plantIds)
    .where('resolved_at', 'is', null)
    .groupBy('plant_id')
    .execute();
  return new Map(rows.map((r) => [r.plant_id, Number(r.n)]));
}
