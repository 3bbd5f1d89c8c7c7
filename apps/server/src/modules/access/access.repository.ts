import type { Db } from '../../db/database';
import { forShare } from '../../db/dialect';
import { queryTemplate } from '../../db/query-template';
import type { CurrentUser } from '../../lib/current-user';

/** Plants the user may see: all of the organisation for administrators, authorised ones otherwise. */
export function visiblePlants(db: Db, user: Pick<CurrentUser, 'id' | 'clientId' | 'isAdmin'>) {
  let query = db.selectFrom('plants').where('plants.client_id', '=', user.clientId);
  if (!user.isAdmin) {
    query = query.where('plants.id', 'in', db.selectFrom('user_plants').select('plant_id').where('user_id', '=', user.id));
  }
  return query;
}

/**
 * The PPIs the user sees: every one of the organisation for administrators; for anybody else those
 * they are linked to, on plants they are authorised on.
 */
export function visiblePpis(db: Db, user: CurrentUser) {
  let query = db.selectFrom('ppis').where('ppis.client_id', '=', user.clientId);
  if (!user.isAdmin) {
    query = query
      .where('ppis.plant_id', 'in', visiblePlants(db, user).select('plants.id'))
      .where('ppis.id', 'in', db.selectFrom('ppi_users').select('ppi_id').where('user_id', '=', user.id));
  }
  return query;
}

export async function listVisiblePlants(db: Db, user: CurrentUser) {
  return visiblePlants(db, user).selectAll('plants').orderBy('plants.name').orderBy('plants.id').execute();
}

export async function findVisiblePlant(db: Db, user: CurrentUser, plantId: number) {
  const { rows } = user.isAdmin
    ? await plantOfOrganisation(db, { clientId: user.clientId, plantId })
    : await plantOfMember(db, { clientId: user.clientId, userId: user.id, plantId });
  return rows[0];
}

// Every request on a plant asks this first: its two shapes, compiled once.
const plantOfOrganisation = queryTemplate({ clientId: 0, plantId: 0 }, (db, { clientId, plantId }) =>
  visiblePlants(db, { id: 0, clientId, isAdmin: true }).selectAll('plants').where('plants.id', '=', plantId),
);
const plantOfMember = queryTemplate({ clientId: 0, userId: 0, plantId: 0 }, (db, { clientId, userId, plantId }) =>
  visiblePlants(db, { id: userId, clientId, isAdmin: false }).selectAll('plants').where('plants.id', '=', plantId),
);

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

/** The RUC states the user holds on a plant of their organisation, provided they are still authorised on that plant. */
function recordableRucStates(db: Db, userId: number, clientId: number, plantId: number) {
  return db
    .selectFrom('user_rucs')
    .innerJoin('rucs', 'rucs.id', 'user_rucs.ruc_id')
    .innerJoin('ruc_states', 'ruc_states.ruc_id', 'rucs.id')
    .innerJoin('user_plants', (join) =>
      join
        .onRef('user_plants.user_id', '=', 'user_rucs.user_id')
        .onRef('user_plants.plant_id', '=', 'user_rucs.plant_id'),
    )
    .select('ruc_states.state_id')
    .where('user_rucs.user_id', '=', userId)
    .where('user_rucs.plant_id', '=', plantId)
    .where('user_rucs.is_active', '=', 1)
    .where('rucs.plant_id', '=', plantId)
    .where('rucs.client_id', '=', clientId);
}

/**
 * The states of the user's active RUCs on a plant of their organisation, provided they are still
 * authorised on that plant.
 */
export async function findRecordableStateIds(db: Db, userId: number, clientId: number, plantId: number) {
  const rows = await recordableRucStates(db, userId, clientId, plantId).distinct().execute();
  return rows.map((r) => r.state_id);
}

/**
 * Whether the user's RUCs on the plant allow `stateId`, inside a writing transaction: the rows that
 * allow it (authorisation, RUC, RUC state) stay share-locked until it ends, so an administrator's
 * edit taking the state away waits for the change, or the change reads the edit once committed.
 */
export async function lockRucsAllowing(trx: Db, userId: number, clientId: number, plantId: number, stateId: number) {
  const rows = await forShare(trx, recordableRucStates(trx, userId, clientId, plantId).where('ruc_states.state_id', '=', stateId)).execute();
  return rows.length > 0;
}

/* A user's RUC rights on plants (user_rucs), as the users module keeps them in step with the user's plants. */

/** A user who loses a plant loses their RUCs there too: a later authorisation starts from none. */
export async function deleteUserRucsOutsidePlants(db: Db, userId: number, plantIds: number[]) {
  let query = db.deleteFrom('user_rucs').where('user_id', '=', userId);
  if (plantIds.length) query = query.where('plant_id', 'not in', plantIds);
  await query.execute();
}

/** Active RUCs per plant of one user. */
export async function countActiveRucsByPlant(db: Db, userId: number) {
  const rows = await db
    .selectFrom('user_rucs')
    .select(['plant_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .groupBy('plant_id')
    .execute();
  return new Map(rows.map((r) => [r.plant_id, Number(r.count)]));
}
