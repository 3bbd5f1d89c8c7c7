import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalStore } from './local-store';
import { freshLocalStore, setUpJeepSqlite } from './test-support/jeep-sqlite';

/*
 * Plants the user lost (issue 38), on a real SQLite (jeep-sqlite): removed from the device with all
 * their rows once no outbox entry touches them; kept while one does; visible plants untouched.
 */
vi.mock('../lib/native-platform', () => ({ isOnDevice: () => true, onAppResume: () => () => undefined }));

beforeAll(async () => {
  await setUpJeepSqlite();
});

let store: LocalStore;

/** A downloaded plant with two elements, a scan plan, a delivered serial and its catalogue links. */
async function downloaded(plantId: number, name: string) {
  await store.call('replaceItem', 'plant', { id: plantId, name, code: `P${plantId}` });
  await store.call(
    'exec',
    "INSERT INTO plant_download (plant_id, cursor, downloaded_at) VALUES (?, 'c', '2026-11-28T10:00:00Z')",
    [plantId],
  );
  await store.call(
    'bulkReplace',
    'element',
    [1, 2].map((n) => ({
      id: plantId * 100 + n,
      code: `M-${n}`,
      plant_id: plantId,
      type_id: 5,
      state_id: 10,
    })),
  );
  await store.call('exec', 'INSERT INTO plant_state (plant_id, state_id) VALUES (?, 10)', [plantId]);
  await store.call('exec', 'INSERT INTO delivered_serial (plant_id, serial) VALUES (?, ?)', [
    plantId,
    `S${plantId}`,
  ]);
  await store.call('exec', 'INSERT INTO scans (id, name, plant_id) VALUES (?, ?, ?)', [
    plantId,
    `scan ${plantId}`,
    plantId,
  ]);
  await store.call('exec', 'INSERT INTO element_to_scan (id, scan_id, code) VALUES (?, ?, ?)', [
    plantId * 100 + 1,
    plantId,
    'M-1',
  ]);
}

/** Rows of the plant left in each table the removal must empty. */
async function rowsOf(plantId: number) {
  const count = async (sql: string) => ((await store.call('select', sql, [plantId])) as { n: number }[])[0].n;
  return {
    plant: await count('SELECT count(*) AS n FROM plant WHERE id = ?'),
    download: await count('SELECT count(*) AS n FROM plant_download WHERE plant_id = ?'),
    element: await count('SELECT count(*) AS n FROM element WHERE plant_id = ?'),
    overview: await count('SELECT count(*) AS n FROM element_overview WHERE plant_id = ?'),
    states: await count('SELECT count(*) AS n FROM plant_state WHERE plant_id = ?'),
    serials: await count('SELECT count(*) AS n FROM delivered_serial WHERE plant_id = ?'),
    scans: await count('SELECT count(*) AS n FROM scans WHERE plant_id = ?'),
    scanElements: await count('SELECT count(*) AS n FROM element_to_scan WHERE scan_id = ?'),
  };
}

beforeEach(async () => {
  store = await freshLocalStore();
  await downloaded(3, 'Carmona');
  await downloaded(4, 'Écija');
  await downloaded(5, 'Lebrija');
});
afterEach(() => vi.restoreAllMocks());

describe('plants the user can no longer see', () => {
  it('removes a lost plant with no outbox work, every row of it, and leaves the visible ones', async () => {
    const before = await rowsOf(4);
    expect(Object.values(before).every((n) => n > 0)).toBe(true);
    expect(await store.call('removeLostPlants', [3, 5])).toEqual({
      removed: [{ id: 4, name: 'Écija' }],
      kept: [],
    });
    expect(Object.values(await rowsOf(4)).every((n) => n === 0)).toBe(true);
    expect(await rowsOf(3)).toEqual(before);
    expect(await rowsOf(5)).toEqual(before);
  });

  it('keeps a lost plant while an entry names it or one of its elements, and removes it once the entries are gone', async () => {
    await store.call('enqueueOutbox', {
      clientUuid: 'by-path',
      userId: 7,
      kind: 'massive_state_change',
      request: { method: 'POST', path: 'plants/4/element-state-change/', body: { state: 11 } },
    });
    await store.call('enqueueOutbox', {
      clientUuid: 'by-element',
      userId: 7,
      kind: 'serial_edit',
      request: { method: 'PATCH', path: 'elements/502/', body: { serial: 'X' } },
      elementIds: [502],
    });
    await store.call('markOutbox', 'by-element', 'refused', { code: 'forbidden', reason: 'Sin acceso' });
    expect(await store.call('removeLostPlants', [3])).toEqual({ removed: [], kept: [4, 5] });
    expect((await rowsOf(4)).element).toBe(2);

    await store.call('removeOutbox', 'by-path');
    expect(await store.call('removeLostPlants', [3])).toEqual({
      removed: [{ id: 4, name: 'Écija' }],
      kept: [5],
    });
    await store.call('removeOutbox', 'by-element');
    expect(await store.call('removeLostPlants', [3])).toEqual({
      removed: [{ id: 5, name: 'Lebrija' }],
      kept: [],
    });
    expect(await store.call('select', 'SELECT plant_id FROM plant_download')).toEqual([{ plant_id: 3 }]);
  });
});
