import 'fake-indexeddb/auto';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpJeepSqlite, sqlWasmFile } from './test-support/jeep-sqlite';
import {
  everyOperationAndMessage,
  outboxOperations,
  pendingDocumentOperations,
  upgradeFromVersion15,
  type ConformanceExpect,
  type ConformanceTarget,
} from '../../../../tests/e2e/fixtures/local-database-conformance';
import { setServerUrl } from '../lib/server-url';
import { CapacitorSqliteDatabase } from './capacitor-sqlite-database';
import { LATEST_SCHEMA_VERSION } from './schema';
import { localStore, type LocalStore } from './local-store';
import { NativeLocalStore } from './native-local-store';

/*
 * The Capacitor SQLite implementation, for real: the plugin's own web implementation, which runs on
 * the `jeep-sqlite` web component (sql.js, a real SQLite compiled to wasm, stored in IndexedDB, here
 * fake-indexeddb), through the same local store the app uses on a device. It passes the conformance
 * suite the sqlite-wasm worker passes in Chromium (offline-database.spec.ts). Only the platform is
 * simulated: `isOnDevice()` answers true, so `localStore()` makes its native choice.
 */
vi.mock('../lib/native-platform', () => ({ isOnDevice: () => true }));

beforeAll(async () => {
  await setUpJeepSqlite();
  expect(path.basename(path.dirname(path.dirname(sqlWasmFile)))).toBe('sql.js');
});

// jeep-sqlite logs every version it reads.
beforeEach(() => vi.spyOn(console, 'log').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

/** The conformance suite's view of a store; console warnings are collected as they are logged. */
function target(store: LocalStore): ConformanceTarget {
  const warnings: string[] = [];
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(' ')));
  return {
    call: <T,>(op: string, ...args: unknown[]) => (store.call as (op: string, ...a: unknown[]) => Promise<T>)(op, ...args),
    failure: async (op, ...args) => {
      try {
        await (store.call as (op: string, ...a: unknown[]) => Promise<unknown>)(op, ...args);
        return null;
      } catch (error) {
        return { code: (error as { code?: string }).code ?? 'unknown', message: (error as Error).message };
      }
    },
    warned: async (text) => {
      expect(warnings.some((w) => w.includes(text)), `a warning containing "${text}" in ${JSON.stringify(warnings)}`).toBe(true);
    },
  };
}

