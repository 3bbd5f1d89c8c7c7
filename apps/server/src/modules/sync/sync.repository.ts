import { SYNC_ELEMENT_COLUMNS } from '@heliotrack/domain/sync';
import type { Db } from '../../db/database';
import { sql } from 'kysely';
import { jsonArrayText, jsonText, rowsAsArrays, writesExactJsonNumbers } from '../../db/dialect';

/*
 * A plant's elements in (row_version, id) order, in keyset chunks along the index
 * elements_plant_row_version_idx: each chunk is one short query, so a download holds no connection
 * (SQLite has only one) and no snapshot while the device reads, and memory stays one chunk whatever
 * the plant's size. Two queries, because SQLite uses only the first column of a row-value
 * comparison `(row_version, id) > (?, ?)` to seek the index: with every element of a generated
 * plant at the same version, each chunk would scan the plant from its start.
 */

/**
 * Where a chunk starts: the rest of `version` after id `afterId`, or (afterId null) everything
 * newer than `version`.
 */
export interface ChunkStart {
  version: number;
  afterId: number | null;
}

/**
 * A chunk of element lines: NDJSON texts (each line ends with `\n`) to be written in order, its
 * line count and its last row's position.
 */
export interface SyncChunk {
  pieces: string[];
  count: number;
  last: { version: number; id: number } | null;
}

/** Up to `limit` of the plant's elements from `start`, in (row_version, id) order. */
function chunkRows(db: Db, plantId: number, start: ChunkStart, limit: number) {
  const q = db.selectFrom('elements').where('plant_id', '=', plantId);
  return (
    start.afterId === null
      ? q.where('row_version', '>', start.version).orderBy('row_version').orderBy('id')
      : q.where('row_version', '=', start.version).where('id', '>', start.afterId).orderBy('id')
  ).limit(limit);
}

/**
 * Lines per text of a PostgreSQL chunk: pieces of about 30 KB. One text per 5,000-line chunk (1.4 MB)
 * went to V8's large-object space and to pg's reassembled socket buffers, garbage that the
 * collector left until the heap's next limit: the server's resident memory grew with the plant
 * (64 MB for 100,000 elements, 206 MB for 500,000, on the first download of a fresh process).
 */
const PIECE_LINES = 100;

/**
 * An element's line on PostgreSQL: written with the row by the trigger of migration 0022 (the JSON
 * array of SYNC_ELEMENT_COLUMNS, as json_build_array writes it), not once per download. Writing it
 * was most of the database's time of a download: the 50 MWp plant (gzip) took 358 ms instead of 486,
 * a fresh server's first download 423 instead of 621 (README "Performance", 2026-11-29).
 */
const STORED_LINE = sql<string>`sync_line`;

/** The lines of `rows` as the database stores them (PostgreSQL), one text per PIECE_LINES lines, in order. */
async function databaseLines(db: Db, rows: ReturnType<typeof chunkRows>): Promise<SyncChunk> {
  const lines = rows.select([STORED_LINE.as('line'), 'row_version', 'id']);
  const numbered = db
    .selectFrom(lines.as('c'))
    .select((eb) => [
      'c.line',
      'c.row_version',
      'c.id',
      sql<number>`(row_number() over (order by ${eb.ref('c.row_version')}, ${eb.ref('c.id')}) - 1) / ${sql.lit(PIECE_LINES)}`.as('piece'),
    ]);
  const pieces = await db
    .selectFrom(numbered.as('n'))
    .select((eb) => [
      sql<string>`string_agg(${eb.ref('n.line')}, chr(10) order by ${eb.ref('n.row_version')}, ${eb.ref('n.id')})`.as('text'),
      eb.fn.countAll<number>().as('count'),
      sql<number>`(array_agg(${eb.ref('n.row_version')} order by ${eb.ref('n.row_version')} desc, ${eb.ref('n.id')} desc))[1]`.as('last_version'),
      sql<number>`(array_agg(${eb.ref('n.id')} order by ${eb.ref('n.row_version')} desc, ${eb.ref('n.id')} desc))[1]`.as('last_id'),
    ])
    .groupBy('n.piece')
    .orderBy('n.piece')
    .execute();
  const last = pieces[pieces.length - 1];
  return {
    pieces: pieces.map((p) => `${p.text}\n`),
    count: pieces.reduce((n, p) => n + Number(p.count), 0),
    last: last ? { version: Number(last.last_version), id: Number(last.last_id) } : null,
  };
}

/** A (row_version, id) position in the order of a plant's elements. */
export interface ChunkKey {
  version: number;
  id: number;
}

/** Above every element id (ids are 32-bit integers): `{version: v, id: AFTER_EVERY_ID}` is the end of version v. */
export const AFTER_EVERY_ID = 2_147_483_647;

/**
 * The `count`-th position of the plant's elements after `after`, or null when fewer follow: where the
 * next chunk ends when chunks are read several at once (SyncService.elementChunks). It reads only
 * the index elements_plant_row_version_idx, which holds both columns.
 */
