/*
 * The device's local SQL database (specification sections 3, 4, 7; DESIGN section 6), behind one
 * interface: the web implementation is sqlite-wasm with the opfs-sahpool VFS inside a dedicated
 * Worker (sqlite-wasm-database.ts, driven from worker.ts); the native app will add a Capacitor SQLite
 * one. Everything above it (schema upgrades, section 7 operations, the plant download, local
 * queries) is written against this interface only, so it runs unchanged on both.
 *
 * Calls are asynchronous because Capacitor's are; the wasm implementation answers at once.
 */
export type SqlValue = string | number | null | Uint8Array;
export type SqlParams = readonly SqlValue[];
export type Row = Record<string, SqlValue>;

export interface Statement {
  sql: string;
  params?: SqlParams;
}

export interface ExecResult {
  /** Rows the statement inserted, updated or deleted. */
  changes: number;
  /** Rowid of the last inserted row of this connection, or undefined when the statement inserted none. */
  lastId: number | undefined;
}

export interface LocalDatabase {
  /** Opens (creating when missing) and upgrades to the latest schema version; idempotent. */
  open(): Promise<void>;
  exec(sql: string, params?: SqlParams): Promise<ExecResult>;
  select<T = Row>(sql: string, params?: SqlParams): Promise<T[]>;
  /** Runs the statements in one transaction: all are applied or none. Answers each statement's result. */
  transaction(statements: readonly Statement[]): Promise<ExecResult[]>;
  /** Specification section 4: closes, deletes, sets version 0 and initialises again. */
  reset(): Promise<void>;
  close(): Promise<void>;
  /** The schema version of the open database (PRAGMA user_version). */
  version(): Promise<number>;
}
