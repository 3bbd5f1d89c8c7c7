import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database as SQLiteDatabase } from 'better-sqlite3';

/**
 * Pages the WAL may hold before a commit checkpoints it in the server's own thread: a backstop for
 * when the checkpointer falls behind. SQLite's default is 1,000 (4 MB).
 */
export const BACKSTOP_AUTOCHECKPOINT = 10_000;
export const DEFAULT_AUTOCHECKPOINT = 1_000;
/** How often the checkpointer copies the WAL's committed pages into the database file. */
export const CHECKPOINT_INTERVAL_MS = 100;

// Plain CommonJS run by the worker (eval): no file of its own, so the bundled server needs none.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.intervalMs);
const stopped = new Int32Array(workerData.stopped);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  Atomics.store(stopped, 0, 1);
  Atomics.notify(stopped, 0);
  parentPort.close();
});
`;

/** How long closing the database waits for the worker to close its connection (a checkpoint in progress ends first). */
const STOP_WAIT_MS = 5_000;

export interface Checkpointer {
  /**
   * Stops the worker and waits for it to close its connection, so that the server's connection,
   * closed next, is the last one (it folds the WAL into the database file). Synchronous, as
   * Kysely's SQLite driver closes the database without waiting.
   */
  stop(): void;
}

/**
 * Checkpoints of a SQLite database in WAL mode, moved off the server's thread (issue 32). With
 * SQLite's default, the commit that takes the WAL past 1,000 pages copies them into the database
 * file and syncs it, inside a request: under 32 writers of one plant that was about a quarter of
 * the server's CPU. A worker thread with a connection of its own now runs a PASSIVE checkpoint every
 * CHECKPOINT_INTERVAL_MS: it never waits for, nor blocks, a reader or a writer, and SQLite starts
 * the WAL over at the next commit once every page is copied. The server's connection keeps a
 * backstop (BACKSTOP_AUTOCHECKPOINT); if the worker stops on an error it goes back to SQLite's
 * default. Durability is unchanged: commits are as synchronous as before (NORMAL), a checkpoint
 * syncs the same files in the same order, in another thread.
 */
export function startCheckpointer(
  sqlite: SQLiteDatabase,
  file: string,
  options: { intervalMs?: number; driver?: string } = {},
): Checkpointer {
  const driver = options.driver ?? createRequire(import.meta.url).resolve('better-sqlite3');
  const stopped = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, file, intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS, stopped: stopped.buffer },
  });
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT}`);
  let failed = false;
  worker.once('error', () => {
    failed = true;
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
  });
  // It never keeps the process alive: a server that stops without closing the database still exits.
  worker.unref();
  return {
    stop() {
      if (failed) return;
      worker.postMessage('stop');
      // The worker runs on its own thread: it takes the message while this one waits.
      Atomics.wait(stopped, 0, 0, STOP_WAIT_MS);
    },
  };
}