export async function chunkEnd(db: Db, plantId: number, after: ChunkKey, count: number): Promise<ChunkKey | null> {
  const row = await db
    .selectFrom('elements')
    .select(['row_version', 'id'])
    .where('plant_id', '=', plantId)
    .where(sql<boolean>`(row_version, id) > (${after.version}, ${after.id})`)
    .orderBy('row_version')
    .orderBy('id')
    .offset(count - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? { version: Number(row.row_version), id: row.id } : null;
}

/**
 * The lines of the plant's elements after `after` up to `upTo` included, in (row_version, id) order,
 * written by the database (PostgreSQL, whose row comparison seeks the index), one text per
 * PIECE_LINES lines. Elements only ever leave such a range (a write gives them a version above every
 * other), so it never holds more than it held when its ends were read.
 *
 * Each piece is an ARRAY(…) of lines read along the index from the piece's first position (every
 * PIECE_LINES-th, from an index-only scan) and joined: the index gives the order, and nothing is
 * sorted. Grouping the chunk's lines into pieces with ordered aggregates (databaseLines) sorted
 * them twice, about a third of PostgreSQL's time for a chunk; the whole 50 MWp plant read in ranges
 * took about 750 ms instead of about 1,000 (bench/README.md). One statement: one snapshot.
 */
export async function elementRange(db: Db, plantId: number, after: ChunkKey, upTo: ChunkKey): Promise<string[]> {
  const inRange = sql`plant_id = ${plantId} and (row_version, id) > (${after.version}, ${after.id}) and (row_version, id) <= (${upTo.version}, ${upTo.id})`;
  const { rows } = await sql<{ text: string }>`
    with starts as (
      select row_version, id from (
        select row_version, id, row_number() over (order by row_version, id) as n from elements where ${inRange}
      ) ranked where n % ${sql.lit(PIECE_LINES)} = 1
    )
    select array_to_string(array(
      select ${STORED_LINE} from elements
      where plant_id = ${plantId} and (row_version, id) >= (starts.row_version, starts.id) and (row_version, id) <= (${upTo.version}, ${upTo.id})
      order by row_version, id limit ${sql.lit(PIECE_LINES)}
    ), chr(10)) as text
    from starts order by starts.row_version, starts.id`.execute(db);
  return rows.map((row) => `${row.text}\n`);
}

/**
 * One chunk of element lines (SYNC_ELEMENT_COLUMNS order). Where the database writes JSON numbers
 * exactly (PostgreSQL), it writes the whole chunk as one text: the API then receives one value per
 * query instead of eight per row (in pieces of PIECE_LINES lines), which on the reference plant cut
 * the API's CPU per full download by about two thirds. SQLite's JSON writes doubles with 15 significant digits, which does not
 * always give the stored value back: there the database writes the integer and text columns as a
 * JSON array and JavaScript adds the bounding box (exact) and geom (quoted by the database).
 */
export async function elementChunk(db: Db, plantId: number, start: ChunkStart, limit: number): Promise<SyncChunk> {
  if (writesExactJsonNumbers(db)) return databaseLines(db, chunkRows(db, plantId, start, limit));
  const rows = await lineRows(db, chunkRows(db, plantId, start, limit));
  let text = '';
  for (const row of rows) text += `${line(row)}\n`;
  const last = rows[rows.length - 1];
  return { pieces: text ? [text] : [], count: rows.length, last: last ? { version: Number(last[6]), id: last[7] } : null };
}

/** SQLite's line: the integer and text columns as a JSON array, the bounding box as numbers, geom as a JSON string. */
const HEAD = SYNC_ELEMENT_COLUMNS.slice(0, SYNC_ELEMENT_COLUMNS.indexOf('min_x'));

/** The values of lineRows' select list by position: head, min_x, min_y, max_x, max_y, geom, row_version, id. */
type LineRow = [head: string, minX: number | null, minY: number | null, maxX: number | null, maxY: number | null, geom: string, rowVersion: number, id: number];

/** The element lines' columns of a query on elements, each row as an array (rowsAsArrays). */
function lineRows(db: Db, query: ReturnType<typeof chunkRows>) {
  return rowsAsArrays<LineRow>(
    db,
    query.select([jsonArrayText(db, HEAD).as('head'), 'min_x', 'min_y', 'max_x', 'max_y', jsonText(db, 'geom').as('geom'), 'row_version', 'id']),
  );
}

/** An element line without its newline. `${null}` is written null, as JSON wants. */
function line([head, minX, minY, maxX, maxY, geom]: LineRow) {
  return `${head.slice(0, -1)},${minX},${minY},${maxX},${maxY},${geom}]`;
}

/** Ids a query asks for at most (well under SQLite's and PostgreSQL's bound parameters). */
const IDS_PER_QUERY = 5000;

/**
 * The plant's elements among `ids` as element lines (SYNC_ELEMENT_COLUMNS order, the stream's
 * format: the same columns and values the sync stream writes), by id; ids not in the plant are absent.
 */
export async function elementLinesByIds(db: Db, plantId: number, ids: number[]): Promise<Map<number, string>> {
  const lines = new Map<number, string>();
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const query = db.selectFrom('elements').where('plant_id', '=', plantId).where('id', 'in', ids.slice(i, i + IDS_PER_QUERY));
    // PostgreSQL stores each line with its row (as elementChunk reads them there); SQLite writes them here.
    if (writesExactJsonNumbers(db)) {
      for (const row of await query.select(['id', STORED_LINE.as('line')]).execute()) lines.set(row.id, row.line);
    } else {
      for (const row of await lineRows(db, query)) lines.set(row[7], line(row));
    }
  }
  return lines;
}

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
      eb.selectFrom('plants').select('element_rows_version').where('id', '=', plantId).as('rows_version'),
      eb.fn.countAll<number>().as('count'),
      eb.fn.max('id').as('max_id'),
    ])
    .where('plant_id', '=', plantId)
    .executeTakeFirstOrThrow();
  return { version: Number(row.version), rowsVersion: Number(row.rows_version), count: Number(row.count), maxId: Number(row.max_id ?? 0) };
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
      eb.selectFrom('plants').select('element_rows_version').where('id', '=', plantId).as('rows_version'),
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
  return { version: Number(row.version), rowsVersion: Number(row.rows_version), added: Number(row.added), deleted: Number(row.deleted), maxId: Math.max(maxId, Number(row.max_id ?? 0)) };
}

