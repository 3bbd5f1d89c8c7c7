import type { Db } from '../../db/database';
import type { CurrentUser } from './access.service';

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

/** The user behind a token, and the roles of users (access decides with them; users, auth, RUCs and PPIs list them). */
export async function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRolesOfUsers(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.id', 'roles.code', 'roles.name'])
    .where('user_roles.user_id', 'in', userIds)
    .orderBy('roles.id')
    .execute();
}

/** Roles by their codes (unknown codes are left out). */
export async function findRolesByCode(db: Db, codes: string[]) {
  if (codes.length === 0) return [];
  return db.selectFrom('roles').select(['id', 'code']).where('code', 'in', codes).execute();
}

/** The plants each user is authorised on (administrators see every plant without rows here). */
export async function findPlantIdsOfUsers(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('user_plants')
    .select(['user_id', 'plant_id'])
    .where('user_id', 'in', userIds)
    .orderBy('plant_id')
    .execute();
}
