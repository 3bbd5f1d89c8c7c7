import { CompiledQuery, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Db } from './database';
import { ROWS_AS_ARRAYS } from './sqlite-statements';

/** What differs between SQLite and PostgreSQL lives here; modules never test the dialect. */
function isPostgres(db: Db) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Rows per multi-row INSERT: SQLite allows 32,766 bound parameters, PostgreSQL 65,535.
 * Keep each statement under both limits for a row with `columns` values.
 */
export function insertChunkSize(columns: number, wanted = 1000) {
  return Math.max(1, Math.min(wanted, Math.floor(32_000 / columns)));
}

export const toFlag = (value: boolean) => (value ? 1 : 0);
export const fromFlag = (value: number | boolean | null | undefined) => value === 1 || value === true;

/**
 * Locks the selected rows until the transaction ends, for read-then-write sequences (a state change
 * reads the elements' current states, then records them as previous states). PostgreSQL needs
 * `FOR UPDATE`; SQLite has no such clause and needs none, as it runs one writing transaction at a time.
 */
export function forUpdate<Q extends { forUpdate(): Q }>(db: Db, query: Q): Q {
  return isPostgres(db) ? query.forUpdate() : query;
}

/**
 * Share-locks the selected rows until the transaction ends: rows that decide whether a write is
 * allowed (a RUC's states, a state group's members, a state's is_active). An edit of those rows
 * waits for the deciding transaction to end, and the deciding transaction waits for an edit in
 * progress, then reads what it committed. SQLite, one writing transaction at a time, needs none.
 */
export function forShare<Q extends { forShare(): Q }>(db: Db, query: Q): Q {
  return isPostgres(db) ? query.forShare() : query;
}

/**
 * Text compared bytewise, as SQLite always does: PostgreSQL compares by the database's collation
 * unless told COLLATE "C" (its `*_c_idx` indexes are built with it, so the planner can use them).
 */
export function bytewise(db: Db, expression: RawBuilder<unknown>): RawBuilder<unknown> {
  return isPostgres(db) ? sql`${expression} collate "C"` : expression;
}

/**
 * Runs a read with PostgreSQL's JIT compilation off (in a transaction of its own, `set local`), for
 * queries whose row estimates are far too high; SQLite has no JIT and runs it as it is.
 */
export async function withoutJit<T>(db: Db, run: (db: Db) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return run(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return run(trx);
  });
}

/**
 * A JSON array of integer and text columns (`[12,"MOD-1",null]`), written by the database: offline
 * downloads send a plant's elements as such lines, and formatting them in SQL costs the server
 * less than reading every column into an object and stringifying it (measured on the 250 MWp
 * plant: SQLite about 40 % less; on PostgreSQL the work moves to the database's process, where it
 * runs beside the API's). PostgreSQL writes `, ` between values. Floating-point columns are left to
 * the caller: SQLite's JSON writes 15 significant digits, which does not always give the stored
 * double back.
 */
export function jsonArrayText(db: Db, columns: string[]): RawBuilder<string> {
  const refs = sql.join(columns.map((column) => sql.ref(column)));
  return isPostgres(db) ? sql<string>`json_build_array(${refs})::text` : sql<string>`json_array(${refs})`;
}

/**
 * Whether the database's JSON writes every double so that it reads back exactly: PostgreSQL
 * (shortest round-trip digits since version 12) does; SQLite's JSON writes 15 significant digits.
 */
export function writesExactJsonNumbers(db: Db) {
  return isPostgres(db);
}

/**
 * Runs a select and answers each row as an array of its values in select-list order. SQLite hands
 * them over as arrays (better-sqlite3's raw mode, ROWS_AS_ARRAYS), about half the time of objects
 * for a wide chunk; PostgreSQL's objects are turned into arrays (pg keeps the select-list order).
 */
export async function rowsAsArrays<Row extends readonly unknown[]>(db: Db, query: { compile(): CompiledQuery }): Promise<Row[]> {
  const compiled = query.compile();
  if (isPostgres(db)) return (await db.executeQuery<Record<string, unknown>>(compiled)).rows.map((row) => Object.values(row) as unknown as Row);
  return (await db.executeQuery<Row>(CompiledQuery.raw(`${ROWS_AS_ARRAYS}${compiled.sql}`, [...compiled.parameters]))).rows;
}

/**
 * Whether a download reads several chunks of element lines at once (SyncService.elementChunks):
 * PostgreSQL writes the lines itself, on a connection of its pool each; SQLite has one connection
 * and writes them in the API's own thread.
 */
export function readsChunksAtOnce(db: Db) {
  return isPostgres(db);
}

/** A text column as a JSON string (`"…"`, or `null`), written by the database. */
export function jsonText(db: Db, column: string): RawBuilder<string> {
  return isPostgres(db) ? sql<string>`coalesce(to_json(${sql.ref(column)})::text, 'null')` : sql<string>`ifnull(json_quote(${sql.ref(column)}), 'null')`;
}

/**
 * Whether a read outside a transaction can go on while a writing transaction waits for a lock:
 * PostgreSQL's pool does. SQLite has one connection, on which a read waits for any transaction in
 * progress to end, so a lookup made "before the lock" saves no wait there.
 */
export function readsBesideWaitingWrites(db: Db) {
  return isPostgres(db);
}

/**
 * A lock held until the transaction ends, on a key of the application's own (PostgreSQL's
 * transaction-level advisory locks, in the two-integer key space; a text key is hashed to one
 * integer of it, so two texts may share a lock: they then only wait for each other). Shared holders
 * run together; an exclusive request waits for them, and later shared requests queue behind it, so
 * an exclusive writer is never starved. SQLite runs one writing transaction at a time: nothing to do.
 */
export async function transactionLock(trx: Db, space: number, key: number | string, mode: 'shared' | 'exclusive') {
  if (!isPostgres(trx)) return;
  const id = typeof key === 'number' ? sql`${key}::int` : sql`hashtext(${key})`;
  if (mode === 'shared') await sql`select pg_advisory_xact_lock_shared(${space}::int, ${id})`.execute(trx);
  else await sql`select pg_advisory_xact_lock(${space}::int, ${id})`.execute(trx);
}

/**
 * Exclusive transaction locks (as transactionLock) on many text keys of one space, taken in one
 * statement in the order of their hashed keys: every writer that takes its locks this way takes them
 * in the same order, so two writers of overlapping sets wait for each other and never deadlock.
 */
export async function transactionLocks(trx: Db, space: number, keys: string[]) {
  if (!isPostgres(trx) || keys.length === 0) return;
  await sql`select pg_advisory_xact_lock(${space}::int, k) from (select distinct hashtext(key) as k from unnest(${keys}::text[]) as key order by k) as sorted`.execute(trx);
}

/**
 * Takes the exclusive transaction locks of the keys that are free, without waiting; true when it got
 * them all (the caller that gets false rolls back, which lets go of any it did take). Always true on SQLite.
 */
export async function tryTransactionLocks(trx: Db, space: number, keys: string[]) {
  if (!isPostgres(trx) || keys.length === 0) return true;
  const { rows } = await sql<{ locked: boolean }>`select bool_and(pg_try_advisory_xact_lock(${space}::int, hashtext(key))) as locked from unnest(${keys}::text[]) as key`.execute(trx);
  return rows[0].locked === true;
}
