import type { Db } from '../../db/database';

/* RUCs of a plant, their states, and the users authorised on them. */

export async function listRucsOfPlant(db: Db, plantId: number) {
  return db
    .selectFrom('rucs')
    .selectAll()
    .where('plant_id', '=', plantId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function findRuc(db: Db, plantId: number, rucId: number) {
  return db
    .selectFrom('rucs')
    .selectAll()
    .where('plant_id', '=', plantId)
    .where('id', '=', rucId)
    .executeTakeFirst();
}

export async function findRucByName(db: Db, plantId: number, name: string) {
  return db
    .selectFrom('rucs')
    .select('id')
    .where('plant_id', '=', plantId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

export async function findRucIdsOfPlant(db: Db, plantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('rucs')
    .select('id')
    .where('plant_id', '=', plantId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

export async function insertRuc(
  db: Db,
  values: { client_id: number; plant_id: number; name: string; description: string },
) {
  const row = await db.insertInto('rucs').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRuc(db: Db, rucId: number, changes: { name: string; description: string }) {
  await db.updateTable('rucs').set(changes).where('id', '=', rucId).execute();
}

export async function deleteRuc(db: Db, rucId: number) {
  await db.deleteFrom('rucs').where('id', '=', rucId).execute();
}

export async function findStatesOfRucs(db: Db, rucIds: number[]) {
  if (rucIds.length === 0) return [];
  return db
    .selectFrom('ruc_states')
    .select(['ruc_id', 'state_id'])
    .where('ruc_id', 'in', rucIds)
    .orderBy('state_id')
    .execute();
}

export async function replaceRucStates(db: Db, rucId: number, stateIds: number[]) {
  await db.deleteFrom('ruc_states').where('ruc_id', '=', rucId).execute();
  if (stateIds.length)
    await db
      .insertInto('ruc_states')
      .values(stateIds.map((state_id) => ({ ruc_id: rucId, state_id })))
      .execute();
}

/** States of the organisation among `ids`, and whether each is in `stateGroupId` (all are when null). */
export async function findStatesForPlant(
  db: Db,
  clientId: number,
  stateGroupId: number | null,
  ids: number[],
) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('states')
    .select(['id', 'name'])
    .where('client_id', '=', clientId)
    .where('id', 'in', ids)
    .execute();
  if (stateGroupId === null) return rows.map((r) => ({ ...r, inGroup: true }));
  const members = new Set(
    (
      await db
        .selectFrom('state_group_states')
        .select('state_id')
        .where('state_group_id', '=', stateGroupId)
        .where('state_id', 'in', ids)
        .execute()
    ).map((r) => r.state_id),
  );
  return rows.map((r) => ({ ...r, inGroup: members.has(r.id) }));
}

export async function findUserRucs(db: Db, userId: number, plantId: number) {
  return db
    .selectFrom('user_rucs')
    .select(['ruc_id', 'is_active'])
    .where('user_id', '=', userId)
    .where('plant_id', '=', plantId)
    .execute();
}

/**
 * Makes `rucIds` the user's active RUCs on the plant. Their other RUCs there stay as inactive rows,
 * so an administrator can see what the user held before.
 */
export async function replaceUserRucs(db: Db, userId: number, plantId: number, rucIds: number[]) {
  await db
    .updateTable('user_rucs')
    .set({ is_active: 0 })
    .where('user_id', '=', userId)
    .where('plant_id', '=', plantId)
    .execute();
  if (rucIds.length === 0) return;
  await db
    .updateTable('user_rucs')
    .set({ is_active: 1 })
    .where('user_id', '=', userId)
    .where('ruc_id', 'in', rucIds)
    .execute();
  const existing = new Set((await findUserRucs(db, userId, plantId)).map((r) => r.ruc_id));
  const missing = rucIds.filter((id) => !existing.has(id));
  if (missing.length) {
    await db
      .insertInto('user_rucs')
      .values(missing.map((ruc_id) => ({ user_id: userId, plant_id: plantId, ruc_id, is_active: 1 })))
      .execute();
  }
}
