import sqlite3InitModule, { type Database, type SAHPoolUtil } from '@sqlite.org/sqlite-wasm';
import type { ExecResult, LocalDatabase, Row, SqlParams, Statement } from './local-database';
import { LocalDbError, LOCAL_DB_MESSAGES, reasonOf } from './messages';
import { upgrade } from './schema';

/*
 * The web implementation of LocalDatabase: the official sqlite-wasm with the `opfs-sahpool` VFS
 * (DESIGN section 1: no COOP/COEP headers needed, survives reloads). It runs only inside the
 * dedicated Worker of worker.ts: OPFS sync access handles exist only in workers, and the wasm and
 * its 900 KB stay out of the main bundle. The .wasm file is emitted by the Vite build next to the
 * worker (`new URL('sqlite3.wasm', import.meta.url)` in the package), so our server serves it.
 *
 * One tab writes: opfs-sahpool holds exclusive handles on its files, so a second tab could not open
 * them anyway; a Web Lock taken before opening turns that into the clear read-only message instead
 * of a failure deep inside the VFS.
 */
export const DATABASE_FILE = '/heliotrack.sqlite3';
const VFS_NAME = 'heliotrack-sahpool';
const LOCK_NAME = 'heliotrack-local-database';

type SahPool = SAHPoolUtil;

// Pages of 16 KB (taken only by a new, empty file): every page is one read or write call through
// the VFS, and a 100,000-element insert measured 35-40 % faster than with the default 4 KB pages.
// A lost last transaction after a crash is downloaded again, never corrupt; temp tables (the loader's
// pending_element) stay in memory instead of taking one of the pool's few OPFS handles.
const PRAGMAS = 'PRAGMA page_size = 16384; PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY; PRAGMA cache_size = -32000;';

let sqlite3: ReturnType<typeof sqlite3InitModule> | null = null;

export class SqliteWasmDatabase implements LocalDatabase {
  private db: Database | null = null;
  private pool: SahPool | null = null;
  private releaseLock: (() => void) | null = null;

  constructor(private readonly file = DATABASE_FILE) {}

  /** An open under way: a second call (another module of the page) waits for it instead of racing it for the lock. */
  private opening: Promise<void> | null = null;

  open(): Promise<void> {
    if (this.db) return Promise.resolve();
    this.opening ??= this.openOnce().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  private async openOnce(): Promise<void> {
    try {
      await this.takeLock();
      sqlite3 ??= sqlite3InitModule();
      const module = await sqlite3;
      this.pool ??= await module.installOpfsSAHPoolVfs({ name: VFS_NAME });
      this.db = new this.pool.OpfsSAHPoolDb(this.file);
      this.db.exec(PRAGMAS);
      await upgrade(this);
    } catch (error) {
      this.closeQuietly();
      if (error instanceof LocalDbError && error.code === 'read_only') throw error;
      throw new LocalDbError('open_failed', LOCAL_DB_MESSAGES.openFailed(reasonOf(error)));
    }
  }

  /** Holds the exclusive lock for as long as this database is open; another tab holding it means read-only here. */
  private takeLock(): Promise<void> {
    if (this.releaseLock || typeof navigator === 'undefined' || !navigator.locks) return Promise.resolve();
    return new Promise((resolve, reject) => {
      navigator.locks
        .request(LOCK_NAME, { ifAvailable: true }, (lock) => {
          if (!lock) {
            reject(new LocalDbError('read_only', LOCAL_DB_MESSAGES.readOnly));
            return undefined;
          }
          return new Promise<void>((release) => {
            this.releaseLock = release;
            resolve();
          });
        })
        .catch(reject);
    });
  }

  /** The sqlite-wasm handle itself, for the bench's raw insert baseline only (insert-baselines.ts). */
  rawHandle(): Database {
    return this.connection;
  }

  private get connection(): Database {
    if (!this.db) throw new LocalDbError('not_opened', LOCAL_DB_MESSAGES.notOpened);
    return this.db;
  }

  private run(db: Database, sql: string, params?: SqlParams): ExecResult {
    // Differences of the total: changes() alone still reports the last INSERT/UPDATE/DELETE after a CREATE or a SELECT.
    const before = Number(db.changes(true));
    db.exec({ sql, bind: params?.length ? [...params] : undefined });
    const changes = Number(db.changes(true)) - before;
    const lastId = changes > 0 ? Number(db.selectValue('SELECT last_insert_rowid()')) : undefined;
    return { changes, lastId: lastId || undefined };
  }

  async exec(sql: string, params?: SqlParams): Promise<ExecResult> {
    return this.run(this.connection, sql, params);
  }

  async select<T = Row>(sql: string, params?: SqlParams): Promise<T[]> {
    const rows = this.connection.exec({ sql, bind: params?.length ? [...params] : undefined, rowMode: 'object', returnValue: 'resultRows' });
    return rows as T[];
  }

  async transaction(statements: readonly Statement[]): Promise<ExecResult[]> {
    const db = this.connection;
    return db.transaction(() => statements.map((s) => this.run(db, s.sql, s.params)));
  }

  async version(): Promise<number> {
    return Number(this.connection.selectValue('PRAGMA user_version'));
  }

  async reset(): Promise<void> {
    this.connection.close();
    this.db = null;
    this.pool?.unlink(this.file);
    // A new file has user_version 0: open() creates every table again from the first upgrade.
    this.db = new this.pool!.OpfsSAHPoolDb(this.file);
    this.db.exec(PRAGMAS);
    await upgrade(this);
  }

  async close(): Promise<void> {
    this.closeQuietly();
  }

  private closeQuietly() {
    try {
      this.db?.close();
    } catch {
      // closing a handle that failed to open
    }
    this.db = null;
    this.releaseLock?.();
    this.releaseLock = null;
  }
}
