import { SyncHeader, type SyncHeader as SyncHeaderType } from '@heliotrack/domain/sync';
import { BULK_CHUNK_SIZE } from '@heliotrack/domain/constants';
import type { LocalDatabase, Statement } from './local-database';
import { jsonArrayInsert, allowedFields } from './local-operations';
import { ppiLineStatements } from './local-ppis';
import { LocalDbError } from './messages';
import { DROP_ELEMENT_INDEXES, DROP_OVERVIEW_TRIGGERS, ELEMENT_INDEXES, OVERVIEW_TRIGGERS, refillOverview, TABLE_COLUMNS } from './schema';

/*
 * Loading a plant from `GET plants/{id}/sync/` (issue "Offline I"; contract in
 * packages/domain/src/sync.ts) into the local database, as the answer arrives:
 *
 * - element lines are never parsed here: BULK_CHUNK_SIZE of them are joined into one JSON array and
 *   inserted by one `INSERT OR REPLACE … SELECT … FROM jsonb_each(?)` (DESIGN section 1: one bound
 *   value per chunk is what makes sqlite-wasm fast); CHUNKS_PER_TRANSACTION chunks per transaction,
 *   with progress after each and a cancel check between them. jsonb_each, not json_each: json_each
 *   hands each row on as JSON text, which `->>` parses again, while jsonb_each hands on the parsed
 *   (JSONB) row, read in place: measured 3.5× as many rows/s for the same rows and the same values;
 *   json_each where SQLite is older than 3.45 (a native device's system SQLite);
 * - an element with a change still waiting in the outbox is never overwritten nor deleted: the
 *   device's change is newer than what the server knew, and the next download after the outbox is
 *   sent brings the server's answer;
 * - the header's cursor is stored only once the whole answer is in. A full answer first forgets the
 *   stored cursor, so a full download cancelled half way is downloaded in full again next time.
 */
export const CHUNKS_PER_TRANSACTION = 20;

export interface LoadProgress {
  plantId: number;
  /** Element lines applied so far. */
  done: number;
  /** Elements of the answer when known (a full answer: the plant's element count), else null. */
  total: number | null;
  full: boolean;
}

export interface LoadResult extends LoadProgress {
  cursor: string;
  deleted: number;
  /** Time spent inside the element transactions and index builds, ms: the local insert rate is done / insertMs. */
  insertMs: number;
  /** Of insertMs, the index builds at the end of a full answer. */
  indexMs: number;
}

