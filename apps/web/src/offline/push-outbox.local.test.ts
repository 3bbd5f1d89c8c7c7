import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYNC_ELEMENT_COLUMNS } from '@heliotrack/domain/sync';
import { ApiError } from '../lib/api-error';
import type { LocalStore } from './local-store';
import type { OutboxEntry } from './local-outbox';
import { pushOutbox, type PushDeps } from './push-outbox';
import { readBackSettled } from './read-back';
import { DROP_ELEMENT_INDEXES, DROP_OVERVIEW_TRIGGERS } from './schema';
import { localPushDeps } from './sync';
import { freshLocalStore, setUpJeepSqlite } from './test-support/jeep-sqlite';

/*
 * The push on a real SQLite outbox (jeep-sqlite, as capacitor-sqlite-database.test.ts runs it), with
 * the sync's own wiring (localPushDeps) and a fake server (issue 38): per entry, never blocking; the
 * refusal, the attempts and the last error kept in the outbox; the elements read back afterwards.
 */
vi.mock('../lib/native-platform', () => ({ isOnDevice: () => true, onAppResume: () => () => undefined }));
vi.mock('../lib/session', () => ({ getStoredUser: () => ({ id: 7 }), getAccessToken: () => 'token' }));

beforeAll(async () => {
  await setUpJeepSqlite();
});

let store: LocalStore;
beforeEach(async () => {
  store = await freshLocalStore();
  await store.call('replaceItem', 'plant', { id: 3, name: 'P', code: 'P3' });
  await store.call('exec', "INSERT INTO plant_download (plant_id, cursor, downloaded_at) VALUES (3, 'c', '2026-11-28T10:00:00Z')");
  await store.call('bulkReplace', 'element', [1, 2, 3, 4].map((id) => ({ id, code: `M-${id}`, plant_id: 3, type_id: 5, state_id: 10 })));
});
afterEach(() => vi.restoreAllMocks());

/** A change of element `id` to state 11 made offline: the local row changed and the entry queued together. */
async function changeOffline(uuid: string, id: number) {
  await store.call(
    'enqueueOutbox',
    { clientUuid: uuid, userId: 7, kind: 'state_change', request: { method: 'POST', path: `plants/3/modules/${id}/state-change/`, body: { state: 11, client_uuid: uuid } }, elementIds: [id] },
    [{ sql: 'UPDATE element SET state_id = 11 WHERE id = ?', params: [id] }],
  );
}

const outbox = async () =>
  (await store.call('listOutbox', 7)).map((e: OutboxEntry) => ({
    uuid: e.client_uuid,
    status: e.status,
    attempts: e.attempts,
    refusal_code: e.refusal_code,
    last_error: e.last_error,
  }));

const stateOf = async (id: number) =>
  ((await store.call('select', 'SELECT state_id FROM element WHERE id = ?', [id])) as { state_id: number }[])[0]?.state_id;

