import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { BBox } from '@heliotrack/domain/geometry';
import { SYNC_ELEMENT_COLUMNS } from '@heliotrack/domain/sync';
import { DEFAULT_BUFFER, DEFAULT_EXTENT } from '@heliotrack/domain/tiles';
import type { BenchTarget } from './prepare';
import { AFTER_EVERY_ID } from '@heliotrack/server/src/modules/sync/sync.repository';

/**
 * The raw baselines: the same rows read or written by the bare driver (better-sqlite3 prepared
 * statements, or pg with plain SQL), with no HTTP, validation, access checks, parsing or encoding.
 * The API's figure divided by these says what the layers above the database cost.
 */
export interface RawDriver {
  /** One page of the filtered list, ordered by code, after its count when `withCount` (the API keeps counts per plant version). */
  /** A list page ordered by code with OFFSET (no states: every element of the type), with its count unless told not to. */
  listPage(plantId: number, typeId: number, stateIds: number[], limit: number, offset: number, withCount?: boolean): Promise<number>;
  /** Every id of a type, ascending, written as the `{count, ids}` JSON of `ids/`. Answers the count. */
  typeIds(plantId: number, typeId: number): Promise<number>;
  /**
   * PostGIS: the ids of the elements of a type that the ring covers (ST_Covers, GiST index on a copy
   * of the geometries), as `{count, ids}` JSON. Null without PostGIS (SQLite, or not installed).
   */
  coveredIds(plantId: number, typeId: number, ringWkt: string): Promise<number[] | null>;
  /**
   * PostGIS + a tile server: the same tile as Mapbox Vector Tile bytes by ST_AsMVT over the copy's
   * Web Mercator geometries (GiST index), one layer `elements` with the API's feature properties
   * (type code, code, state, colour, is_ok) joined from the elements, at the API's extent and
   * buffer. Answers the size in bytes; null without PostGIS.
   */
  postgisTile(plantId: number, tile: { z: number; x: number; y: number }, typeIds: number[] | null): Promise<number | null>;
  /** Why coveredIds answers null, when it does. */
  postgisNote(): Promise<string | null>;
  /** Candidate rows of a polygon selection: every list column of the elements whose bbox lies within `box`. */
  elementsWithin(plantId: number, typeId: number, box: BBox): Promise<number>;
  /** The rows a tile draws, geometry text included: bbox overlap, optionally of some types only. */
  tileRows(plantId: number, box: BBox, maxWidth: number, maxHeight: number, typeIds: number[] | null): Promise<number>;
  /** Id and state of every element of the given types. */
  overviewStates(plantId: number, typeIds: number[]): Promise<number>;
  /** One history row, a link row per element with its previous state, the new state on each element, the plant's version. */
  massiveChange(change: { clientId: number; plantId: number; typeId: number; stateId: number; userId: number; ids: number[] }): Promise<void>;
  /** Elements per type and current state. */
  typeStateCounts(plantId: number): Promise<number>;
  /** Elements per current state. */
  stateCounts(plantId: number): Promise<number>;
  /** The day each element of a type first entered any state, counted per day. */
  firstReachedByDay(plantId: number, typeId: number): Promise<number>;
  /** Every element with its type code, state name and contractor name, type by type in keyset chunks of 5,000. */
  exportRows(plantId: number): Promise<number>;
  /**
   * One keyset chunk of a plant sync written as its NDJSON lines, the way the API writes them on
   * that database (PostgreSQL: by the database, one text per 100 lines; SQLite: the integer and
   * text columns as a JSON array and geom quoted by the database, the bounding box added in
   * JavaScript): the elements newer than `version` (afterId null), or the rest of `version` after
   * `afterId`.
   */
  syncChunk(plantId: number, version: number, afterId: number | null, limit: number): Promise<SyncText>;
  /** The plant's elements_version. */
  plantVersion(plantId: number): Promise<number>;
  /** Count of a plant's elements plus one page of them (every type), ordered by id. */
  plantPage(plantId: number, limit: number, offset: number): Promise<number>;
  close(): Promise<void>;
}
const TYPE_STATE_COUNTS =
  'select type_id, state_id, count(*) as n from elements where plant_id = $1 group by type_id, state_id';
