import type { Db } from '../db/database';
import { forUpdate, transactionLock, transactionLocks, tryTransactionLocks } from '../db/dialect';
import { queryTemplate } from '../db/query-template';

/*
 * How the writers of a plant's elements take turns, and how a sync cursor stays exact under
 * concurrent commits (issue 32).
 *
 * The contract readers rely on: plants.elements_version only grows; every element row (and
 * tombstone) a transaction writes carries that transaction's version as its row_version; and once a
 * reader sees the plant at version V, every write stamped V or lower is committed and readable. A
 * download reads V first, puts it in its cursor and then reads the rows newer than the device's old
 * cursor. Tiles, list counts and the other caches key on plants.element_rows_version, which moves
 * with V in the same statement but only for writers of element rows (not PPI results: migration 0021).
 *
 * The classic trap is two writers that take versions N and N+1 and commit the other way round: a
 * reader that sees N+1 first moves its cursor past N and never sees N's rows. Here a writer takes
 * its version last (takeElementsVersion: `elements_version + 1` on the plant row, which holds the
 * row's lock until the transaction ends), writes the rows that carry it, and commits at once. The
 * plant row lets one writer at a time through that short tail, so versions are taken in commit
 * order: when V is visible, V-1's writer had already committed before V's could take its version.
 * There is no N+1 before N to skip, and readers need no horizon of in-flight writers.
 *
 * Everything before the tail overlaps (issue 32: writers of one plant used to queue behind the plant
 * row for their whole transaction). The kinds of writer:
 *
 * - Element writers (state changes, single and massive) take the plant's write lock shared
 *   (shareElementWrites), decide under row locks of the elements they touch (taken in id order, so
 *   that two overlapping changes never deadlock), and take the version at the end. Two changes of
 *   one element run one after the other (the later one waits for the element and then reads what
 *   the earlier one committed); changes of other elements of the plant run beside it.
 * - Serial writers (serial scans) are element writers whose flags reach beyond the elements they
 *   write: "duplicated" depends on every holder of a serial in the plant. They lock serials first:
 *   one lock per plant and serial value (lockSerials), for every serial the write affects (the new
 *   ones and the written elements' current ones), all in one order. The invariant: an element row a
 *   serial writer updates has its current serial among the serial locks it holds. A written element
 *   holds one of its current serials; the other holders it re-flags hold an affected serial. So a
 *   serial's holders only change under its lock, and the writer that holds it reads them exactly.
 *   The current serials are read before the locks; re-read under them, one may have moved (a scan
 *   of the same element committed meanwhile): its lock is then taken without waiting
 *   (tryLockSerials), and when it is held elsewhere the write rolls back and starts again (a few
 *   times at most), taking every lock in order. Then the rows, in id order, and the version last,
 *   as other element writers do. A scan of very many elements takes the plant exclusively instead,
 *   as PostgreSQL's lock table would not hold a lock per serial.
 * - Plant-wide writers (delivered serials, whose unregistered flag reads the plant's list; layout
 *   imports; a switch of the plant's state group, which the state rules read) take the plant
 *   exclusively (lockPlant) first: they wait for the element writers in flight and the later ones
 *   wait for them, then they take their version at any time.
 *
 * Deadlocks: the locks are taken in one order: a client uuid's, the plant's write lock, serials
 * (sorted, in one statement; a moved serial's lock is only ever tried), element rows (id order),
 * the plant row (the tail). Nobody waits for a lock while holding a later one, except in the tail:
 * whoever holds the plant row holds every lock it needs, and commits. Plant-wide writers take the
 * exclusive lock before any row.
 *
 * SQLite runs one writing transaction at a time: the locks are no-ops there, and the same order of
 * work gives the same versions.
 */

/** The application's lock space of "writes of a plant's elements" (PostgreSQL advisory locks). */
const PLANT_WRITES = 32_001;

/**
 * Takes the plant exclusively until the transaction ends: for plant-wide writers (see above). Waits
 * for the element writers in flight; element writers that come later wait for this transaction.
 * Also locks the plant row, and answers it as it is now.
 */