describe('the push on the local outbox', () => {
  it('refuses one, leaves one that met a 500 waiting with its error, and sends the rest', async () => {
    for (const [uuid, id] of [['a', 1], ['b', 2], ['c', 3], ['d', 4]] as const) await changeOffline(uuid, id);
    const answers: Record<string, () => unknown> = {
      b: () => {
        throw new ApiError(413, 'Payload Too Large', { detail: 'Demasiado grande.', code: 'too_large' });
      },
      c: () => {
        throw new ApiError(500, 'Internal Server Error', null);
      },
    };
    const send: PushDeps['send'] = async ({ body }) => answers[(body as { client_uuid: string }).client_uuid]?.() ?? {};
    const outcome = await pushOutbox(localPushDeps(store, 7, send));
    expect(outcome).toMatchObject({ sent: 2, refused: 1, failed: 1, stopped: null });
    expect(await outbox()).toEqual([
      { uuid: 'b', status: 'refused', attempts: 1, refusal_code: 'too_large', last_error: null },
      { uuid: 'c', status: 'pending', attempts: 1, refusal_code: null, last_error: '500 Internal Server Error' },
    ]);
    expect(await store.call('countOutbox', 7)).toEqual({ waiting: 1, refused: 1 });

    // The next push tries the waiting one again (the refused one waits for the user): a second 500, then it arrives.
    await pushOutbox(localPushDeps(store, 7, send));
    expect((await outbox()).find((e) => e.uuid === 'c')).toMatchObject({ status: 'pending', attempts: 2 });
    delete answers.c;
    expect(await pushOutbox(localPushDeps(store, 7, send))).toMatchObject({ sent: 1, failed: 0 });
    expect(await outbox()).toEqual([{ uuid: 'b', status: 'refused', attempts: 1, refusal_code: 'too_large', last_error: null }]);
  });

  it('stops at a lost network: the entry and the rest wait, nothing is marked refused', async () => {
    for (const [uuid, id] of [['a', 1], ['b', 2], ['c', 3]] as const) await changeOffline(uuid, id);
    const send: PushDeps['send'] = async ({ body }) => {
      if ((body as { client_uuid: string }).client_uuid === 'b') throw new ApiError(0, 'Failed to fetch', null);
      return {};
    };
    const outcome = await pushOutbox(localPushDeps(store, 7, send));
    expect(outcome).toMatchObject({ sent: 1, failed: 0, stopped: { status: 0 } });
    expect(await outbox()).toEqual([
      { uuid: 'b', status: 'pending', attempts: 1, refusal_code: null, last_error: '0 Failed to fetch' },
      { uuid: 'c', status: 'pending', attempts: 0, refusal_code: null, last_error: null },
    ]);
  });

  it('reads the settled elements back: the refused change shows the server state, a deleted element leaves, a waiting one is kept', async () => {
    for (const [uuid, id] of [['a', 1], ['b', 2], ['c', 3]] as const) await changeOffline(uuid, id);
    const send: PushDeps['send'] = async ({ path, body }) => {
      const uuid = (body as { client_uuid?: string }).client_uuid;
      if (uuid === 'b') throw new ApiError(400, 'Bad Request', { state: ['Estado no activo.'], code: 'invalid' });
      if (uuid === 'c') throw new ApiError(503, 'Service Unavailable', null);
      if (path === 'plants/3/sync/elements/') {
        const ids = (body as { ids: number[] }).ids;
        expect(ids.sort()).toEqual([1, 2]);
        const line = (id: number, state: number) =>
          SYNC_ELEMENT_COLUMNS.map((c) => ({ id, type_id: 5, state_id: state, code: `M-${id}` })[c as string] ?? null);
        // Element 1 was deleted on the server meanwhile; element 2 kept the server's state 10 (its change was refused).
        return { columns: [...SYNC_ELEMENT_COLUMNS], elements: [line(2, 10)], missing: [1] };
      }
      return {};
    };
    const outcome = await pushOutbox(localPushDeps(store, 7, send));
    expect(outcome).toMatchObject({ sent: 1, refused: 1, failed: 1 });
    // Before the read-back the device shows its own change everywhere.
    expect([await stateOf(1), await stateOf(2), await stateOf(3)]).toEqual([11, 11, 11]);
    expect(await readBackSettled(store, outcome.settled, send)).toBe(true);
    // 1 was deleted on the server meanwhile; 2's change was refused: the server's state; 3 still waits: the device's.
    expect([await stateOf(1), await stateOf(2), await stateOf(3)]).toEqual([undefined, 10, 11]);
  });
});

describe('a full download interrupted by a closed tab', () => {
  it('is found at the next opening: indexes and overview triggers built again, the plant listed as incomplete', async () => {
    const names = async () =>
      ((await store.call('select', "SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY name")) as { name: string }[]).map(
        (r) => r.name,
      );
    const before = await names();
    // What the first transaction of a full answer does, then the tab is gone.
    await store.call('transaction', [
      ...DROP_ELEMENT_INDEXES.map((sql) => ({ sql })),
      ...DROP_OVERVIEW_TRIGGERS.map((sql) => ({ sql })),
      { sql: 'INSERT OR REPLACE INTO plant_download (plant_id, cursor) VALUES (3, NULL)' },
    ]);
    expect((await names()).length).toBeLessThan(before.length);
    expect(await store.call('recoverInterruptedDownloads')).toEqual([3]);
    expect(await names()).toEqual(before);
    // The overview copy was refilled: the plant's elements are there.
    const overview = (await store.call('select', 'SELECT count(*) AS n FROM element_overview WHERE plant_id = 3')) as { n: number }[];
    expect(overview[0].n).toBe(4);
  });
});
