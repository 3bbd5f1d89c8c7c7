import { isOnDevice } from '../lib/native-platform';
import { currentLocalDatabase } from './device-databases';
import { LocalDbError, LocalPolygonError } from './messages';
import { NativeLocalStore } from './native-local-store';
import type { OperationArgs, OperationName, OperationResult } from './operations';
import type { LoadProgress, LoadResult, WorkerRequest, WorkerResponse } from './protocol';

/*
 * The page's side of the local database: one dedicated Worker (worker.ts), created on first use so
 * that neither it nor sqlite-wasm is in the main bundle. `call` runs any of OPERATIONS there;
 * `loadPlant` downloads a plant into it with progress and cancel. Errors arrive as LocalDbError
 * with the worker's code and message (specification section 8 texts).
 */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  onProgress?(progress: LoadProgress): void;
}

/** The local store as the app uses it: the worker below on the web, NativeLocalStore in the native app. */
export interface LocalStore {
  call<K extends OperationName>(op: K, ...args: OperationArgs<K>): Promise<OperationResult<K>>;
  loadPlant(
    plantId: number,
    auth: { token: string; language: string; apiRoot?: string },
    onProgress?: (progress: LoadProgress) => void,
  ): { done: Promise<LoadResult>; cancel(): void };
  terminate(): Promise<void>;
}

/** The worker's name carries its database's: the worker opens that one (worker.ts). */
export const WORKER_NAME_PREFIX = 'heliotrack-local-database';

export class WorkerLocalStore implements LocalStore {
  private worker: Worker | null = null;

  /** `databaseName`: the (server, user) database this store opens (device-databases.ts); none for the old shared file. */
  constructor(private readonly databaseName?: string) {}

  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private start(): Worker {
    if (this.worker) return this.worker;
    const name = this.databaseName ? `${WORKER_NAME_PREFIX}:${this.databaseName}` : WORKER_NAME_PREFIX;
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name });
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => this.receive(event.data);
    worker.onerror = (event) => {
      const error = new LocalDbError('no_connection', `${event.message || 'The local database worker failed'}`);
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    this.worker = worker;
    return worker;
  }

  private receive(message: WorkerResponse) {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.kind === 'progress') return pending.onProgress?.(message.progress);
    this.pending.delete(message.id);
    if (message.kind === 'result') pending.resolve(message.result);
    else if (message.error.code === 'polygon') pending.reject(new LocalPolygonError(message.error.message, message.error.reason ?? 'malformed'));
    else pending.reject(new LocalDbError(message.error.code, message.error.message));
  }

  private send<T>(request: WithoutId<WorkerRequest>, onProgress?: (progress: LoadProgress) => void): { id: number; done: Promise<T> } {
    const id = this.nextId++;
    const done = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, onProgress });
    });
    this.start().postMessage({ ...request, id } as WorkerRequest);
    return { id, done };
  }

  call<K extends OperationName>(op: K, ...args: OperationArgs<K>): Promise<OperationResult<K>> {
    return this.send<OperationResult<K>>({ kind: 'call', op, args }).done;
  }

  /** Downloads the plant (incrementally when it was downloaded before); `cancel` stops it between two transactions. */
  loadPlant(
    plantId: number,
    auth: { token: string; language: string; apiRoot?: string },
    onProgress?: (progress: LoadProgress) => void,
  ): { done: Promise<LoadResult>; cancel(): void } {
    const apiRoot = auth.apiRoot ?? new URL('/api', location.origin).href;
    const { id, done } = this.send<LoadResult>({ kind: 'load', plantId, apiRoot, token: auth.token, language: auth.language }, onProgress);
    return { done, cancel: () => this.worker?.postMessage({ id: this.nextId++, kind: 'cancel', loadId: id } satisfies WorkerRequest) };
  }

  /** Stops the worker (closing the database first); the next call starts a new one. */
  async terminate(): Promise<void> {
    if (!this.worker) return;
    await this.call('close').catch(() => {});
    this.worker.terminate();
    this.worker = null;
  }
}

let current: { name: string | undefined; store: LocalStore } | null = null;

/**
 * The signed-in user's local store on the current server (issue 39): Capacitor SQLite on a device
 * (issue 20), sqlite-wasm in a worker on the web, each on that (server, user)'s own database. When
 * the user or the server changes, the previous store is closed and the next call opens the other
 * database. Signed out, it is a store of no one's database, which only the tests and the bench reach:
 * the app goes through openedLocalStore, which refuses to open without a signed-in user.
 */
export function localStore(): LocalStore {
  const name = currentLocalDatabase()?.name;
  if (!current || current.name !== name) {
    void current?.store.terminate();
    current = { name, store: isOnDevice() ? new NativeLocalStore(name) : new WorkerLocalStore(name) };
  }
  return current.store;
}
