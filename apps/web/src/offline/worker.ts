/// <reference lib="webworker" />
// First: the schemas the other imports build must see it.
import '../lib/zod-jitless';
import { PolygonParamError } from '@heliotrack/domain/geometry';
import { insertBaselines } from './insert-baselines';
import { forgetPlant } from './local-queries';
import { LocalDbError } from './messages';
import { OPERATIONS } from './operations';
import { httpSyncStream, loadPlant } from './plant-loader';
import type { WorkerError, WorkerRequest, WorkerResponse } from './protocol';
import { SqliteWasmDatabase } from './sqlite-wasm-database';

/*
 * The dedicated Worker that owns the local database on the web (DESIGN section 6): every call runs
 * here, and downloads stream into it without using the page's thread. Each database call of the
 * wasm implementation runs to its end synchronously (a transaction included), so a screen's query
 * arriving during a download runs between two of its transactions, never inside one.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
// The page names the worker after its (server, user) database (local-store.ts): one file each.
const databaseName = scope.name.split(':')[1];
const db = new SqliteWasmDatabase(databaseName ? `/${databaseName}.sqlite3` : undefined);
const loads = new Map<number, AbortController>();

function post(message: WorkerResponse, transfer: Transferable[] = []) {
  scope.postMessage(message, transfer);
}

function toWorkerError(error: unknown): WorkerError {
  if (error instanceof LocalDbError) return { code: error.code, message: error.message };
  if (error instanceof PolygonParamError)
    return { code: 'polygon', message: error.message, reason: error.reason };
  return { code: 'sql_error', message: error instanceof Error ? error.message : String(error) };
}

async function handle(request: WorkerRequest): Promise<unknown> {
  // The bench's insert baselines need the sqlite-wasm handle itself, below the LocalDatabase interface.
  if (request.kind === 'call' && (request.op as string) === 'insertBaselines')
    return insertBaselines(db, Number(request.args[0]));
  if (request.kind === 'call') {
    const run = OPERATIONS[request.op] as (...args: unknown[]) => Promise<unknown>;
    if (!run) throw new LocalDbError('missing_parameters', `Unknown operation ${String(request.op)}`);
    return run(db, ...request.args);
  }
  if (request.kind === 'load') {
    const controller = new AbortController();
    loads.set(request.id, controller);
    try {
      await db.open();
      const result = await loadPlant(db, request.plantId, {
        fetchStream: httpSyncStream(request.apiRoot, request.plantId, request.token, request.language),
        signal: controller.signal,
        onProgress: (progress) => post({ id: request.id, kind: 'progress', progress }),
      });
      return result;
    } finally {
      forgetPlant(request.plantId);
      loads.delete(request.id);
    }
  }
  loads.get(request.loadId)?.abort();
  return null;
}

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const { id } = event.data;
  handle(event.data).then(
    (result) =>
      post(
        { id, kind: 'result', result },
        result instanceof Uint8Array ? [result.buffer as ArrayBuffer] : [],
      ),
    (error: unknown) => post({ id, kind: 'error', error: toWorkerError(error) }),
  );
};
