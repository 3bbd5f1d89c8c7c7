import { PolygonParamError } from '@heliotrack/domain/geometry';
import { absoluteApiRoot } from '../lib/server-url';
import type { LocalDatabase } from './local-database';
import { LocalDbError, LocalPolygonError, reasonOf } from './messages';
import type { OperationArgs, OperationName, OperationResult } from './operations';
import type { LoadProgress, LoadResult } from './protocol';

/*
 * The native app's local store (issue 20): the same `call` and `loadPlant` as the web's worker store
 * (local-store.ts), running OPERATIONS and the plant loader on the page's thread against Capacitor
 * SQLite (capacitor-sqlite-database.ts): the plugin does its work on native threads, so there is no
 * worker to keep busy. The database, the operations and the loader are imported on first use: none
 * of them is in the main bundle. Errors reach callers as the worker store's do: LocalDbError with
 * its code, LocalPolygonError for a malformed polygon, 'sql_error' for anything else.
 */
async function capacitorDatabase(name?: string): Promise<LocalDatabase> {
  const { CapacitorSqliteDatabase } = await import('./capacitor-sqlite-database');
  return new CapacitorSqliteDatabase(name);
}

function storeError(error: unknown): Error {
  if (error instanceof LocalDbError || error instanceof LocalPolygonError) return error;
  if (error instanceof PolygonParamError) return new LocalPolygonError(error.message, error.reason);
  return new LocalDbError('sql_error', reasonOf(error));
}

// Shaped as local-store.ts's LocalStore (checked where localStore() picks it); not imported from
// there, as local-store.ts imports this file.
export class NativeLocalStore {
  private db: Promise<LocalDatabase> | null = null;

  /** `database`: the (server, user) database's name (device-databases.ts), or how to make the database (tests). */
  private readonly createDatabase: () => Promise<LocalDatabase>;

  constructor(database?: string | (() => Promise<LocalDatabase>)) {
    this.createDatabase = typeof database === 'function' ? database : () => capacitorDatabase(database);
  }

  private database(): Promise<LocalDatabase> {
    this.db ??= this.createDatabase();
    return this.db;
  }

  async call<K extends OperationName>(op: K, ...args: OperationArgs<K>): Promise<OperationResult<K>> {
    try {
      const [db, { OPERATIONS }] = await Promise.all([this.database(), import('./operations')]);
      const run = OPERATIONS[op] as ((...a: unknown[]) => Promise<OperationResult<K>>) | undefined;
      if (!run) throw new LocalDbError('missing_parameters', `Unknown operation ${String(op)}`);
      return await run(db, ...args);
    } catch (error) {
      throw storeError(error);
    }
  }

  loadPlant(
    plantId: number,
    auth: { token: string; language: string; apiRoot?: string },
    onProgress?: (progress: LoadProgress) => void,
  ): { done: Promise<LoadResult>; cancel(): void } {
    const controller = new AbortController();
    // The app's own origin serves no API on a device: the configured server's (lib/server-url.ts).
    const apiRoot = auth.apiRoot ?? absoluteApiRoot().replace(/\/+$/, '');
    const done = (async () => {
      const [db, loader, queries] = await Promise.all([this.database(), import('./plant-loader'), import('./local-queries')]);
      try {
        await db.open();
        return await loader.loadPlant(db, plantId, {
          fetchStream: loader.httpSyncStream(apiRoot, plantId, auth.token, auth.language),
          signal: controller.signal,
          onProgress,
        });
      } finally {
        queries.forgetPlant(plantId);
      }
    })().catch((error: unknown) => {
      throw storeError(error);
    });
    return { done, cancel: () => controller.abort() };
  }

  /** Closes the database; the next call opens it again. */
  async terminate(): Promise<void> {
    if (!this.db) return;
    await this.call('close').catch(() => undefined);
  }
}
