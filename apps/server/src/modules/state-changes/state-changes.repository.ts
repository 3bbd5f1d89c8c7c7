import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { forShare, forUpdate, insertChunkSize, toFlag } from '../../db/dialect';
import { queryTemplate } from '../../db/query-template';

/**
 * Ids per `IN (…)` list of a massive change. 5,000 keeps every statement far under the bound
 * parameter limits of both databases; measured on the 250 MWp plant, larger lists gain nothing.
 */
export const ID_CHUNK = 5000;

function* chunks<T>(items: T[], size = ID_CHUNK) {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * A statement over some elements or changes: one id (a single change, the most frequent write)
 * through its template, compiled once; more ids chunk by chunk, built per call (their SQL text
 * differs with the count). The builders take `number | number[]`: `=` for one id, `in` for a chunk.
 */
async function overIds<Row>(ids: number[], one: (id: number) => Promise<Row[]>, chunk: (ids: number[]) => Promise<Row[]>) {
  if (ids.length === 1) return one(ids[0]);
  const rows: Row[] = [];
  for (const part of chunks(ids)) rows.push(...(await chunk(part)));
  return rows;
}

const idIs = (ids: number | number[]) => [Array.isArray(ids) ? 'in' : '=', ids] as const;

/** Client uuids are unique per organisation: another organisation's are simply not found. */
export async function findStateChangeByUuid(db: Db, clientId: number, clientUuid: string) {
  return (await stateChangeByUuid(db, { clientId, clientUuid })).rows[0];
}

const stateChangeByUuid = queryTemplate({ clientId: 0, clientUuid: '' }, (db, { clientId, clientUuid }) =>
  db.selectFrom('state_changes').selectAll().where('client_id', '=', clientId).where('client_uuid', '=', clientUuid),
);

/*
 * The lookups below run inside the writing transaction and share-lock the rows that decide
 * (see forShare): a state deactivated, taken out of the plant's group or given another depends_on
 * by a concurrent edit is either read as it was before the edit, with the edit waiting for the
 * change to commit, or read as the edit left it.
 */

export async function findStateName(db: Db, stateId: number) {
  const row = await db.selectFrom('states').select('name').where('id', '=', stateId).executeTakeFirst();
  return row?.name;
}

export async function isStateInGroup(trx: Db, stateGroupId: number, stateId: number) {
  return (await stateInGroup(trx, { stateGroupId, stateId })).rows.length > 0;
}

const stateInGroup = queryTemplate({ stateGroupId: 0, stateId: 0 }, (trx, { stateGroupId, stateId }) =>
  forShare(trx, trx.selectFrom('state_group_states').select('state_id').where('state_group_id', '=', stateGroupId).where('state_id', '=', stateId)),
);

export async function findTransactionTypeInClient(trx: Db, clientId: number, id: number) {
  return forShare(trx, trx.selectFrom('transaction_types').selectAll().where('client_id', '=', clientId).where('id', '=', id)).executeTakeFirst();
}

export async function findContractorInClient(trx: Db, clientId: number, id: number) {
  return forShare(trx, trx.selectFrom('contractors').select('id').where('client_id', '=', clientId).where('id', '=', id)).executeTakeFirst();
}

/**
 * Documents of the plant that no state change has taken yet, locked until the transaction ends so
 * that two changes claiming the same document cannot both take it: the second waits, then finds
 * it taken.
 */
export async function lockUnlinkedDocumentIds(trx: Db, plantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const query = trx
    .selectFrom('documents')
    .select(['id', 'state_change_id', 'flash_report_id', 'ppi_result_id'])
    .where('plant_id', '=', plantId)
    .where('id', 'in', ids)
    // Locked in id order, as the elements are: two changes claiming documents never deadlock.
    .orderBy('id');
  // Whether a document is free is read from the locked rows: a locking read that waited for a
  // concurrent claim returns the row as that claim committed it.
  const rows = await forUpdate(trx, query).execute();
  // Photos and documents of flash reports and of PPI results belong to them.
  return rows.filter((r) => r.state_change_id === null && r.flash_report_id === null && r.ppi_result_id === null).map((r) => r.id);
}

/**
 * The current state of the given elements of one plant and type, locked until the transaction
 * ends so that the states recorded as previous are the ones replaced. Locked in id order (sorted
 * chunks, each read in order): changes of overlapping elements wait for each other and never
 * deadlock. Ids of another plant or type are simply not returned. Looked up by primary key only:
 * with the plant and type in the WHERE clause SQLite preferred scanning the type's index (80 ms for
 * 10,000 ids on the reference plant instead of 10 ms).
 */
export async function lockElements(trx: Db, plantId: number, typeId: number, ids: number[]) {
  const found = await overIds(
    [...ids].sort((a, b) => a - b),
    async (id) => (await lockOneElement(trx, { id })).rows,
    (chunk) => elementsToLock(trx, chunk).execute(),
  );
  return found
    .filter((row) => row.plant_id === plantId && row.type_id === typeId)
    .map((row) => ({ id: row.id, state_id: row.state_id, state_change_id: row.state_change_id }));
}

function elementsToLock(trx: Db, ids: number | number[]) {
  return forUpdate(trx, trx.selectFrom('elements').select(['id', 'plant_id', 'type_id', 'state_id', 'state_change_id']).where('id', ...idIs(ids)).orderBy('id'));
}

/** A single change, the most frequent write: its one element, in a statement compiled once. */
const lockOneElement = queryTemplate({ id: 0 }, (trx, { id }) => elementsToLock(trx, id));

/** The changes that gave elements their current state: what the merge compares an incoming change with. */
export async function findCurrentChanges(trx: Db, ids: number[]) {
  return overIds(
    ids,
    async (id) => (await oneCurrentChange(trx, { id })).rows,
    (chunk) => currentChanges(trx, chunk).execute(),
  );
}

function currentChanges(trx: Db, ids: number | number[]) {
  return trx.selectFrom('state_changes').select(['id', 'observed_at', 'user_id', 'elements_version']).where('id', ...idIs(ids));
}

const oneCurrentChange = queryTemplate({ id: 0 }, (trx, { id }) => currentChanges(trx, id));

/** The whole history of some elements (those an incoming change reaches late): their state at its time of observation. */
export async function listHistoryOfElements(trx: Db, elementIds: number[]) {
  const rows: { element_id: number; id: number; observed_at: string; state_id: number; previous_state_id: number | null }[] = [];
  for (const chunk of chunks(elementIds)) {
    rows.push(
      ...(await trx
        .selectFrom('state_change_elements as sce')
        .innerJoin('state_changes as sc', 'sc.id', 'sce.state_change_id')
        .select(['sce.element_id', 'sc.id', 'sc.observed_at', 'sc.state_id', 'sce.previous_state_id'])
        .where('sce.element_id', 'in', chunk)
        .execute()),
    );
  }
  return rows;
}

/** How many elements a recorded change reached late or in conflict (a resent change answers them again). */
export async function countMergeOf(db: Db, stateChangeId: number) {
  const row = await db
    .selectFrom('state_change_elements')
    .select((eb) => [eb.fn.sum<number | string | null>('late').as('late'), eb.fn.sum<number | string | null>('conflict').as('conflict')])
    .where('state_change_id', '=', stateChangeId)
    .executeTakeFirstOrThrow();
  return { late: Number(row.late ?? 0), conflict: Number(row.conflict ?? 0) };
}

export async function insertStateChange(trx: Db, row: Parameters<typeof newStateChange>[1]) {
  const [{ id }] = (await newStateChange(trx, row)).rows;
  return id;
}

const newStateChange = queryTemplate(
  {
    client_id: 0,
    plant_id: 0,
    client_uuid: '' as string | null,
    element_type_id: 0,
    state_id: 0,
    transaction_type_id: 0 as number | null,
    contractor_id: 0 as number | null,
    user_id: 0,
    observations: '',
    element_count: 0,
    created_at: '',
    recorded_at: '' as string | null,
    observed_at: '',
    elements_version: 0,
  },
  (trx, row) => trx.insertInto('state_changes').values(row).returning('id'),
);

/**
 * One history row per element that takes the change, with the state it leaves; run before the
 * elements are updated. `conflict`: the device had not seen another user's change of them.
 */
export async function insertStateChangeElements(trx: Db, stateChangeId: number, ids: number[], conflict = false) {
  const flag = toFlag(conflict);
  await overIds(
    ids,
    async (id) => (await oneHistoryRow(trx, { stateChangeId, conflict: flag, id })).rows,
    (chunk) => historyRows(trx, stateChangeId, flag, chunk).execute(),
  );
}

/** The insert of the history rows of one element or a chunk of them, each with the state it leaves. */
function historyRows(trx: Db, stateChangeId: number, conflict: number, ids: number | number[]) {
  const elements = trx.selectFrom('elements').select([
    // Bound values, not literals: one SQL text for every change, so SQLite's prepared statement is kept.
    sql<number>`cast(${stateChangeId} as integer)`.as('state_change_id'),
    'id',
    'state_id',
    sql.lit(0).as('late'),
    sql<number>`cast(${conflict} as integer)`.as('conflict'),
  ]);
  return trx
    .insertInto('state_change_elements')
    .columns(['state_change_id', 'element_id', 'previous_state_id', 'late', 'conflict'])
    .expression(elements.where('id', ...idIs(ids)));
}

/** A single change, the most frequent write: its one history row, in a statement compiled once. */
const oneHistoryRow = queryTemplate({ stateChangeId: 0, conflict: 0, id: 0 }, (trx, v) => historyRows(trx, v.stateChangeId, v.conflict, v.id));

/** History rows of elements the change reached late, each with the state it left at its time of observation. */
export async function insertLateStateChangeElements(
  trx: Db,
  stateChangeId: number,
  rows: { element_id: number; previous_state_id: number | null; conflict: boolean }[],
) {
  const size = insertChunkSize(5);
  for (let i = 0; i < rows.length; i += size) {
    await trx
      .insertInto('state_change_elements')
      .values(
        rows.slice(i, i + size).map((r) => ({
          state_change_id: stateChangeId,
          element_id: r.element_id,
          previous_state_id: r.previous_state_id,
          late: 1,
          conflict: toFlag(r.conflict),
        })),
      )
      .execute();
  }
}

/** The new state of the elements, stamped with the plant's new version (see takeElementsVersion). */
export async function setElementsState(
  trx: Db,
  ids: number[],
  change: { stateId: number; stateChangeId: number; contractorId: number | null; updatedAt: string; rowVersion: number },
) {
  await overIds(
    ids,
    async (id) => (await setOneElementState(trx, { ...change, id })).rows,
    (chunk) => elementsState(trx, change, chunk).execute(),
  );
}

function elementsState(trx: Db, change: Parameters<typeof setElementsState>[2], ids: number | number[]) {
  const query = trx.updateTable('elements').set({
    state_id: change.stateId,
    state_change_id: change.stateChangeId,
    updated_at: change.updatedAt,
    row_version: change.rowVersion,
    // The last contractor is kept when a change names none (offline changes may lack one).
    last_state_change_contractor_id: sql<number | null>`coalesce(${change.contractorId}, last_state_change_contractor_id)`,
  });
  return query.where('id', ...idIs(ids));
}

const setOneElementState = queryTemplate(
  { stateId: 0, stateChangeId: 0, contractorId: 0 as number | null, updatedAt: '', rowVersion: 0, id: 0 },
  (trx, { id, ...change }) => elementsState(trx, change, id),
);

/** The plant's version a change made (taken at the end of its transaction, see takeElementsVersion). */
export async function setStateChangeVersion(trx: Db, stateChangeId: number, version: number) {
  await stateChangeVersion(trx, { stateChangeId, version });
}

const stateChangeVersion = queryTemplate({ stateChangeId: 0, version: 0 }, (trx, { stateChangeId, version }) =>
  trx.updateTable('state_changes').set({ elements_version: version }).where('id', '=', stateChangeId),
);

/** Links documents that are still free; answers how many were linked. */
export async function linkDocuments(trx: Db, stateChangeId: number, plantId: number, ids: number[]) {
  const result = await trx
    .updateTable('documents')
    .set({ state_change_id: stateChangeId })
    .where('plant_id', '=', plantId)
    .where('state_change_id', 'is', null)
    .where('flash_report_id', 'is', null)
    .where('ppi_result_id', 'is', null)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findElementsVersion(db: Db, plantId: number) {
  const row = await db.selectFrom('plants').select('elements_version').where('id', '=', plantId).executeTakeFirstOrThrow();
  return Number(row.elements_version);
}

export async function countHistory(db: Db, elementId: number) {
  const row = await db
    .selectFrom('state_change_elements')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('element_id', '=', elementId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** An element's changes, latest observed first (ties: the later arrival). */
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
      'sc.recorded_at',
      'sc.observed_at',
      'sce.late',
      'sce.conflict',
    ])
    .where('sce.element_id', '=', elementId)
    .orderBy('sc.observed_at', 'desc')
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

/** Every element of the plant gets its last history row as its current change (the demo's story, written oldest first). */
export async function setCurrentStateChanges(db: Db, plantId: number) {
  await sql`update elements set state_change_id = (
    select max(sce.state_change_id) from state_change_elements sce where sce.element_id = elements.id
  ) where plant_id = ${plantId}`.execute(db);
}

export async function listDocumentsOfStateChanges(db: Db, stateChangeIds: number[]) {
  if (stateChangeIds.length === 0) return [];
  return db
    .selectFrom('documents')
    .select(['id', 'state_change_id', 'name', 'size', 'content_type'])
    .where('state_change_id', 'in', stateChangeIds)
    .orderBy('id')
    .execute();
}
