import { PostgresAdapter } from 'kysely';
import type { Db } from './database';

/** What differs between SQLite and PostgreSQL lives here; modules never test the dialect. */
export function isPostgres(db: Db) {
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
