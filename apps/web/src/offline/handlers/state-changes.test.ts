import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFUSAL_CASES, type RefusalSituation } from '@heliotrack/domain/state-change-rule.cases';
import { freshLocalStore, setUpJeepSqlite } from '../test-support/jeep-sqlite';
import type { ApiError } from '../../lib/api-error';
import type { Statement } from '../local-database';
import type { OutboxEntry } from '../local-outbox';
import { type LocalStore, localStore } from '../local-store';
import { stateChangeHandlers } from './state-changes';

/*
 * A state change offline that names documents kept on the device (issue 16), on a real SQLite (as
 * serial-scan.test.ts): the provisional ids travel in the outbox entry's body and the documents are
 * tied to that entry in the same write; a provisional id that is not this plant's, or taken by
 * another change, is the server's documents_unavailable refusal and changes nothing.
 */
vi.mock('../../lib/native-platform', () => ({ isOnDevice: () => true }));
vi.mock('../../lib/session', () => ({ getStoredUser: () => ({ id: 7 }) }));

beforeAll(async () => {
  await setUpJeepSqlite();
});

const keep = (uuid: string, plantId: number) =>
  localStore().call('savePendingDocument', { clientUuid: uuid, userId: 7, plantId, name: `${uuid}.png`, contentType: 'image/png', size: 3, data: 'UE5H' });

beforeEach(async () => {
  const store = await freshLocalStore();
  await store.call('replaceItem', 'plant', { id: 3, name: 'P', code: 'P3' });
  await store.call('replaceItem', 'element_type', { code: 'MOD', id: 5, name: 'Módulo' });
  await store.call('bulkReplace', 'state', [
    { id: 1, element_type: 5, code: 'INI', name: 'Inicial', is_active: 1 },
    { id: 2, element_type: 5, code: 'MON', name: 'Montado', is_active: 1 },
  ]);
  await store.call('bulkReplace', 'plant_state', [
    { plant_id: 3, state_id: 1 },
    { plant_id: 3, state_id: 2 },
  ]);
  await store.call('exec', `INSERT INTO plant_download (plant_id, elements_version, recordable_state_ids) VALUES (3, 1, '[1,2]')`);
  await store.call('bulkReplace', 'element', [{ id: 11, code: 'M-11', plant_id: 3, type_id: 5, state_id: 1 }]);
});
afterEach(() => vi.restoreAllMocks());

const change = (documents: number[], uuid: string) =>
  stateChangeHandlers.single({
    method: 'POST',
    path: 'plants/3/modules/11/state-change/',
    params: {},
    query: new URLSearchParams(),
    body: { state: 2, element_type: 5, documents, client_uuid: uuid },
  });

async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
    return null;
  } catch (error) {
    return (error as ApiError).body as Record<string, unknown>;
  }
}

describe('offline state change with documents kept on the device', () => {
  it('keeps the provisional ids in the outbox body and ties the documents to the entry', async () => {
    const first = await keep('doc-1', 3);
    const second = await keep('doc-2', 3);
    expect(await change([first, 12, second], 'change-1')).toMatchObject({ element_count: 1, state: 2 });
    const [entry] = (await localStore().call('listOutbox')) as OutboxEntry[];
    expect(entry.payload.body).toMatchObject({ documents: [-1, 12, -2], client_uuid: 'change-1' });
    const tied = await localStore().call('pendingDocumentsOf', 'change-1');
    expect(tied.map((d) => d.provisional_id)).toEqual([-1, -2]);
  });

  it('refuses documents of another plant, unknown, or taken by another change, and writes nothing', async () => {
    const other = await keep('doc-other', 4);
    expect(await refusalOf(change([other], 'change-2'))).toMatchObject({ code: 'documents_unavailable' });
    expect(await refusalOf(change([-9], 'change-3'))).toMatchObject({ code: 'documents_unavailable' });
    const mine = await keep('doc-mine', 3);
    await change([mine], 'change-4');
    expect(await refusalOf(change([mine], 'change-5'))).toMatchObject({ code: 'documents_unavailable' });
    const entries = (await localStore().call('listOutbox')) as OutboxEntry[];
    expect(entries.map((e) => e.client_uuid)).toEqual(['change-4']);
  });
});

/**
 * What a change reads and writes of `element` goes by id (the rowid), whatever the plant's size: the
 * plans of the statements the handler really sends, on the full schema (its indexes) without
 * statistics, as after a download. Through an index on plant_id, one change visited the whole plant.
 */
