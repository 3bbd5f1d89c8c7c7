import { CapacitorSQLite, SQLiteConnection, type CapacitorSQLitePlugin, type SQLiteDBConnection } from '@capacitor-community/sqlite';
import { Capacitor } from '@capacitor/core';
import type { ExecResult, LocalDatabase, Row, SqlParams, Statement } from './local-database';
import { LocalDbError, LOCAL_DB_MESSAGES, reasonOf } from './messages';
import { upgrade } from './schema';

/*
 * The native implementation of LocalDatabase (issue 20, DESIGN sections 1 and 6): Capacitor SQLite
 * (`@capacitor-community/sqlite` 7) on Android and iOS, with the same schema upgrades (schema.ts) and
 * the same operations (operations.ts) as the web's sqlite-wasm. It runs on the page's thread: every
 * call crosses the plugin's bridge and is asynchronous, so calls are queued one after another; a
 * screen's query arriving during a download's transaction waits for its end instead of running
 * inside it (the worker gives the wasm implementation the same guarantee).
 *
 * Rows changed and the last row id are read from SQLite itself (total_changes(), last_insert_rowid()),
 * as the wasm implementation does, instead of the plugin's per-platform answers. Foreign keys stay
 * off as in sqlite-wasm (the plugin turns them on): clearing and dropping tables behave the same.
 *
 * On the web platform the plugin runs on `jeep-sqlite` (sql.js); the app never chooses this
 * implementation there (local-store.ts), the tests do, to run the shared conformance suite on it.
 */
export const NATIVE_DATABASE_NAME = 'heliotrack';

/*
 * One SQLiteConnection per plugin for the whole page: it keeps the page's list of connections, and
 * checkConnectionsConsistency closes every native connection missing from the list it is given, so
 * a second list would close the first one's databases.
 */
const connections = new WeakMap<CapacitorSQLitePlugin, { sqlite: SQLiteConnection; webStore: Promise<void> | null }>();

function pluginConnection(plugin: CapacitorSQLitePlugin) {
  let entry = connections.get(plugin);
  if (!entry) {
    entry = { sqlite: new SQLiteConnection(plugin), webStore: null };
    connections.set(plugin, entry);
  }
  return entry;
}

export class CapacitorSqliteDatabase implements LocalDatabase {
  private readonly shared: ReturnType<typeof pluginConnection>;
  private connection: SQLiteDBConnection | null = null;
  /** total_changes() of the connection after its last statement. */
  private totalChanges = 0;
  private queue: Promise<unknown> = Promise.resolve();

  /** The calls without the queue, for upgrade() while open() or reset() holds it. */
  private readonly direct: LocalDatabase = {
    open: () => Promise.resolve(),
    exec: (sql, params) => this.run(sql, params),
    select: (sql, params) => this.query(sql, params),
    transaction: (statements) => this.runTransaction(statements),
    reset: () => Promise.resolve(),
    close: () => Promise.resolve(),
    version: () => this.readVersion(),
  };

  constructor(
    private readonly name = NATIVE_DATABASE_NAME,
    plugin: CapacitorSQLitePlugin = CapacitorSQLite,
  ) {
    this.shared = pluginConnection(plugin);
  }

  private get sqlite(): SQLiteConnection {
    return this.shared.sqlite;
  }