const STATE_COUNTS = 'select state_id, count(*) as n from elements where plant_id = $1 group by state_id';
const FIRST_REACHED = `select firsts.day, count(*) as n from (
  select sce.element_id, min(substr(sc.created_at, 1, 10)) as day from state_changes sc
  join state_change_elements sce on sce.state_change_id = sc.id
  where sc.plant_id = $1 and sc.element_type_id = $2 group by sce.element_id) firsts group by firsts.day`;
const EXPORT_SELECT = `select e.id, e.type_id, e.code, t.code as type_code, s.name as state_name, e.serial, c.name as contractor_name, e.updated_at
  from elements e join element_types t on t.id = e.type_id left join states s on s.id = e.state_id
  left join contractors c on c.id = e.last_state_change_contractor_id where e.plant_id = $1`;
const EXPORT_TYPES =
  'select id from element_types where client_id = (select client_id from plants where id = $1) order by id';
const EXPORT_FIRST = `${EXPORT_SELECT} and e.type_id = $2 order by e.code, e.id limit 5000`;
const EXPORT_NEXT = `${EXPORT_SELECT} and e.type_id = $2 and (e.code, e.id) > ($3, $4) order by e.code, e.id limit 5000`;
/** For better-sqlite3: each numbered parameter above is used once and in order, so it becomes a plain ?. */
const forSqlite = (text: string) => text.replace(/\$\d/g, '?');
type ExportRow = { id: number; code: string };

const LIST_COLUMNS =
  'id, code, description, geom, last_state_change_contractor_id, state_id, type_id, updated_at, serial, is_serial_invalid_length, is_serial_duplicated, is_serial_unregistered';
/** A chunk of sync lines, its line count and the (row_version, id) of its last line. */
export interface SyncText {
  text: string;
  count: number;
  last: { version: number; id: number } | null;
}
const SYNC_HEAD = SYNC_ELEMENT_COLUMNS.slice(0, SYNC_ELEMENT_COLUMNS.indexOf('min_x'));
const SYNC_SQLITE_COLUMNS = `json_array(${SYNC_HEAD.join(', ')}) as head, min_x, min_y, max_x, max_y, ifnull(json_quote(geom), 'null') as geom, row_version, id`;
const SYNC_NEWER = `from elements where plant_id = $1 and row_version > $2 order by row_version, id limit $3`;
const SYNC_REST = `from elements where plant_id = $1 and row_version = $2 and id > $3 order by id limit $4`;
/**
 * As sync.repository.ts writes a PostgreSQL chunk: one text per 100 lines, in order, from the lines
 * stored with the rows (elements.sync_line, migration 0022), as the API reads them.
 */
const syncPostgres = (rows: string) => `select string_agg(n.line, chr(10) order by n.row_version, n.id) as text, count(*) as count,
  (array_agg(n.row_version order by n.row_version desc, n.id desc))[1] as last_version, (array_agg(n.id order by n.row_version desc, n.id desc))[1] as last_id
  from (select c.line, c.row_version, c.id, (row_number() over (order by c.row_version, c.id) - 1) / 100 as piece
        from (select sync_line as line, row_version, id ${rows}) c) n
  group by n.piece order by n.piece`;
/**
 * As sync.repository.ts reads a full PostgreSQL chunk: its end first (the index), then the lines up
 * to it, each piece of 100 an ARRAY of lines read along the index from every 100th position.
 */
const SYNC_POSTGRES_END = `select row_version, id from elements where plant_id = $1 and (row_version, id) > ($2, $3)
  order by row_version, id offset $4 - 1 limit 1`;
const SYNC_POSTGRES_RANGE = `with starts as (
    select row_version, id from (
      select row_version, id, row_number() over (order by row_version, id) as n from elements
      where plant_id = $1 and (row_version, id) > ($2, $3) and (row_version, id) <= ($4, $5)
    ) ranked where n % 100 = 1
  )
  select array_to_string(array(
    select sync_line from elements
    where plant_id = $1 and (row_version, id) >= (starts.row_version, starts.id) and (row_version, id) <= ($4, $5)
    order by row_version, id limit 100
  ), chr(10)) as text
  from starts order by starts.row_version, starts.id`;
