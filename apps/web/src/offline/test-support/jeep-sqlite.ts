import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { defineCustomElement } from 'jeep-sqlite/dist/components/jeep-sqlite';
import { vi } from 'vitest';
import { localStore, type LocalStore } from '../local-store';

/*
 * A real SQLite for Vitest: the Capacitor SQLite plugin's web implementation, the `jeep-sqlite` web
 * component on sql.js (stored in IndexedDB: import 'fake-indexeddb/auto' first). sql.js's glue inside
 * jeep-sqlite 2.8 fetches `${wasmPath}/sql-wasm.wasm`; it must be the wasm of the same sql.js release
 * (1.12.0, pinned in apps/web's devDependencies), served here as a server would. Call it in beforeAll,
 * with `isOnDevice()` mocked to true so that `localStore()` takes the native store.
 */
export const SQL_WASM_ORIGIN = 'http://sql-wasm.test';
export const sqlWasmFile = createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm');

export async function setUpJeepSqlite(): Promise<void> {
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === `${SQL_WASM_ORIGIN}/sql-wasm.wasm`) {
      return new Response(await readFile(sqlWasmFile), { headers: { 'content-type': 'application/wasm' } });
    }
    return realFetch(input, init);
  });
  defineCustomElement();
  const element = document.createElement('jeep-sqlite') as HTMLElement & { wasmPath: string };
  element.wasmPath = SQL_WASM_ORIGIN;
  document.body.appendChild(element);
  await customElements.whenDefined('jeep-sqlite');
}

/**
 * The local store (on jeep-sqlite: `isOnDevice()` mocked to true) on an empty database, whatever ran
 * before in the file (tests run shuffled), with the plugin's SQL log silenced. For beforeEach; the
 * file restores its mocks in afterEach.
 */
export async function freshLocalStore(): Promise<LocalStore> {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const store = localStore();
  await store.call('open');
  await store.call('reset');
  await store.call('clearAllData');
  for (const table of ['outbox', 'pending_document', 'plant_download']) await store.call('exec', `DELETE FROM ${table}`);
  return store;
}
