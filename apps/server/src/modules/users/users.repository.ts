import type { Db } from '../../db/database';
import { nowIso } from '../../lib/time';

export async function listRoles(db: Db) {
  return db.selectFrom('roles').select(['id', 'code', 'name']).orderBy('id').execute();
}

export interface UserFilters {
  search?: string;
  isActive?: boolean;
}

function usersQuery(db: Db, clientId: number, filters: UserFilters) {
  let query = db.selectFrom('users').where('client_id', '=', clientId);
  if (filters.search) {
    const pattern = `%${filters.search.toLowerCase()}%`;
    query = query.where((eb) => eb.or([eb(eb.fn('lower', ['name']), 'like', pattern), eb('email', 'like', pattern)]));
  }
  if (filters.isActive !== undefined) query = query.where('is_active', '=', filters.isActive ? 1 : 0);
  return query;
}

export async function countUsers(db: Db, clientId: number, filters: UserFilters) {
  const row = await usersQuery(db, clientId, filters).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listUsers(db: Db, clientId: number, filters: UserFilters, limit: number, offset: number) {
  return usersQuery(db, clientId, filters).selectAll().orderBy('name').orderBy('id').limit(limit).offset(offset).execute();
}

export async function insertUser(
  db: Db,
  user: { client_id: number; email: string; name: string; password_hash: string; is_active: number; language: string },
) {
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({ ...user, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function replaceUserRoles(db: Db, userId: number, roleIds: number[]) {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roleIds.length) await db.insertInto('user_roles').values(roleIds.map((role_id) => ({ user_id: userId, role_id }))).execute();
}

export async function replaceUserPlants(db: Db, userId: number, plantIds: number[]) {
  await db.deleteFrom('user_plants').where('user_id', '=', userId).execute();
  if (plantIds.length) await db.insertInto('user_plants').values(plantIds.map((plant_id) => ({ user_id: userId, plant_id }))).execute();
}
