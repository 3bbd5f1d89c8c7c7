import type { Database as SQLiteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept prepared; lists of ids of every length make new texts, so the oldest go. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * A SQL text that starts with this comment answers its rows as arrays of values in column order
 * (better-sqlite3's raw mode) instead of objects: about half the time of a 5,000-row chunk of the
 * sync stream, whose rows are written out by position anyway (issue 32). Run through Kysely
 * (`rowsAsArrays` in dialect.ts), so the query still waits its turn on the one connection.
 */
export const ROWS_AS_ARRAYS = '/* rows as arrays */ ';

/** A prepared statement, in raw mode when its text asks for it. */
function prepared(sqlite: SQLiteDatabase, sql: string) {
  const statement = sqlite.prepare(sql);
  return sql.startsWith(ROWS_AS_ARRAYS) ? statement.raw(true) : statement;
}

/**
 * The better-sqlite3 database as Kysely sees it, with its statements prepared once per SQL text.
 * Kysely's SQLite driver prepares every query it runs anew: under 32 concurrent writers that was a
 * tenth of the server's CPU (issue 32's profile), more than the statements' own work. A statement
 * still being iterated (a streamed select) is busy: the same SQL then gets a fresh one.
 */
export function withCachedStatements(sqlite: SQLiteDatabase, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached) {
        if (cached.busy) return prepared(sqlite, sql);
        // Most recently used last: Map keeps insertion order, so the first key is the oldest.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = prepared(sqlite, sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