/** head, min_x, min_y, max_x, max_y, geom, row_version, id: the sync statements' rows in raw mode (arrays), as the API reads them. */
type SqliteSyncRow = [string, number, number, number, number, string, number, number];
const PLANT_COUNT = 'select count(*) as n from elements where plant_id = $1';
const PLANT_PAGE = `select ${LIST_COLUMNS} from elements where plant_id = $1 order by id limit $2 offset $3`;

export function rawDriver(target: BenchTarget): RawDriver {
  return target.kind === 'sqlite' ? sqliteDriver(target.url) : postgresDriver(target.url);
}

function sqliteDriver(file: string): RawDriver {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(',');
  const tileSql = (types: number) =>
    `select id, type_id, code, state_id, geom from elements where plant_id = ? and min_x >= ? and min_x <= ? and min_y >= ? and min_y <= ? and max_x >= ? and max_y >= ?${types ? ` and type_id in (${placeholders(types)})` : ''}`;
  const insertChange = db.prepare(
    "insert into state_changes (client_id, plant_id, element_type_id, state_id, user_id, observations, element_count, created_at) values (?, ?, ?, ?, ?, '', ?, ?) returning id",
  );
  const insertLink = db.prepare(
    'insert into state_change_elements (state_change_id, element_id, previous_state_id) select ?, id, state_id from elements where id = ?',
  );
  const updateState = db.prepare('update elements set state_id = ?, updated_at = ?, last_state_change_contractor_id = null where id = ?');
  const bump = db.prepare('update plants set elements_version = elements_version + 1 where id = ?');
  const syncNewer = db.prepare(forSqlite(`select ${SYNC_SQLITE_COLUMNS} ${SYNC_NEWER}`)).raw(true);
  const syncRest = db.prepare(forSqlite(`select ${SYNC_SQLITE_COLUMNS} ${SYNC_REST}`)).raw(true);
  const massive = db.transaction((c: Parameters<RawDriver['massiveChange']>[0]) => {
    const now = new Date().toISOString();
    const { id } = insertChange.get(c.clientId, c.plantId, c.typeId, c.stateId, c.userId, c.ids.length, now) as { id: number };
    for (const element of c.ids) insertLink.run(id, element);
    for (const element of c.ids) updateState.run(c.stateId, now, element);
    bump.run(c.plantId);
  });
  const typeIds = db.prepare('select id from elements where plant_id = ? and type_id = ? order by id').pluck(true);
  return {
    async typeIds(plantId, typeId) {
      const ids = typeIds.all(plantId, typeId) as number[];
      return JSON.parse(JSON.stringify({ count: ids.length, ids })).count;
    },
    async coveredIds() {
      return null;
    },
    async postgisTile() {
      return null;
    },
    async postgisNote() {
      return 'PostGIS is a PostgreSQL extension: no SQLite baseline';
    },
    async listPage(plantId, typeId, stateIds, limit, offset, withCount = true) {
      // No states: every element of the type.
      const where = `plant_id = ? and type_id = ?${stateIds.length ? ` and state_id in (${placeholders(stateIds.length)})` : ''}`;
      if (withCount) db.prepare(`select count(*) as n from elements where ${where}`).get(plantId, typeId, ...stateIds);
      return db.prepare(`select ${LIST_COLUMNS} from elements where ${where} order by code, id limit ? offset ?`).all(plantId, typeId, ...stateIds, limit, offset).length;
    },
    async elementsWithin(plantId, typeId, [minX, minY, maxX, maxY]) {
      return db
        .prepare(
          `select ${LIST_COLUMNS}, min_x, min_y, max_x, max_y from elements where plant_id = ? and min_x >= ? and min_x <= ? and min_y >= ? and min_y <= ? and max_x <= ? and max_y <= ? and type_id = ?`,
        )
        .all(plantId, minX, maxX, minY, maxY, maxX, maxY, typeId).length;
    },
    async tileRows(plantId, [west, south, east, north], maxWidth, maxHeight, typeIds) {
      return db
        .prepare(tileSql(typeIds?.length ?? 0))
        .all(plantId, west - maxWidth, east, south - maxHeight, north, west, south, ...(typeIds ?? [])).length;
    },
    async overviewStates(plantId, typeIds) {
      return db.prepare(`select id, state_id from elements where plant_id = ? and type_id in (${placeholders(typeIds.length)})`).all(plantId, ...typeIds).length;
    },
    async massiveChange(change) {
      massive(change);
    },
    async typeStateCounts(plantId) {
      return db.prepare(forSqlite(TYPE_STATE_COUNTS)).all(plantId).length;
    },
    async stateCounts(plantId) {
      return db.prepare(forSqlite(STATE_COUNTS)).all(plantId).length;
    },
    async firstReachedByDay(plantId, typeId) {
      return db.prepare(forSqlite(FIRST_REACHED)).all(plantId, typeId).length;
    },
    async exportRows(plantId) {
      const first = db.prepare(forSqlite(EXPORT_FIRST));
      const next = db.prepare(forSqlite(EXPORT_NEXT));
      let total = 0;
      for (const { id: typeId } of db.prepare(forSqlite(EXPORT_TYPES)).all(plantId) as { id: number }[]) {
        let rows = first.all(plantId, typeId) as ExportRow[];
        while (rows.length > 0) {
          total += rows.length;
          const last = rows[rows.length - 1];
          rows = rows.length < 5000 ? [] : (next.all(plantId, typeId, last.code, last.id) as ExportRow[]);
        }
      }
      return total;
    },
    async syncChunk(plantId, version, afterId, limit) {
      const rows = (afterId === null ? syncNewer.all(plantId, version, limit) : syncRest.all(plantId, version, afterId, limit)) as SqliteSyncRow[];
      let text = '';
      for (const [head, minX, minY, maxX, maxY, geom] of rows) text += `${head.slice(0, -1)},${minX},${minY},${maxX},${maxY},${geom}]\n`;
      const last = rows[rows.length - 1];
      return { text, count: rows.length, last: last ? { version: last[6], id: last[7] } : null };
    },
    async plantVersion(plantId) {
      return (db.prepare('select elements_version as v from plants where id = ?').get(plantId) as { v: number }).v;
    },
    async plantPage(plantId, limit, offset) {
      db.prepare(forSqlite(PLANT_COUNT)).get(plantId);
      return db.prepare(forSqlite(PLANT_PAGE)).all(plantId, limit, offset).length;
    },
    async close() {
      db.close();
    },
  };
}