export async function lockPlant(trx: Db, plantId: number) {
  await transactionLock(trx, PLANT_WRITES, plantId, 'exclusive');
  const plant = await forUpdate(
    trx,
    trx.selectFrom('plants').select(['id', 'state_group_id', 'elements_version']).where('id', '=', plantId),
  ).executeTakeFirst();
  if (!plant) throw new Error(`plant ${plantId} is gone`);
  return plant;
}

/**
 * Takes the plant shared until the transaction ends: for element writers, which run beside each
 * other and lock the elements they touch instead. Answers the plant's state group as it is now (a
 * switch of it takes the plant exclusively, so it stays so until this transaction ends).
 */
export async function shareElementWrites(trx: Db, plantId: number) {
  await transactionLock(trx, PLANT_WRITES, plantId, 'shared');
  const [plant] = (await plantGroup(trx, { plantId })).rows;
  if (!plant) throw new Error(`plant ${plantId} is gone`);
  return plant;
}

const plantGroup = queryTemplate({ plantId: 0 }, (trx, { plantId }) => trx.selectFrom('plants').select(['id', 'state_group_id']).where('id', '=', plantId));

/**
 * Makes one writer of twins that carry the same client uuid wait for the other (until its
 * transaction ends), so that the second one finds the first one's write committed: only twins wait.
 */
export async function lockClientUuid(trx: Db, clientId: number, clientUuid: string) {
  await transactionLock(trx, CLIENT_UUID_WRITES, `${clientId}|${clientUuid}`, 'exclusive');
}

/** The lock space of "writes of a client uuid" (lockClientUuid). */
export const CLIENT_UUID_WRITES = PLANT_WRITES + 1;

/** The lock space of "holders of a serial in a plant" (serial writers, see above). */
export const SERIAL_WRITES = PLANT_WRITES + 2;

/** The text key of a serial's lock: one per plant and serial value. */
export const serialLockKey = (plantId: number, serial: string) => `${plantId}|${serial}`;

/**
 * Takes the locks of the plant's serials until the transaction ends, all in the one order every
 * serial writer uses (see above): two writers of a serial run one after the other.
 */
export async function lockSerials(trx: Db, plantId: number, serials: string[]) {
  await transactionLocks(
    trx,
    SERIAL_WRITES,
    serials.map((s) => serialLockKey(plantId, s)),
  );
}

/** Takes the locks of the serials if they are free, without waiting: false when one is held elsewhere. */
export async function tryLockSerials(trx: Db, plantId: number, serials: string[]) {
  return tryTransactionLocks(
    trx,
    SERIAL_WRITES,
    serials.map((s) => serialLockKey(plantId, s)),
  );
}

/**
 * The next version of the plant's elements. It locks the plant row until the transaction ends, so
 * an element writer calls it last, just before writing the rows that carry it and committing (see
 * above); a plant-wide writer, which holds the plant exclusively, may call it at any time. The sync
 * cursor keys on it.
 *
 * `elementRows: false` for writers that write no element row nor tombstone (PPI results and links):
 * they leave plants.element_rows_version, on which tiles, plant layouts and list and element counts
 * key (migration 0021), so those stay kept. Every other writer moves it by one in the same statement.
 */
export async function takeElementsVersion(trx: Db, plantId: number, { elementRows = true }: { elementRows?: boolean } = {}) {
  const [row] = (await (elementRows ? nextVersions : nextVersion)(trx, { plantId })).rows;
  if (!row) throw new Error(`plant ${plantId} is gone`);
  return Number(row.elements_version);
}

const nextVersion = queryTemplate({ plantId: 0 }, (trx, { plantId }) =>
  trx
    .updateTable('plants')
    .set((eb) => ({ elements_version: eb('elements_version', '+', 1) }))
    .where('id', '=', plantId)
    .returning('elements_version'),
);

/** As nextVersion, and the element rows' version with it (changes of elements' rows, not of PPIs). */
const nextVersions = queryTemplate({ plantId: 0 }, (trx, { plantId }) =>
  trx
    .updateTable('plants')
    .set((eb) => ({ elements_version: eb('elements_version', '+', 1), element_rows_version: eb('element_rows_version', '+', 1) }))
    .where('id', '=', plantId)
    .returning('elements_version'),
);