export interface LoadOptions {
  /** Answers the sync stream for this cursor (null: a full download). */
  fetchStream(cursor: string | null, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>>;
  onProgress?(progress: LoadProgress): void;
  signal?: AbortSignal;
}

/** Elements that an outbox entry still waiting to be sent touches (a temp table, rebuilt for each load). */
const PENDING_STATEMENTS: Statement[] = [
  { sql: 'CREATE TEMP TABLE IF NOT EXISTS pending_element (id INTEGER PRIMARY KEY)' },
  { sql: 'DELETE FROM pending_element' },
  {
    sql: `INSERT OR IGNORE INTO pending_element (id)
          SELECT j.value FROM outbox, json_each(outbox.payload, '$.element_ids') AS j
          WHERE outbox.status IN ('pending', 'sending')`,
  },
];
const NOT_PENDING = 'WHERE NOT EXISTS (SELECT 1 FROM pending_element AS p WHERE p.id = value ->> 0)';
/**
 * The plant's elements of a list of ids (a JSON array), but those an outbox entry touches. By id (the
 * rowid), not through an index on plant_id (`+plant_id`): without statistics SQLite prefers
 * `plant_id = ?` on the bbox index to `id IN (…)` and visited the whole plant for each chunk.
 */
const DELETE_BY_ID = 'DELETE FROM element WHERE +plant_id = ? AND id IN (SELECT value FROM json_each(?)) AND id NOT IN (SELECT id FROM pending_element)';

/** Lines of a byte stream of UTF-8 text, as they arrive. */
export async function* textLines(stream: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let rest = '';
  try {
    for (;;) {
      if (signal?.aborted) throw new LocalDbError('cancelled', 'Download cancelled');
      const { done, value } = await reader.read();
      if (done) break;
      rest += decoder.decode(value, { stream: true });
      let start = 0;
      let end: number;
      while ((end = rest.indexOf('\n', start)) >= 0) {
        if (end > start) yield rest.slice(start, end);
        start = end + 1;
      }
      rest = rest.slice(start);
    }
    rest += decoder.decode();
    if (rest) yield rest;
  } finally {
    reader.cancel().catch(() => {});
  }
}

function catalogueStatements(plantId: number, header: SyncHeaderType): Statement[] {
  const rows = <T extends keyof typeof TABLE_COLUMNS>(t: T, items: object[]): Statement[] => {
    if (!items.length) return [];
    const columns: readonly string[] = TABLE_COLUMNS[t];
    const data = items.map((item) => {
      const kept = new Map(allowedFields(t, item as Record<string, unknown>));
      return columns.map((c) => kept.get(c) ?? null);
    });
    return [jsonArrayInsert(t, columns, JSON.stringify(data))];
  };
  return [
    ...rows('client', [header.client]),
    ...rows('plant', [header.plant]),
    ...rows('element_type', header.element_types),
    ...rows('state', header.states),
    ...rows('transaction_type', header.transaction_types),
    ...rows('contractor', header.contractors),
    { sql: 'DELETE FROM plant_state WHERE plant_id = ?', params: [plantId] },
    ...rows('plant_state', header.states.map((s) => ({ plant_id: plantId, state_id: s.id }))),
    { sql: 'DELETE FROM plant_contractor WHERE plant_id = ?', params: [plantId] },
    ...rows('plant_contractor', header.contractors.map((c) => ({ plant_id: plantId, contractor_id: c.id }))),
  ];
}

/** Whether this SQLite has the JSONB functions (3.45 and later; sqlite-wasm always, a native system SQLite maybe not). */
async function hasJsonb(db: LocalDatabase): Promise<boolean> {
  try {
    await db.select("SELECT key FROM jsonb_each('[1]')");
    return true;
  } catch {
    return false;
  }
}

/** Downloads the plant (incrementally when a cursor is stored) into the local database. */
export async function loadPlant(db: LocalDatabase, plantId: number, options: LoadOptions): Promise<LoadResult> {
  const stored = await db.select<{ cursor: string | null }>('SELECT cursor FROM plant_download WHERE plant_id = ?', [plantId]);
  const stream = await options.fetchStream(stored[0]?.cursor ?? null, options.signal);
  const lines = textLines(stream, options.signal);

  const first = await lines.next();
  if (first.done) throw new LocalDbError('download_failed', 'The download ended before its header');
  const header = SyncHeader.parse(JSON.parse(first.value));
  // The element table's columns in the order of the lines; plant_id comes from the plant.
  const known: readonly string[] = TABLE_COLUMNS.element;
  const picks = header.columns.map((c, i) => [c, i] as const).filter(([c]) => known.includes(c));
  const insertColumns = [...picks.map(([c]) => c), 'plant_id'];
  const insertValues = [...picks.map(([, i]) => `value ->> ${i}`), '?'].join(', ');
  const each = (await hasJsonb(db)) ? 'jsonb_each' : 'json_each';
  const insertSql = `INSERT OR REPLACE INTO element (${insertColumns.join(', ')}) SELECT ${insertValues} FROM ${each}(?) ${NOT_PENDING}`;

  const progress: LoadProgress = { plantId, done: 0, total: header.full ? header.plant.element_count : null, full: header.full };
  let result: LoadResult;
  let indexMs = 0;
  try {
    result = await applyAnswer(db, plantId, header, lines, insertSql, progress, options);
  } finally {
    // A full answer dropped them (see below); built again even when it was cancelled or failed.
    if (header.full) {
      const started = performance.now();
      await rebuildAfterFullAnswer(db, plantId);
      indexMs = performance.now() - started;
    }
  }
  // The insert rate counts the index builds too: they are part of storing the rows.
  return { ...result, insertMs: result.insertMs + indexMs, indexMs };
}

/**
 * The end of a full answer: the element indexes, the plant's overview copy and its triggers
 * (schema.ts), with a page cache large enough for the whole table meanwhile. With the usual 32 MB
 * each index build reads the table from OPFS again and its sort spills to temporary files; with
 * room for it, the first build reads the table once and the others and the overview copy
 * (random reads by type) find it in memory. The cache shrinks back at once.
 */
const BUILD_CACHE_KIB = 256 * 1024;

async function rebuildAfterFullAnswer(db: LocalDatabase, plantId: number) {
  const [{ cache_size: usual }] = await db.select<{ cache_size: number }>('PRAGMA cache_size');
  await db.exec(`PRAGMA cache_size = -${BUILD_CACHE_KIB}`);
  try {
    await db.transaction([...ELEMENT_INDEXES.map((sql) => ({ sql })), ...refillOverview(plantId), ...OVERVIEW_TRIGGERS.map((sql) => ({ sql }))]);
  } finally {
    await db.exec(`PRAGMA cache_size = ${Number(usual)}`);
  }
}

/** What a full answer drops while it inserts (schema.ts), by name. */
const DROPPED_BY_FULL_ANSWER = [...ELEMENT_INDEXES, ...OVERVIEW_TRIGGERS].map((sql) => /IF NOT EXISTS (\w+)/.exec(sql)![1]);

/**
 * At the database's opening (issue 38): a full download that a closed tab or a crash interrupted
 * left its plant without `downloaded_at` (so not listed as available, and without cursor, so
 * downloaded in full again next time) and the element indexes and overview triggers dropped. They
 * are built again here, and the plant's overview copy refilled; answers the incomplete plants.
 */
export async function recoverInterruptedDownloads(db: LocalDatabase): Promise<number[]> {
  const incomplete = (await db.select<{ plant_id: number }>('SELECT plant_id FROM plant_download WHERE downloaded_at IS NULL')).map(
    (r) => r.plant_id,
  );
  const present = new Set(
    (await db.select<{ name: string }>("SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger')")).map((r) => r.name),
  );
  if (DROPPED_BY_FULL_ANSWER.every((name) => present.has(name))) return incomplete;
  if (!incomplete.length) await db.transaction([...ELEMENT_INDEXES, ...OVERVIEW_TRIGGERS].map((sql) => ({ sql })));
  for (const plantId of incomplete) await rebuildAfterFullAnswer(db, plantId);
  return incomplete;
}

async function applyAnswer(
  db: LocalDatabase,
  plantId: number,
  header: SyncHeaderType,
  lines: AsyncGenerator<string>,
  insertSql: string,
  progress: LoadProgress,
  options: LoadOptions,
): Promise<LoadResult> {
  await db.transaction([
    // A full answer rewrites most of the table: without the secondary indexes during the inserts,
    // then one sort per index at the end (ELEMENT_INDEXES).
    // The overview triggers likewise: the plant's copy is made once at the end (refillOverview).
    ...(header.full ? [...DROP_ELEMENT_INDEXES, ...DROP_OVERVIEW_TRIGGERS].map((sql) => ({ sql })) : []),
    ...PENDING_STATEMENTS,
    ...(header.full
      ? [
          { sql: 'DELETE FROM element WHERE plant_id = ? AND id NOT IN (SELECT id FROM pending_element)', params: [plantId] },
          { sql: 'INSERT OR REPLACE INTO plant_download (plant_id, cursor) VALUES (?, NULL)', params: [plantId] },
        ]
      : []),
    ...catalogueStatements(plantId, header),
  ]);
  options.onProgress?.({ ...progress });
  // Nothing waiting in the outbox (the usual case): the rows need no check against pending_element.
  const [{ n: pending }] = await db.select<{ n: number }>('SELECT count(*) AS n FROM pending_element');
  const chunkSql = pending ? insertSql : insertSql.replace(NOT_PENDING, '');

  let chunk: string[] = [];
  let batch: Statement[] = [];
  let deleted = 0;
  let insertMs = 0;
  const flushChunk = () => {
    if (!chunk.length) return;
    batch.push({ sql: chunkSql, params: [plantId, `[${chunk.join(',')}]`] });
    progress.done += chunk.length;
    chunk = [];
  };
  const flushBatch = async () => {
    flushChunk();
    if (!batch.length) return;
    if (options.signal?.aborted) throw new LocalDbError('cancelled', 'Download cancelled');
    const started = performance.now();
    await db.transaction(batch);
    insertMs += performance.now() - started;
    batch = [];
    options.onProgress?.({ ...progress });
  };

  for await (const line of lines) {
    if (line.startsWith('[')) {
      chunk.push(line);
      if (chunk.length === BULK_CHUNK_SIZE) {
        flushChunk();
        if (batch.length === CHUNKS_PER_TRANSACTION) await flushBatch();
      }
    } else if (line.startsWith('{')) {
      const value = JSON.parse(line) as Record<string, unknown>;
      flushChunk();
      // The PPI sections (issue 36, local-ppis.ts), after the elements and before `deleted`.
      const ppiStatements = ppiLineStatements(plantId, value);
      if (ppiStatements) {
        batch.push(...ppiStatements);
        continue;
      }
      const ids = (value as { deleted?: number[] }).deleted ?? [];
      for (let i = 0; i < ids.length; i += BULK_CHUNK_SIZE) {
        batch.push({
          sql: DELETE_BY_ID,
          params: [plantId, JSON.stringify(ids.slice(i, i + BULK_CHUNK_SIZE))],
        });
      }
      deleted += ids.length;
    }
  }
  flushChunk();
  batch.push({
    // The extent is read once here, in one sequential pass, rather than by the first tile a map asks for.
    sql: `INSERT OR REPLACE INTO plant_download (plant_id, cursor, elements_version, recordable_state_ids, downloaded_at, max_width, max_height)
          SELECT ?, ?, ?, ?, ?, max(max_x - min_x), max(max_y - min_y) FROM element WHERE plant_id = ?`,
    params: [plantId, header.cursor, header.plant.elements_version, JSON.stringify(header.recordable_state_ids), new Date().toISOString(), plantId],
  });
  await flushBatch();
  return { ...progress, cursor: header.cursor, deleted, insertMs, indexMs: 0 };
}

/**
 * Elements read back from the server after a push (`POST plants/{id}/sync/elements/`, issue 38): the
 * rows, in the answer's `columns` order, replace the device's (a refused change shows the server's
 * state again), and the ids the server no longer has for this user are deleted here. As in a
 * download, an element with a change still waiting in the outbox is left alone.
 */
export async function applyServerElements(
  db: LocalDatabase,
  plantId: number,
  answer: { columns: readonly string[]; elements: unknown[][]; missing: number[] },
): Promise<{ replaced: number; deleted: number }> {
  const known: readonly string[] = TABLE_COLUMNS.element;
  const picks = answer.columns.map((c, i) => [c, i] as const).filter(([c]) => known.includes(c));
  const columns = [...picks.map(([c]) => c), 'plant_id'].join(', ');
  const values = [...picks.map(([, i]) => `value ->> ${i}`), '?'].join(', ');
  const statements: Statement[] = [...PENDING_STATEMENTS];
  for (let i = 0; i < answer.elements.length; i += BULK_CHUNK_SIZE) {
    statements.push({
      sql: `INSERT OR REPLACE INTO element (${columns}) SELECT ${values} FROM json_each(?) ${NOT_PENDING}`,
      params: [plantId, JSON.stringify(answer.elements.slice(i, i + BULK_CHUNK_SIZE))],
    });
  }
  for (let i = 0; i < answer.missing.length; i += BULK_CHUNK_SIZE) {
    statements.push({
      sql: DELETE_BY_ID,
      params: [plantId, JSON.stringify(answer.missing.slice(i, i + BULK_CHUNK_SIZE))],
    });
  }
  await db.transaction(statements);
  return { replaced: answer.elements.length, deleted: answer.missing.length };
}

/** The sync stream of the server at `apiRoot` with this access token (used by the worker). */
export function httpSyncStream(apiRoot: string, plantId: number, token: string, language: string) {
  return async (cursor: string | null, signal?: AbortSignal) => {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    let response: Response;
    try {
      response = await fetch(`${apiRoot}/plants/${plantId}/sync/${query}`, {
        headers: { Authorization: `Bearer ${token}`, 'Accept-Language': language },
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw new LocalDbError('cancelled', 'Download cancelled');
      throw new LocalDbError('download_failed', `No connection: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!response.ok || !response.body) throw new LocalDbError('download_failed', `${response.status} ${response.statusText}`);
    return response.body;
  };
}