function postgresDriver(url: string): RawDriver {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let postgisReady: Promise<string | null> | undefined;
  /** Null once the PostGIS copy of the geometries is there, else why it cannot be. */
  const postgis = () => (postgisReady ??= preparePostgis(pool));
  return {
    async typeIds(plantId, typeId) {
      const { rows } = await pool.query({ text: 'select id from elements where plant_id = $1 and type_id = $2 order by id', values: [plantId, typeId], rowMode: 'array' });
      const ids = rows.map((row) => row[0] as number);
      return JSON.parse(JSON.stringify({ count: ids.length, ids })).count;
    },
    async coveredIds(plantId, typeId, ringWkt) {
      if ((await postgis()) !== null) return null;
      const { rows } = await pool.query({
        text: 'select id from bench_postgis_elements where plant_id = $1 and type_id = $2 and ST_Covers(ST_GeomFromText($3, 4326), g) order by id',
        values: [plantId, typeId, ringWkt],
        rowMode: 'array',
      });
      const ids = rows.map((row) => row[0] as number);
      JSON.stringify({ count: ids.length, ids });
      return ids;
    },
    async postgisTile(plantId, { z, x, y }, typeIds) {
      if ((await postgis()) !== null) return null;
      const { rows } = await pool.query({ text: POSTGIS_TILE(typeIds !== null), values: [z, x, y, plantId, ...(typeIds ? [typeIds] : [])], rowMode: 'array' });
      return (rows[0][0] as Buffer).length;
    },
    postgisNote: () => postgis(),
    async listPage(plantId, typeId, stateIds, limit, offset, withCount = true) {
      // `in ($3, …)` as the API writes it: with `= any($3)` PostgreSQL sorts the matches instead of reading the index in order.
      const states = stateIds.map((_, i) => `$${i + 3}`).join(', ');
      const where = `plant_id = $1 and type_id = $2${stateIds.length ? ` and state_id in (${states})` : ''}`;
      const n = stateIds.length + 2;
      if (withCount) await pool.query(`select count(*) as n from elements where ${where}`, [plantId, typeId, ...stateIds]);
      return (await pool.query(`select ${LIST_COLUMNS} from elements where ${where} order by code, id limit $${n + 1} offset $${n + 2}`, [plantId, typeId, ...stateIds, limit, offset])).rowCount ?? 0;
    },
    async elementsWithin(plantId, typeId, [minX, minY, maxX, maxY]) {
      const result = await pool.query(
        `select ${LIST_COLUMNS}, min_x, min_y, max_x, max_y from elements where plant_id = $1 and min_x >= $2 and min_x <= $3 and min_y >= $4 and min_y <= $5 and max_x <= $3 and max_y <= $5 and type_id = $6`,
        [plantId, minX, maxX, minY, maxY, typeId],
      );
      return result.rowCount ?? 0;
    },
    async tileRows(plantId, [west, south, east, north], maxWidth, maxHeight, typeIds) {
      const result = await pool.query(
        `select id, type_id, code, state_id, geom from elements where plant_id = $1 and min_x >= $2 and min_x <= $3 and min_y >= $4 and min_y <= $5 and max_x >= $6 and max_y >= $7${typeIds ? ' and type_id = any($8::int[])' : ''}`,
        [plantId, west - maxWidth, east, south - maxHeight, north, west, south, ...(typeIds ? [typeIds] : [])],
      );
      return result.rowCount ?? 0;
    },
    async overviewStates(plantId, typeIds) {
      return (await pool.query('select id, state_id from elements where plant_id = $1 and type_id = any($2::int[])', [plantId, typeIds])).rowCount ?? 0;
    },
    async massiveChange(c) {
      const client = await pool.connect();
      try {
        const now = new Date().toISOString();
        await client.query('begin');
        const { rows } = await client.query(
          "insert into state_changes (client_id, plant_id, element_type_id, state_id, user_id, observations, element_count, created_at) values ($1, $2, $3, $4, $5, '', $6, $7) returning id",
          [c.clientId, c.plantId, c.typeId, c.stateId, c.userId, c.ids.length, now],
        );
        await client.query(
          'insert into state_change_elements (state_change_id, element_id, previous_state_id) select $1, id, state_id from elements where id = any($2::int[])',
          [rows[0].id, c.ids],
        );
        await client.query('update elements set state_id = $1, updated_at = $2, last_state_change_contractor_id = null where id = any($3::int[])', [c.stateId, now, c.ids]);
        await client.query('update plants set elements_version = elements_version + 1 where id = $1', [c.plantId]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    async typeStateCounts(plantId) {
      return (await pool.query(TYPE_STATE_COUNTS, [plantId])).rowCount ?? 0;
    },
    async stateCounts(plantId) {
      return (await pool.query(STATE_COUNTS, [plantId])).rowCount ?? 0;
    },
    async firstReachedByDay(plantId, typeId) {
      return (await pool.query(FIRST_REACHED, [plantId, typeId])).rowCount ?? 0;
    },
    async exportRows(plantId) {
      let total = 0;
      for (const { id: typeId } of (await pool.query<{ id: number }>(EXPORT_TYPES, [plantId])).rows) {
        let rows = (await pool.query<ExportRow>(EXPORT_FIRST, [plantId, typeId])).rows;
        while (rows.length > 0) {
          total += rows.length;
          const last = rows[rows.length - 1];
          rows =
            rows.length < 5000
              ? []
              : (await pool.query<ExportRow>(EXPORT_NEXT, [plantId, typeId, last.code, last.id])).rows;
        }
      }
      return total;
    },
    async syncChunk(plantId, version, afterId, limit) {
      const after = [version, afterId ?? AFTER_EVERY_ID];
      const end = (await pool.query(SYNC_POSTGRES_END, [plantId, ...after, limit])).rows[0];
      if (end) {
        const { rows: pieces } = await pool.query(SYNC_POSTGRES_RANGE, [plantId, ...after, end.row_version, end.id]);
        return { text: pieces.map((row) => `${row.text}\n`).join(''), count: limit, last: { version: Number(end.row_version), id: Number(end.id) } };
      }
      const { rows } =
        afterId === null
          ? await pool.query(syncPostgres(`${SYNC_NEWER}`), [plantId, version, limit])
          : await pool.query(syncPostgres(`${SYNC_REST}`), [plantId, version, afterId, limit]);
      const last = rows[rows.length - 1];
      return {
        text: rows.map((row) => `${row.text}\n`).join(''),
        count: rows.reduce((n, row) => n + Number(row.count), 0),
        last: last ? { version: Number(last.last_version), id: Number(last.last_id) } : null,
      };
    },
    async plantVersion(plantId) {
      return (await pool.query('select elements_version as v from plants where id = $1', [plantId])).rows[0].v;
    },
    async plantPage(plantId, limit, offset) {
      await pool.query(PLANT_COUNT, [plantId]);
      return (await pool.query(PLANT_PAGE, [plantId, limit, offset])).rowCount ?? 0;
    },
    async close() {
      await pool.end();
    },
  };
}

/** Extent and buffer of the API's tiles (packages/domain/src/tiles.ts). */
const POSTGIS_TILE = (someTypes: boolean) => `select ST_AsMVT(t, 'elements', ${DEFAULT_EXTENT}, 'geom', 'id') from (
  select p.id, et.code as type, e.code, coalesce(e.state_id, 0) as state, coalesce(s.color, '') as color, coalesce(s.is_ok, 0) <> 0 as is_ok,
    ST_AsMVTGeom(p.g3857, ST_TileEnvelope($1, $2, $3), ${DEFAULT_EXTENT}, ${DEFAULT_BUFFER}, true) as geom
  from bench_postgis_elements p join elements e on e.id = p.id join element_types et on et.id = e.type_id left join states s on s.id = e.state_id
  where p.plant_id = $4 and p.g3857 && ST_TileEnvelope($1, $2, $3, margin => ${DEFAULT_BUFFER / DEFAULT_EXTENT})${someTypes ? ' and p.type_id = any($5::int[])' : ''}
) t`;

/**
 * A copy of every element geometry as a PostGIS geometry with a GiST index, made once per bench
 * database (the app's schema is left alone): what a deployment on PostGIS would query.
 */
async function preparePostgis(pool: pg.Pool): Promise<string | null> {
  try {
    await pool.query('create extension if not exists postgis');
  } catch (error) {
    return `PostGIS rows skipped: the extension is not available on this server (${error instanceof Error ? error.message : String(error)}); on Debian: apt-get install postgresql-15-postgis-3`;
  }
  await pool.query('create table if not exists bench_postgis_elements (id integer primary key, plant_id integer not null, type_id integer not null, g geometry(Geometry, 4326) not null)');
  const [{ copied }] = (await pool.query('select count(*)::int as copied from bench_postgis_elements')).rows;
  const [{ total }] = (await pool.query("select count(*)::int as total from elements where geom <> ''")).rows;
  if (copied !== total) {
    await pool.query('truncate bench_postgis_elements');
    await pool.query(
      "insert into bench_postgis_elements select id, plant_id, type_id, ST_GeomFromText(regexp_replace(geom, '^SRID=4326;', ''), 4326) from elements where geom <> ''",
    );
    await pool.query('create index if not exists bench_postgis_elements_g_idx on bench_postgis_elements using gist (g)');
    await pool.query('create index if not exists bench_postgis_elements_plant_type_idx on bench_postgis_elements (plant_id, type_id)');
    await pool.query('analyze bench_postgis_elements');
  }
  // Web Mercator, as a tile server keeps it, so that ST_AsMVT does not transform on every request.
  await pool.query('alter table bench_postgis_elements add column if not exists g3857 geometry(Geometry, 3857)');
  if ((await pool.query('select 1 from bench_postgis_elements where g3857 is null limit 1')).rowCount) {
    await pool.query('update bench_postgis_elements set g3857 = ST_Transform(g, 3857) where g3857 is null');
    await pool.query('create index if not exists bench_postgis_elements_g3857_idx on bench_postgis_elements using gist (g3857)');
    await pool.query('analyze bench_postgis_elements');
  }
  return null;
}
