import { SYNC_ELEMENT_COLUMNS } from '@heliotrack/domain/sync';
import type { Db } from '../../db/database';
import { jsonArrayText, jsonText } from '../../db/dialect';

/*
 * A plant's elements in (row_version, id) order, in keyset chunks along the index
 * elements_plant_row_version_idx: each chunk is one short query, so a download holds no connection
 * (SQLite has only one) and no snapshot while the device reads, and memory stays one chunk whatever
 * the plant's size. Two queries, because SQLite uses only the first column of a row-value
 * comparison `(row_version, id) > (?, ?)` to seek the index: with every element of a generated
 * plant at the same version, each chunk would scan the plant from its start.
 */

/**
 * An element line is written in three parts (SYNC_ELEMENT_COLUMNS order): `head`, the integer and
 * text columns from id to updated_at as a JSON array by the database; the bounding box as numbers,
 * which JavaScript writes exactly; and `geom` as a JSON string by the database.
 */
const HEAD = SYNC_ELEMENT_COLUMNS.slice(0, SYNC_ELEMENT_COLUMNS.indexOf('min_x'));

function lineColumns(db: Db) {
  return [
    jsonArrayText(db, HEAD).as('head'),
    'min_x',
    'min_y',
    'max_x',
    'max_y',
    jsonText(db, 'geom').as('geom'),
    'row_version',
    'id',
  ] as const;
}

/** Elements written after `version`, oldest version first. */
export async function elementsNewerThan(db: Db, plantId: number, version: number, limit: number) {
  return db
    .selectFrom('elements')
    .select(lineColumns(db))
    .where('plant_id', '=', plantId)
    .where('row_version', '>', version)
    .orderBy('row_version')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The rest of the elements of `version`, after id `afterId`. */
export async function elementsOfVersionAfter(db: Db, plantId: number, version: number, afterId: number, limit: number) {
  return db
    .selectFrom('elements')
    .select(lineColumns(db))
    .where('plant_id', '=', plantId)
    .where('row_version', '=', version)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export type SyncElementRow = Awaited<ReturnType<typeof elementsNewerThan>>[number];

/** Ids of elements that left the plant after `version`, in keyset chunks like the elements. */
export async function tombstonesNewerThan(db: Db, plantId: number, after: { version: number; id: number }, limit: number) {
  return db
    .selectFrom('element_tombstones')
    .select(['element_id', 'row_version'])
    .where('plant_id', '=', plantId)
    .where((eb) =>
      eb.or([eb('row_version', '>', after.version), eb.and([eb('row_version', '=', after.version), eb('element_id', '>', after.id)])]),
    )
    .orderBy('row_version')
    .orderBy('element_id')
    .limit(limit)
    .execute();
}

/** The plant's version, its element count and highest element id, in one statement (so one snapshot). */
export async function countElementsNow(db: Db, plantId: number) {
  const row = await db
    .selectFrom('elements')
    .select((eb) => [
      eb.selectFrom('plants').select('elements_version').where('id', '=', plantId).as('version'),
      eb.fn.countAll<number>().as('count'),
      eb.fn.max('id').as('max_id'),
    ])
    .where('plant_id', '=', plantId)
    .executeTakeFirstOrThrow();
  return { version: Number(row.version), count: Number(row.count), maxId: Number(row.max_id ?? 0) };
}

/**
 * What changed a plant's element count since `version`, in one statement: elements added since
 * (ids above `maxId`, the highest id then), the highest id now, and elements deleted since that
 * existed then. Both through the row-version indexes: only what was written since is read.
 */
export async function countChangesSince(db: Db, plantId: number, version: number, maxId: number) {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('plants').select('elements_version').where('id', '=', plantId).as('version'),
      eb
        .selectFrom('elements')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('plant_id', '=', plantId)
        .where('row_version', '>', version)
        .where('id', '>', maxId)
        .as('added'),
      eb
        .selectFrom('elements')
        .select((e) => e.fn.max('id').as('m'))
        .where('plant_id', '=', plantId)
        .where('row_version', '>', version)
        .as('max_id'),
      eb
        .selectFrom('element_tombstones')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('plant_id', '=', plantId)
        .where('row_version', '>', version)
        .where('element_id', '<=', maxId)
        .as('deleted'),
    ])
    .executeTakeFirstOrThrow();
  return { version: Number(row.version), added: Number(row.added), deleted: Number(row.deleted), maxId: Math.max(maxId, Number(row.max_id ?? 0)) };
}
