import type { Db } from '../db/database';
import { forUpdate } from '../db/dialect';

/* What every module that writes a plant's elements does first (state changes, serials, layout imports). */

/**
 * Locks the plant row until the transaction ends: every transaction that writes a plant's elements
 * (or decides whether it may) starts here, so that writers of one plant run one after the other and
 * commit in the order of the versions they take. SQLite runs one writing transaction at a time anyway.
 */
export async function lockPlant(trx: Db, plantId: number) {
  const plant = await forUpdate(
    trx,
    trx.selectFrom('plants').select(['id', 'state_group_id', 'elements_version']).where('id', '=', plantId),
  ).executeTakeFirst();
  if (!plant) throw new Error(`plant ${plantId} is gone`);
  return plant;
}

/**
 * The next version of the plant's elements, taken inside the writing transaction before any element
 * is written: the rows it writes carry it as their row_version (offline downloads ask for what is
 * newer than their cursor), and tiles and caches key on it. Locks the plant row like lockPlant.
 */
export async function bumpElementsVersion(trx: Db, plantId: number) {
  const row = await trx
    .updateTable('plants')
    .set((eb) => ({ elements_version: eb('elements_version', '+', 1) }))
    .where('id', '=', plantId)
    .returning('elements_version')
    .executeTakeFirstOrThrow();
  return Number(row.elements_version);
}