  /** Runs `task` after every call queued before it, whatever their outcome. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  open(): Promise<void> {
    return this.serial(async () => {
      if (this.connection) return;
      try {
        this.connection = await this.connect();
        await upgrade(this.direct);
      } catch (error) {
        await this.closeQuietly();
        throw new LocalDbError('open_failed', LOCAL_DB_MESSAGES.openFailed(reasonOf(error)));
      }
    });
  }

  exec(sql: string, params?: SqlParams): Promise<ExecResult> {
    return this.serial(() => this.run(sql, params));
  }

  select<T = Row>(sql: string, params?: SqlParams): Promise<T[]> {
    return this.serial(() => this.query<T>(sql, params));
  }

  transaction(statements: readonly Statement[]): Promise<ExecResult[]> {
    return this.serial(() => this.runTransaction(statements));
  }

  version(): Promise<number> {
    return this.serial(() => this.readVersion());
  }

  reset(): Promise<void> {
    return this.serial(async () => {
      const connection = this.requireConnection();
      await connection.delete();
      await this.closeQuietly();
      // A new file has user_version 0: every table is created again from the first upgrade.
      this.connection = await this.connect();
      await upgrade(this.direct);
    });
  }

  close(): Promise<void> {
    return this.serial(() => this.closeQuietly());
  }

  private async connect(): Promise<SQLiteDBConnection> {
    if (Capacitor.getPlatform() === 'web') {
      this.shared.webStore ??= this.sqlite.initWebStore();
      await this.shared.webStore;
    }
    // After a reload of the web view the native side may still hold the connection the page forgot.
    const consistent = (await this.sqlite.checkConnectionsConsistency()).result;
    const known = (await this.sqlite.isConnection(this.name, false)).result;
    const connection =
      consistent && known
        ? await this.sqlite.retrieveConnection(this.name, false)
        : await this.sqlite.createConnection(this.name, false, 'no-encryption', 1, false);
    if (!(await connection.isDBOpen()).result) await connection.open();
    await connection.execute('PRAGMA foreign_keys = OFF', false);
    this.totalChanges = await this.readTotalChanges(connection);
    return connection;
  }

  private requireConnection(): SQLiteDBConnection {
    if (!this.connection) throw new LocalDbError('not_opened', LOCAL_DB_MESSAGES.notOpened);
    return this.connection;
  }

  private async readTotalChanges(connection: SQLiteDBConnection): Promise<number> {
    const { values } = await connection.query('SELECT total_changes() AS total');
    return Number(values?.[0]?.total ?? 0);
  }

  /** One statement, outside of any transaction of the plugin's own (ours or none). */
  private async run(sql: string, params?: SqlParams): Promise<ExecResult> {
    const connection = this.requireConnection();
    const before = this.totalChanges;
    let lastId = 0;
    let direct = 0;
    try {
      if (params?.length) await connection.run(sql, [...params], false);
      else await connection.execute(sql, false);
    } finally {
      // Also after a failure: the next statement's count starts from what SQLite says now.
      // changes(): the rows of the statement itself; the total also counts those of triggers (schema.ts).
      const { values } = await connection.query('SELECT total_changes() AS total, changes() AS direct, last_insert_rowid() AS last_id');
      this.totalChanges = Number(values?.[0]?.total ?? before);
      direct = Number(values?.[0]?.direct ?? 0);
      lastId = Number(values?.[0]?.last_id ?? 0);
    }
    const changes = this.totalChanges === before ? 0 : direct;
    return { changes, lastId: changes > 0 && lastId ? lastId : undefined };
  }

  private async query<T>(sql: string, params?: SqlParams): Promise<T[]> {
    const { values } = await this.requireConnection().query(sql, params?.length ? [...params] : []);
    return (values ?? []) as T[];
  }

  private async runTransaction(statements: readonly Statement[]): Promise<ExecResult[]> {
    const connection = this.requireConnection();
    await connection.beginTransaction();
    const results: ExecResult[] = [];
    try {
      for (const statement of statements) results.push(await this.run(statement.sql, statement.params));
      await connection.commitTransaction();
      return results;
    } catch (error) {
      await connection.rollbackTransaction().catch(() => undefined);
      throw error;
    }
  }

  private async readVersion(): Promise<number> {
    const rows = await this.query<{ user_version: number }>('PRAGMA user_version');
    return Number(rows[0]?.user_version ?? 0);
  }

  private async closeQuietly(): Promise<void> {
    this.connection = null;
    try {
      if ((await this.sqlite.isConnection(this.name, false)).result) await this.sqlite.closeConnection(this.name, false);
    } catch {
      // closing a connection that failed to open
    }
  }
}
