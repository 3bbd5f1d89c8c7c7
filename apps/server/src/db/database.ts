import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { startCheckpointer } from './sqlite-checkpointer';
import { withCachedStatements } from './sqlite-statements';

// PostgreSQL answers count(*) and bigint as strings; every id and count here fits in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type Db = Kysely<Database>;

export interface DbTarget {
  /** postgres://… selects PostgreSQL; anything else is a SQLite file path (or ':memory:'). */
  url: string;
  /** SQLite file: checkpoints in a worker thread instead of in the commits (db/sqlite-checkpointer.ts). The server's. */
  backgroundCheckpoints?: boolean;
}

/**
 * Bytes the SQLite WAL file keeps once checkpointed. Without a limit it stays at the largest size it
 * ever reached (a 250 MWp layout import leaves hundreds of MB behind for good); with one, the first
 * commit after a checkpoint has copied it all cuts it back. Above the checkpointer's backstop
 * (BACKSTOP_AUTOCHECKPOINT pages, 40 MB), so that ordinary writing never cuts and regrows it.
 */
export const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

export function isPostgresUrl(url: string) {
  return /^postgres(ql)?:\/\//.test(url);
}

/** The pg pool behind a PostgreSQL Db (metrics read its counts); none for SQLite. */
const pools = new WeakMap<Db, pg.Pool>();
export const pgPoolOf = (db: Db) => pools.get(db);

export function createDb({ url, backgroundCheckpoints = false }: DbTarget): Db {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  if (url !== ':memory:') fs.mkdirSync(path.dirname(url), { recursive: true });
  const sqlite = new SQLite(url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
  const checkpointer = backgroundCheckpoints && url !== ':memory:' ? startCheckpointer(sqlite, url) : null;
  const database = withCachedStatements(sqlite);
  const close = () => {
    checkpointer?.stop();
    database.close();
  };
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: { ...database, close } }) });
}

/** One round trip to the database (the readiness probe's). */
export async function pingDatabase(db: Db) {
  await sql`select 1`.execute(db);
}
