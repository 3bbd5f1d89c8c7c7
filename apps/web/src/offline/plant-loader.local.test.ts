import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CapacitorSqliteDatabase } from './capacitor-sqlite-database';
import type { Statement } from './local-database';
import type { LocalStore } from './local-store';
import { freshLocalStore, setUpJeepSqlite } from './test-support/jeep-sqlite';

/*
 * The elements the read-back after a push (applyServerElements) and an incremental download delete
 * go by id (the rowid), whatever the plant's size: the plans of the statements the loader really
 * sends, on the full schema (its indexes) without statistics, as on a device. Through the bbox
 * index on plant_id, each chunk of ids visited the whole plant.
 */
vi.mock('../lib/native-platform', () => ({ isOnDevice: () => true }));

beforeAll(async () => {
  await setUpJeepSqlite();
});

let store: LocalStore;
beforeEach(async () => {
  store = await freshLocalStore();
  await store.call('bulkReplace', 'element', [1, 2, 3].map((id) => ({ id, code: `M-${id}`, plant_id: 3, type_id: 5, state_id: 10 })));
});
afterEach(() => vi.restoreAllMocks());

describe('the loader deletes elements by id', () => {
  it('the read-back deletes the ids the server no longer has through the rowid, not a plant index', async () => {
    const transaction = vi.spyOn(CapacitorSqliteDatabase.prototype, 'transaction');
    await store.call('applyServerElements', 3, { columns: ['id', 'code'], elements: [], missing: [2] });
    const sent = transaction.mock.calls.flatMap(([statements]) => [...statements] as Statement[]);
    transaction.mockRestore();
    expect((await store.call('select', 'SELECT id FROM element ORDER BY id')).map((r) => r.id)).toEqual([1, 3]);
    const deletes = sent.filter((s) => /^\s*DELETE FROM element\b/.test(s.sql));
    expect(deletes).toHaveLength(1);
    const plan = (await store.call('select', `EXPLAIN QUERY PLAN ${deletes[0].sql}`, deletes[0].params)) as unknown as { detail: string }[];
    const steps = plan.map((row) => row.detail).filter((detail) => /\belement\b/.test(detail));
    expect(steps).not.toEqual([]);
    for (const step of steps) expect(step).toMatch(/USING INTEGER PRIMARY KEY/);
  });
});