// ---------------------------------------------------------------------------------------------
// PPI sections (issue 36)
// ---------------------------------------------------------------------------------------------

/**
 * The PPIs of the plant the user is linked to (`user-linked-ppis`), with the role they hold in each;
 * for an administrator every PPI of the plant (role null where not linked), as `ppis-admin-list`
 * shows them online, so that the list answers offline too.
 */
export async function listUserPpis(db: Db, clientId: number, plantId: number, userId: number, isAdmin = false) {
  const rows = await db
    .selectFrom('ppis')
    .leftJoin('ppi_users', (join) => join.onRef('ppi_users.ppi_id', '=', 'ppis.id').on('ppi_users.user_id', '=', userId))
    .leftJoin('roles', 'roles.id', 'ppi_users.role_id')
    .select(['ppis.id', 'ppis.code', 'ppis.name', 'ppis.status', 'ppis.closed_at', 'ppis.element_type_id', 'ppis.links_version', 'ppis.sync_version', 'roles.code as role'])
    .where('ppis.client_id', '=', clientId)
    .where('ppis.plant_id', '=', plantId)
    .$if(!isAdmin, (query) => query.where('ppi_users.user_id', 'is not', null))
    .orderBy('ppis.code')
    .orderBy('ppis.id')
    .execute();
  return rows.map((r) => ({ ...r, links_version: Number(r.links_version), sync_version: Number(r.sync_version) }));
}

export async function listActivitiesOfPpis(db: Db, ppiIds: number[]) {
  if (!ppiIds.length) return [];
  return db
    .selectFrom('ppi_activities')
    .select(['id', 'ppi_id', 'position', 'name', 'criteria', 'is_required', 'roles'])
    .where('ppi_id', 'in', ppiIds)
    .orderBy('ppi_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The organisation's calibration equipment with its expiry. */
export async function listEquipment(db: Db, clientId: number) {
  return db
    .selectFrom('calibration_equipment')
    .select(['id', 'name', 'certificate_number', 'calibration_date', 'expiry_date'])
    .where('client_id', '=', clientId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The PPI's linked elements, in id order. */
export async function linkedElementIds(db: Db, ppiId: number) {
  const rows = await db.selectFrom('ppi_elements').select('element_id').where('ppi_id', '=', ppiId).orderBy('element_id').execute();
  return rows.map((r) => r.element_id);
}

/** Up to `limit` of the PPI's current results after id `afterId` (newer than `since` unless null), in id order. */
export async function resultChunk(db: Db, ppiId: number, since: number | null, afterId: number, limit: number) {
  let query = db
    .selectFrom('ppi_results')
    .leftJoin('users', 'users.id', 'ppi_results.user_id')
    .select([
      'ppi_results.id',
      'ppi_results.activity_id',
      'ppi_results.element_id',
      'ppi_results.result',
      'ppi_results.observations',
      'ppi_results.equipment_id',
      'ppi_results.result_date',
      'ppi_results.user_id',
      'users.name as author_name',
      'ppi_results.role',
      'ppi_results.observed_at',
      'ppi_results.created_at',
      'ppi_results.updated_at',
    ])
    .where('ppi_results.ppi_id', '=', ppiId)
    .where('ppi_results.id', '>', afterId);
  if (since !== null) query = query.where('ppi_results.row_version', '>', since);
  return query.orderBy('ppi_results.id').limit(limit).execute();
}
