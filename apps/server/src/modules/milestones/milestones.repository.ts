import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { MilestonesTable } from '../../db/schema';

export async function listMilestones(db: Db, plantId: number, elementTypeId?: number) {
  let query = db.selectFrom('milestones').selectAll().where('plant_id', '=', plantId);
  if (elementTypeId !== undefined) query = query.where('element_type_id', '=', elementTypeId);
  return query.orderBy('target_date').orderBy('id').execute();
}

export async function findMilestone(db: Db, plantId: number, id: number) {
  return db.selectFrom('milestones').selectAll().where('plant_id', '=', plantId).where('id', '=', id).executeTakeFirst();
}

export async function insertMilestone(db: Db, values: Insertable<MilestonesTable>) {
  const row = await db.insertInto('milestones').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMilestone(db: Db, id: number, values: Updateable<MilestonesTable>) {
  await db.updateTable('milestones').set(values).where('id', '=', id).execute();
}

export async function deleteMilestone(db: Db, id: number) {
  await db.deleteFrom('milestones').where('id', '=', id).execute();
}

/** Day (YYYY-MM-DD, UTC) on which each element first entered one of `stateIds`, counted per day. */
export async function countFirstReachedByDay(db: Db, plantId: number, typeId: number, stateIds: number[]) {
  if (stateIds.length === 0) return [];
  const { rows } = await sql<{ day: string; count: number | string }>`
    select firsts.day, count(*) as count from (
      select sce.element_id, min(substr(sc.created_at, 1, 10)) as day
      from state_changes sc
      join state_change_elements sce on sce.state_change_id = sc.id
      where sc.plant_id = ${plantId} and sc.element_type_id = ${typeId} and sc.state_id in (${sql.join(stateIds)})
      group by sce.element_id
    ) firsts group by firsts.day order by firsts.day`.execute(db);
  return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
}

export async function firstStateChangeAt(db: Db, plantId: number) {
  const row = await db
    .selectFrom('state_changes')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('plant_id', '=', plantId)
    .executeTakeFirst();
  return (row?.first as string | null | undefined) ?? null;
}