describe('offline state change query plans', () => {
  it('reads and writes the changed elements by id, not through an index of the plant or the type', async () => {
    const store = localStore();
    const call = vi.spyOn(Object.getPrototypeOf(store) as LocalStore, 'call');
    await change([], 'change-plan');
    // The statements as sent: the handler's reads, and the local writes that go with the outbox entry.
    const sent = [...call.mock.calls].flatMap(([op, ...args]): Statement[] => {
      if (op === 'select') return [{ sql: args[0] as string, params: args[1] as Statement['params'] }];
      if (op === 'enqueueOutbox') return args[1] as Statement[];
      return [];
    });
    call.mockRestore();
    const onElement = sent.filter((s) => /\b(FROM|UPDATE) element\b/.test(s.sql));
    // Not vacuous: the element's check, the current states and the state's write.
    expect(onElement.map((s) => s.sql.trim().split(' ')[0])).toEqual(['SELECT', 'SELECT', 'UPDATE']);
    for (const statement of onElement) {
      const plan = (await store.call('select', `EXPLAIN QUERY PLAN ${statement.sql}`, statement.params)) as unknown as { detail: string }[];
      const steps = plan.map((row) => row.detail).filter((detail) => /\belement\b/.test(detail));
      expect(steps, statement.sql).not.toEqual([]);
      for (const step of steps) expect(step, statement.sql).toMatch(/USING INTEGER PRIMARY KEY/);
    }
  });
});

/** The shared table of packages/domain (state-change-rule.cases.ts), as the device's handler answers it. */
describe('offline state change refusals (the shared rule table)', () => {
  beforeEach(async () => {
    const store = localStore();
    await store.call('replaceItem', 'element_type', { code: 'STR', id: 6, name: 'String' });
    await store.call('bulkReplace', 'state', [
      { id: 3, element_type: 5, code: 'OFF', name: 'Retirado', is_active: 0 },
      { id: 4, element_type: 5, code: 'OUT', name: 'Fuera', is_active: 1 },
      { id: 5, element_type: 5, code: 'QA', name: 'Inspeccionado', is_active: 1 },
      { id: 6, element_type: 5, code: 'CON', name: 'Conectado', is_active: 1, depends_on: 2 },
      { id: 7, element_type: 6, code: 'TEND', name: 'Tendido', is_active: 1 },
    ]);
    // State 4 is outside the plant's states; 5 is outside the user's RUCs (recordable_state_ids).
    await store.call('bulkReplace', 'plant_state', [3, 5, 6].map((state_id) => ({ plant_id: 3, state_id })));
    await store.call('exec', `UPDATE plant_download SET recordable_state_ids = '[1,2,3,4,6]' WHERE plant_id = 3`);
  });

  const single = (body: object) =>
    stateChangeHandlers.single({ method: 'POST', path: 'plants/3/modules/11/state-change/', params: {}, query: new URLSearchParams(), body });
  const situations: Record<RefusalSituation, () => Promise<unknown>> = {
    element_type_of_another_path: () => single({ state: 2, element_type: 6 }),
    state_unknown: () => single({ state: 99, element_type: 5 }),
    state_of_another_type: () => single({ state: 7, element_type: 5 }),
    state_inactive: () => single({ state: 3, element_type: 5 }),
    state_outside_plant_states: () => single({ state: 4, element_type: 5 }),
    state_not_in_users_rucs: () => single({ state: 5, element_type: 5 }),
    element_missing: () =>
      stateChangeHandlers.massive({
        method: 'POST',
        path: 'plants/3/modules/massive-state-change/',
        params: {},
        query: new URLSearchParams(),
        body: { state: 2, element_type: 5, element_ids: [11, 12] },
      }),
    depends_on_not_reached: () => single({ state: 6, element_type: 5 }),
    element_ids_not_the_path_element: () => single({ state: 2, element_type: 5, element_ids: [11, 12] }),
  };

  it.each(Object.keys(REFUSAL_CASES) as RefusalSituation[])('%s', async (situation) => {
    const { code, field } = REFUSAL_CASES[situation];
    expect(await refusalOf(situations[situation]())).toEqual({ [field]: [expect.any(String)], code });
    expect(await localStore().call('listOutbox')).toEqual([]);
  });
});