describe('Capacitor SQLite local database (plugin web implementation on jeep-sqlite)', () => {
  it('is the store the app takes on a device', () => {
    expect(localStore()).toBeInstanceOf(NativeLocalStore);
  });

  it('every local operation and every message of the local database (conformance suite)', async () => {
    await everyOperationAndMessage(target(localStore()), expect as unknown as ConformanceExpect, {
      // Ours, not the plugin's: foreign keys off as in sqlite-wasm, so tables clear and drop in any order.
      afterSchema: async () => expect(await localStore().call('select', 'PRAGMA foreign_keys')).toEqual([{ foreign_keys: 0 }]),
    });
  }, 60_000);

  it('keeps the changes to send in the outbox (conformance suite)', async () => {
    await outboxOperations(target(localStore()), expect as unknown as ConformanceExpect);
  }, 60_000);

  it('keeps documents chosen for an offline change until their change leaves (conformance suite)', async () => {
    await pendingDocumentOperations(target(localStore()), expect as unknown as ConformanceExpect);
  }, 60_000);

  it('upgrades a version-15 database to the latest version, keeping its rows (conformance suite)', async () => {
    await upgradeFromVersion15(target(localStore()), expect as unknown as ConformanceExpect);
  }, 60_000);

  it('keeps its data across a close and a new connection, and its schema version', async () => {
    const first = new CapacitorSqliteDatabase('kept');
    await first.open();
    await first.exec('DELETE FROM users');
    expect(await first.exec('INSERT INTO users (id, name) VALUES (?, ?)', [3, 'Eva'])).toEqual({ changes: 1, lastId: 3 });
    await first.close();
    const second = new CapacitorSqliteDatabase('kept');
    await second.open();
    expect(await second.version()).toBe(LATEST_SCHEMA_VERSION);
    expect(await second.select('SELECT * FROM users')).toEqual([{ id: 3, name: 'Eva', active: 1 }]);
    await second.close();
  });

  it('answers changes and lastId per statement as sqlite-wasm does, and rolls a failed transaction back whole', async () => {
    const db = new CapacitorSqliteDatabase('results');
    await db.open();
    await db.exec('DELETE FROM users');
    // A CREATE after an INSERT changed nothing itself; an UPDATE changes rows but inserts none.
    expect(await db.exec('INSERT INTO users (id, name) VALUES (1, ?), (2, ?)', ['A', 'B'])).toEqual({ changes: 2, lastId: 2 });
    expect(await db.exec('CREATE TABLE IF NOT EXISTS scratch (a INTEGER)')).toEqual({ changes: 0, lastId: undefined });
    expect(await db.exec('UPDATE users SET name = ? WHERE id = 99', ['Z'])).toEqual({ changes: 0, lastId: undefined });
    expect(await db.transaction([{ sql: 'UPDATE users SET active = 0' }, { sql: 'DELETE FROM users WHERE id = ?', params: [1] }])).toEqual([
      { changes: 2, lastId: 2 },
      { changes: 1, lastId: 2 },
    ]);
    await expect(
      db.transaction([{ sql: "INSERT INTO users (id, name) VALUES (5, 'E')" }, { sql: 'INSERT INTO no_such_table VALUES (1)' }]),
    ).rejects.toThrow(/no such table: no_such_table/);
    expect(await db.select('SELECT id, name, active FROM users ORDER BY id')).toEqual([{ id: 2, name: 'B', active: 0 }]);
    await db.close();
    await expect(db.select('SELECT 1')).rejects.toMatchObject({ code: 'not_opened' });
  });

  it('runs a call made during a transaction after it, never inside it', async () => {
    const db = new CapacitorSqliteDatabase('queued');
    await db.open();
    await db.exec('DELETE FROM users');
    const statements = Array.from({ length: 50 }, (_, i) => ({ sql: 'INSERT INTO users (id, name) VALUES (?, ?)', params: [i + 1, `U${i}`] }));
    // Issued while the transaction is open: inside it, BEGIN would fail ("cannot start a transaction within a transaction").
    const [inserted, begun, counted] = await Promise.all([
      db.transaction(statements),
      db.exec('BEGIN'),
      db.select<{ n: number }>('SELECT count(*) AS n FROM users'),
    ]);
    await db.exec('COMMIT');
    expect(inserted).toHaveLength(50);
    expect(begun.changes).toBe(0);
    expect(counted).toEqual([{ n: 50 }]);
    await db.close();
  });

  it('downloads from the configured server; a download cancelled at once stores nothing and answers cancelled', async () => {
    setServerUrl('https://heliotrack.example.com');
    const asked: string[] = [];
    const serverFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).startsWith('https://heliotrack.example.com/')) return serverFetch(input, init);
      asked.push(String(input));
      return new Response('{"cursor":"c1"}\n');
    });
    try {
      const store = new NativeLocalStore(async () => new CapacitorSqliteDatabase('download'));
      await store.call('open');
      await store.call('exec', 'DELETE FROM plant_download');
      const load = store.loadPlant(4, { token: 'jwt', language: 'es' });
      load.cancel();
      await expect(load.done).rejects.toMatchObject({ code: 'cancelled', message: 'Download cancelled' });
      expect(asked).toEqual(['https://heliotrack.example.com/api/plants/4/sync/']);
      expect(await store.call('select', 'SELECT plant_id FROM plant_download')).toEqual([]);
      await store.terminate();
    } finally {
      vi.stubGlobal('fetch', serverFetch);
      setServerUrl(null);
    }
  });

  it('reports an open that fails with the specification message', async () => {
    const store = new NativeLocalStore(async () => new CapacitorSqliteDatabase('broken', brokenPlugin()));
    await expect(store.call('open')).rejects.toMatchObject({ code: 'open_failed', message: 'Error open database: disk I/O error' });
  });
});

/** A plugin whose connection cannot be created: the device's file system refused it. */
function brokenPlugin() {
  return new Proxy(
    {},
    {
      get: (_, name) => {
        if (name === 'createConnection') return () => Promise.reject(new Error('disk I/O error'));
        if (name === 'checkConnectionsConsistency') return () => Promise.resolve({ result: false });
        if (name === 'initWebStore') return () => Promise.resolve();
        return () => Promise.resolve({ result: false });
      },
    },
  ) as ConstructorParameters<typeof CapacitorSqliteDatabase>[1];
}
