import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { forUpdate } from '../../db/dialect';

/**
 * Ids per `IN (…)` list of a massive change. 5,000 keeps every statement far under the bound
 * parameter limits of both databases; measured on the 250 MWp plant, larger lists gain nothing.
 */
export const ID_CHUNK = 5000;

function* chunks<T>(items: T[], size = ID_CHUNK) {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

export async function findStateChangeByUuid(db: Db, clientUuid: string) {
  return db.selectFrom('state_changes').selectAll().where('client_uuid', '=', clientUuid).executeTakeFirst();
}

export async function findStateInClient(db: Db, clientId: number, stateId: number) {
  return db.selectFrom('states').selectAll().where('client_id', '=', clientId).where('id', '=', stateId).executeTakeFirst();
}

/** The states of one element type, to walk depends_on chains. */
export async function listStatesOfType(db: Db, elementTypeId: number) {
  return db.selectFrom('states').select(['id', 'name', 'depends_on']).where('element_type_id', '=', elementTypeId).execute();
}

export async function findStateName(db: Db, stateId: number) {
  const row = await db.selectFrom('states').select('name').where('id', '=', stateId).executeTakeFirst();
  return row?.name;
}

export async function isStateInGroup(db: Db, stateGroupId: number, stateId: number) {
  const row = await db
    .selectFrom('state_group_states')
    .select('state_id')
    .where('state_group_id', '=', stateGroupId)
    .where('state_id', '=', stateId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findTransactionTypeInClient(db: Db, clientId: number, id: number) {
  return db.selectFrom('transaction_types').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
}

export async function findContractorInClient(db: Db, clientId: number, id: number) {
  return db.selectFrom('contractors').select('id').where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
}

/** Documents of the plant that no state change has taken yet. */
export async function findUnlinkedDocumentIds(db: Db, plantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('documents')
    .select('id')
    .where('plant_id', '=', plantId)
    .where('state_change_id', 'is', null)
    // Photos and documents of flash reports belong to their report.
    .where('flash_report_id', 'is', null)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The current state of the given elements of one plant and type, locked until the transaction
 * ends so that the states recorded as previous are the ones replaced. Ids of another plant or
 * type are simply not returned. Looked up by primary key only: with the plant and type in the
 * WHERE clause SQLite preferred scanning the type's index (80 ms for 10,000 ids on the reference
 * plant instead of 10 ms).
 */
export async function lockElements(trx: Db, plantId: number, typeId: number, ids: number[]) {
  const rows: { id: number; state_id: number | null }[] = [];
  for (const chunk of chunks(ids)) {
    const query = trx.selectFrom('elements').select(['id', 'plant_id', 'type_id', 'state_id']).where('id', 'in', chunk);
    for (const row of await forUpdate(trx, query).execute()) {
      if (row.plant_id === plantId && row.type_id === typeId) rows.push({ id: row.id, state_id: row.state_id });
    }
  }
  return rows;
}

export async function insertStateChange(
  trx: Db,
  row: {
    client_id: number;
    plant_id: number;
    client_uuid: string | null;
    element_type_id: number;
    state_id: number;
    transaction_type_id: number | null;
    contractor_id: number | null;
    user_id: number;
    observations: string;
    element_count: number;
    created_at: string;
  },
) {
  const { id } = await trx.insertInto('state_changes').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** One history row per element, with the state it leaves; run before the elements are updated. */
export async function insertStateChangeElements(trx: Db, stateChangeId: number, ids: number[]) {
  for (const chunk of chunks(ids)) {
    await trx
      .insertInto('state_change_elements')
      .columns(['state_change_id', 'element_id', 'previous_state_id'])
      .expression(
        trx
          .selectFrom('elements')
          .select([sql.lit(stateChangeId).as('state_change_id'), 'id', 'state_id'])
          .where('id', 'in', chunk),
      )
      .execute();
  }
}

export async function setElementsState(
  trx: Db,
  ids: number[],
  change: { stateId: number; contractorId: number | null; updatedAt: string },
) {
  for (const chunk of chunks(ids)) {
    await trx
      .updateTable('elements')
      .set({
        state_id: change.stateId,
        updated_at: change.updatedAt,
        // The last contractor is kept when a change names none (offline changes may lack one).
        ...(change.contractorId !== null ? { last_state_change_contractor_id: change.contractorId } : {}),
      })
      .where('id', 'in', chunk)
      .execute();
  }
}

/** Links documents that are still free; answers how many were linked. */
export async function linkDocuments(trx: Db, stateChangeId: number, plantId: number, ids: number[]) {
  const result = await trx
    .updateTable('documents')
    .set({ state_change_id: stateChangeId })
    .where('plant_id', '=', plantId)
    .where('state_change_id', 'is', null)
    .where('flash_report_id', 'is', null)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Tiles and remembered list counts key on this version: every change to a plant's elements bumps it. */
export async function bumpElementsVersion(trx: Db, plantId: number) {
  await trx
    .updateTable('plants')
    .set((eb) => ({ elements_version: eb('elements_version', '+', 1) }))
    .where('id', '=', plantId)
    .execute();
}

export async function countHistory(db: Db, elementId: number) {
  const row = await db
    .selectFrom('state_change_elements')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('element_id', '=', elementId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** An element's changes, newest first (ids grow with time; the primary key gives this order). */
export async function listHistory(db: Db, elementId: number, limit: number, offset: number) {
  return db
    .selectFrom('state_change_elements as sce')
    .innerJoin('state_changes as sc', 'sc.id', 'sce.state_change_id')
    .select([
      'sc.id',
      'sc.state_id',
      'sce.previous_state_id',
      'sc.transaction_type_id',
      'sc.contractor_id',
      'sc.user_id',
      'sc.observations',
      'sc.element_count',
      'sc.created_at',
    ])
    .where('sce.element_id', '=', elementId)
    .orderBy('sce.state_change_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function findStates(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('states').select(['id', 'code', 'name', 'color', 'is_ok']).where('id', 'in', ids).execute();
}

export async function findTransactionTypes(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('transaction_types').select(['id', 'code', 'description']).where('id', 'in', ids).execute();
}

export async function findContractors(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('contractors').select(['id', 'name']).where('id', 'in', ids).execute();
}

export async function findUsers(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
}
