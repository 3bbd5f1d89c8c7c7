import type { Insertable, Updateable } from 'kysely';
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

