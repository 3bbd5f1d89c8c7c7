import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import { forUpdate, insertChunkSize } from '../../db/dialect';
import type { Database } from '../../db/schema';

/** Values per `in (…)` list: far below both databases' limits on bound parameters. */
const IN_CHUNK = 1000;

async function inChunks<T, R>(values: T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (let i = 0; i < values.length; i += IN_CHUNK) rows.push(...(await read(values.slice(i, i + IN_CHUNK))));
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Element serials
// ---------------------------------------------------------------------------------------------

/** The serials of the given elements of a plant (ids of other plants are simply not found). */
export async function findElementSerials(db: Db, plantId: number, ids: number[]) {
  return inChunks(ids, (chunk) =>
    db
      .selectFrom('elements')
      .select(['id', 'serial'])
      .where('plant_id', '=', plantId)
      .where('id', 'in', chunk)
      .execute(),
  );
}

/**
 * Locks the plant's elements a serial writer will update until the transaction ends, in id order
 * as every element writer does (lib/plant-writes.repository.ts), before it takes its version.
 */
export async function lockElementRows(trx: Db, plantId: number, ids: number[]) {
  await inChunks([...new Set(ids)].sort((a, b) => a - b), (chunk) =>
    forUpdate(
      trx,
      trx.selectFrom('elements').select('id').where('plant_id', '=', plantId).where('id', 'in', chunk).orderBy('id'),
    ).execute(),
  );
}

/** Every element of the plant holding one of the serials (elements_plant_serial_idx). */
export async function findSerialHolders(db: Db, plantId: number, serials: string[]) {
  return inChunks(serials, (chunk) =>
    db
      .selectFrom('elements')
      .select(['id', 'serial', 'is_serial_duplicated'])
      .where('plant_id', '=', plantId)
      .where('serial', 'in', chunk)
      .execute(),
  );
}

/** The serial and flags of the given elements of a plant, by id. */
export async function findSerialFlags(db: Db, plantId: number, ids: number[]) {
  const rows = await inChunks(ids, (chunk) =>
    db
      .selectFrom('elements')
      .select(['id', 'serial', 'is_serial_invalid_length', 'is_serial_duplicated', 'is_serial_unregistered'])
      .where('plant_id', '=', plantId)
      .where('id', 'in', chunk)
      .execute(),
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** Sets the duplicated flag of elements whose flag the write changed, stamping them with the write's version. */
export async function setDuplicatedFlag(
  db: Db,
  plantId: number,
  ids: number[],
  value: 0 | 1,
  rowVersion: number,
) {
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    await db
      .updateTable('elements')
      .set({ is_serial_duplicated: value, row_version: rowVersion })
      .where('plant_id', '=', plantId)
      .where('id', 'in', ids.slice(i, i + IN_CHUNK))
      .execute();
  }
}

/**
 * Brings every element's unregistered flag in line with the plant's delivered-serial list after the
 * list changed: flagged when the plant has a list and the element's serial is not in it; never when
 * the plant has no list. Only elements whose flag changes are written (and stamped with the version).
 */
export async function refreshUnregisteredFlags(
  db: Db,
  plantId: number,
  hasList: boolean,
  rowVersion: number,
) {
  const listed = (eb: ExpressionBuilder<Database, 'elements'>) =>
    eb.exists(
      eb
        .selectFrom('delivered_serials')
        .select(sql.lit(1).as('one'))
        .where('delivered_serials.plant_id', '=', plantId)
        .whereRef('delivered_serials.serial', '=', 'elements.serial'),
    );
  let cleared = db
    .updateTable('elements')
    .set({ is_serial_unregistered: 0, row_version: rowVersion })
    .where('plant_id', '=', plantId)
    .where('is_serial_unregistered', '=', 1);
  if (hasList) cleared = cleared.where((eb) => eb.or([eb('serial', '=', ''), listed(eb)]));
  await cleared.execute();
  if (!hasList) return;
  await db
    .updateTable('elements')
    .set({ is_serial_unregistered: 1, row_version: rowVersion })
    .where('plant_id', '=', plantId)
    .where('is_serial_unregistered', '=', 0)
    .where('serial', '<>', '')
    .where((eb) => eb.not(listed(eb)))
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Idempotent writes
// ---------------------------------------------------------------------------------------------

export async function findScanWrite(db: Db, clientId: number, clientUuid: string) {
  return db
    .selectFrom('serial_scan_writes')
    .select('answer')
    .where('client_id', '=', clientId)
    .where('client_uuid', '=', clientUuid)
    .executeTakeFirst();
}

export async function insertScanWrite(
  db: Db,
  row: { client_id: number; client_uuid: string; plant_id: number; answer: string; created_at: string },
) {
  await db.insertInto('serial_scan_writes').values(row).execute();
}

// ---------------------------------------------------------------------------------------------
// Delivered serials
// ---------------------------------------------------------------------------------------------

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function deliveredOf(db: Db, plantId: number, search: string | undefined) {
  let query = db.selectFrom('delivered_serials').where('plant_id', '=', plantId);
  if (search) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    query = query.where(sql<boolean>`lower(serial) like ${pattern} escape '\\'`);
  }
  return query;
}

export async function countDeliveredSerials(db: Db, plantId: number, search?: string) {
  const row = await deliveredOf(db, plantId, search)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of the list in serial order (the unique (plant_id, serial) index gives the order). */
export async function listDeliveredSerials(
  db: Db,
  plantId: number,
  search: string | undefined,
  page: { limit: number; offset: number },
) {
  return deliveredOf(db, plantId, search)
    .select(['id', 'serial', 'created_at'])
    .orderBy('serial')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Every serial of the plant's list, in serial order. */
export async function listAllDeliveredSerials(db: Db, plantId: number) {
  const rows = await db
    .selectFrom('delivered_serials')
    .select('serial')
    .where('plant_id', '=', plantId)
    .orderBy('serial')
    .execute();
  return rows.map((r) => r.serial);
}

export async function hasDeliveredSerials(db: Db, plantId: number) {
  return (
    (await db
      .selectFrom('delivered_serials')
      .select('id')
      .where('plant_id', '=', plantId)
      .limit(1)
      .executeTakeFirst()) !== undefined
  );
}

/** Those of the serials that are in the plant's list. */
export async function findDeliveredAmong(db: Db, plantId: number, serials: string[]) {
  const rows = await inChunks(serials, (chunk) =>
    db
      .selectFrom('delivered_serials')
      .select('serial')
      .where('plant_id', '=', plantId)
      .where('serial', 'in', chunk)
      .execute(),
  );
  return new Set(rows.map((r) => r.serial));
}

/** Adds serials to the plant's list; one already there is left as it is. */
export async function insertDeliveredSerials(db: Db, plantId: number, serials: string[], createdAt: string) {
  const chunk = insertChunkSize(3);
  for (let i = 0; i < serials.length; i += chunk) {
    await db
      .insertInto('delivered_serials')
      .values(
        serials.slice(i, i + chunk).map((serial) => ({ plant_id: plantId, serial, created_at: createdAt })),
      )
      .onConflict((oc) => oc.columns(['plant_id', 'serial']).doNothing())
      .execute();
  }
}

export async function deleteDeliveredSerials(db: Db, plantId: number) {
  const result = await db.deleteFrom('delivered_serials').where('plant_id', '=', plantId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface ElementSerial {
  id: number;
  serial: string;
  is_serial_invalid_length: number;
  is_serial_duplicated: number;
  is_serial_unregistered: number;
}

/**
 * New serials of a plant's elements, and their flags (serial scanning; its endpoint is still to
 * come), inside the writing transaction: `rowVersion` is the plant's new version from
 * takeElementsVersion, so offline downloads pick the edit up like any other write.
 */
export async function setElementSerials(trx: Db, plantId: number, rowVersion: number, serials: ElementSerial[], updatedAt: string) {
  for (const { id, ...values } of serials) {
    await trx.updateTable('elements').set({ ...values, updated_at: updatedAt, row_version: rowVersion }).where('plant_id', '=', plantId).where('id', '=', id).execute();
  }
}
