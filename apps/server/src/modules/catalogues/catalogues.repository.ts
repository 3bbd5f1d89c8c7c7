import type { Db } from '../../db/database';
import { forShare } from '../../db/dialect';
import { queryTemplate } from '../../db/query-template';

/*
 * The organisation's catalogues as every module reads them (element types, states, users): declared
 * once here, the one module besides access that the others may import. `share` (inside a writing
 * transaction) share-locks the rows read, so a concurrent edit of them waits for the write to
 * commit or is seen by it (see forShare).
 */

interface Lock {
  share?: boolean;
}

/** The organisation's element types, by code. */
export async function listElementTypes(db: Db, clientId: number) {
  return db.selectFrom('element_types').selectAll().where('client_id', '=', clientId).orderBy('code').orderBy('id').execute();
}

export async function findElementTypeInClient(db: Db, clientId: number, where: { id: number } | { code: string }) {
  const { rows } = 'id' in where ? await elementTypeById(db, { clientId, id: where.id }) : await elementTypeByCode(db, { clientId, code: where.code });
  return rows[0];
}

const elementTypes = (db: Db, clientId: number) => db.selectFrom('element_types').selectAll().where('client_id', '=', clientId);
const elementTypeById = queryTemplate({ clientId: 0, id: 0 }, (db, { clientId, id }) => elementTypes(db, clientId).where('id', '=', id));
const elementTypeByCode = queryTemplate({ clientId: 0, code: '' }, (db, { clientId, code }) => elementTypes(db, clientId).where('code', '=', code));

export async function listTransactionTypes(db: Db, clientId: number) {
  return db.selectFrom('transaction_types').selectAll().where('client_id', '=', clientId).orderBy('code').orderBy('id').execute();
}

/** The states of a state group, or every state of the organisation when the plant has no group. */
export async function listStates(db: Db, clientId: number, stateGroupId: number | null) {
  let query = db.selectFrom('states').selectAll('states').where('states.client_id', '=', clientId);
  if (stateGroupId !== null) {
    query = query.where('states.id', 'in', db.selectFrom('state_group_states').select('state_id').where('state_group_id', '=', stateGroupId));
  }
  return query.orderBy('states.element_type_id').orderBy('states.sort_order').orderBy('states.id').execute();
}

/** The contractors of a contractor group, or every contractor of the organisation when the plant has no group. */
export async function listContractors(db: Db, clientId: number, contractorGroupId: number | null) {
  let query = db.selectFrom('contractors').selectAll('contractors').where('contractors.client_id', '=', clientId);
  if (contractorGroupId !== null) {
    query = query.where(
      'contractors.id',
      'in',
      db.selectFrom('contractor_group_members').select('contractor_id').where('contractor_group_id', '=', contractorGroupId),
    );
  }
  return query.orderBy('contractors.name').orderBy('contractors.id').execute();
}

export async function findContractorGroupInClient(db: Db, clientId: number, id: number) {
  return db.selectFrom('contractor_groups').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
}

export async function setPlantContractorGroup(db: Db, plantId: number, contractorGroupId: number | null) {
  await db.updateTable('plants').set({ contractor_group_id: contractorGroupId }).where('id', '=', plantId).execute();
}

/** A state of the organisation (undefined for another organisation's). */
export async function findStateInClient(db: Db, clientId: number, stateId: number, lock: Lock = {}) {
  return (await (lock.share ? sharedStateInClient : stateInClient)(db, { clientId, stateId })).rows[0];
}

const statesInClient = (db: Db, clientId: number, stateId: number) => db.selectFrom('states').selectAll().where('client_id', '=', clientId).where('id', '=', stateId);
const stateInClient = queryTemplate({ clientId: 0, stateId: 0 }, (db, { clientId, stateId }) => statesInClient(db, clientId, stateId));
const sharedStateInClient = queryTemplate({ clientId: 0, stateId: 0 }, (db, { clientId, stateId }) => forShare(db, statesInClient(db, clientId, stateId)));

/** The states of one element type, to walk depends_on chains. */
export async function listStatesOfType(db: Db, elementTypeId: number, lock: Lock = {}) {
  const query = db.selectFrom('states').select(['id', 'code', 'name', 'depends_on']).where('element_type_id', '=', elementTypeId);
  return (lock.share ? forShare(db, query) : query).execute();
}

/** A user of the organisation (undefined for another organisation's). */
export async function findUserInClient(db: Db, clientId: number, userId: number) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
}

/** The organisation itself. */
export async function findClient(db: Db, id: number) {
  return db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Whether the database holds any organisation yet (a production start says how to make the first). */
export async function hasAnyClient(db: Db) {
  return (await db.selectFrom('clients').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** A calibration equipment of the organisation (undefined for another organisation's). */
export async function findEquipment(db: Db, clientId: number, id: number) {
  return db.selectFrom('calibration_equipment').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
}
