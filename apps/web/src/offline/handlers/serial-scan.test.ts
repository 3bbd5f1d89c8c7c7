import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshLocalStore, setUpJeepSqlite } from '../test-support/jeep-sqlite';
import { isApiError } from '../../lib/api-error';
import { findOfflineHandler } from '../../lib/offline-resolver';
import { localStore } from '../local-store';
import type { OutboxEntry } from '../local-outbox';
import { recordSerialScanOffline, registerSerialScanHandlers } from './serial-scan';

/*
 * The offline answer of serial-scan/ on a real SQLite (the Capacitor plugin's web implementation on
 * jeep-sqlite and sql.js, as capacitor-sqlite-database.test.ts runs it): local serials and flags, the
 * outbox entry in the same write, the server's answer shape, and a refusal that changes nothing.
 */
vi.mock('../../lib/native-platform', () => ({ isOnDevice: () => true }));
vi.mock('../../lib/session', () => ({ getStoredUser: () => ({ id: 7 }) }));

beforeAll(async () => {
  await setUpJeepSqlite();
});

beforeEach(async () => {
  const store = await freshLocalStore();
  await store.call('replaceItem', 'plant', { id: 3, name: 'P', code: 'P3', is_serial_scan_enable: true });
  await store.call('bulkReplace', 'element', [
    { id: 1, code: 'M-1', plant_id: 3, type_id: 5, serial: '' },
    { id: 2, code: 'M-2', plant_id: 3, type_id: 5, serial: '' },
    { id: 9, code: 'M-9', plant_id: 3, type_id: 5, serial: 'AAAAAAAAAAAAA9' },
  ]);
  await store.call('replaceItem', 'scans', { id: 1, name: 'Fila 1', status: 0, plant_id: 3 });
  await store.call('bulkReplace', 'element_to_scan', [
    { id: 1, code: 'M-1', scan_id: 1, list_index: 0, serial: '' },
    { id: 2, code: 'M-2', scan_id: 1, list_index: 1, serial: '' },
  ]);
  await store.call('bulkReplace', 'delivered_serial', [
    { plant_id: 3, serial: 'AAAAAAAAAAAAA1' },
    { plant_id: 3, serial: 'AAAAAAAAAAAAA9' },
  ]);
});
afterEach(() => vi.restoreAllMocks());

const uuid = '8c1f6a7e-6f1b-4a4e-9a57-2f5b9c1d0e11';

describe('serial-scan offline', () => {
  it('is found for the serial-scan path once registered', () => {
    const remove = registerSerialScanHandlers();
    expect(findOfflineHandler('POST', 'plants/3/serial-scan/')?.params).toEqual({ plantId: '3' });
    remove();
    expect(findOfflineHandler('POST', 'plants/3/serial-scan/')).toBeUndefined();
  });

  it('writes serials and flags on the device, answers like the server and queues the request once', async () => {
    const body = {
      client_uuid: uuid,
      serials: [
        { element_id: 1, serial: ' AAAAAAAAAAAAA1\r\n' },
        { element_id: 2, serial: 'AAAAAAAAAAAAA9' },
      ],
    };
    const answer = await recordSerialScanOffline(3, body);
    expect(answer.elements).toEqual([
      {
        id: 1,
        serial: 'AAAAAAAAAAAAA1',
        is_serial_invalid_length: false,
        is_serial_duplicated: false,
        is_serial_unregistered: false,
      },
      {
        id: 2,
        serial: 'AAAAAAAAAAAAA9',
        is_serial_invalid_length: false,
        is_serial_duplicated: true,
        is_serial_unregistered: false,
      },
      // Element 9 held that serial first: flagged too.
      {
        id: 9,
        serial: 'AAAAAAAAAAAAA9',
        is_serial_invalid_length: false,
        is_serial_duplicated: true,
        is_serial_unregistered: false,
      },
    ]);
    const store = localStore();
    expect(
      await store.call('select', 'SELECT id, serial, is_serial_duplicated FROM element ORDER BY id'),
    ).toEqual([
      { id: 1, serial: 'AAAAAAAAAAAAA1', is_serial_duplicated: 0 },
      { id: 2, serial: 'AAAAAAAAAAAAA9', is_serial_duplicated: 1 },
      { id: 9, serial: 'AAAAAAAAAAAAA9', is_serial_duplicated: 1 },
    ]);
    expect(
      await store.call('select', 'SELECT id, serial, is_serial_duplicated FROM element_to_scan ORDER BY id'),
    ).toEqual([
      { id: 1, serial: 'AAAAAAAAAAAAA1', is_serial_duplicated: 0 },
      { id: 2, serial: 'AAAAAAAAAAAAA9', is_serial_duplicated: 1 },
    ]);
    // A resend (the device retries) queues nothing more.
    await recordSerialScanOffline(3, body);
    const outbox = (await store.call('listOutbox')) as OutboxEntry[];
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      client_uuid: uuid,
      user_id: 7,
      kind: 'serial_scan',
      status: 'pending',
    });
    expect(outbox[0].payload).toMatchObject({
      method: 'POST',
      path: 'plants/3/serial-scan/',
      element_ids: [1, 2],
    });
    expect((outbox[0].payload.body as { max_code_length: number }).max_code_length).toBe(14);

    // Element 2 gives the serial up: element 9 is alone with it again.
    const second = await recordSerialScanOffline(3, {
      client_uuid: '9c1f6a7e-6f1b-4a4e-9a57-2f5b9c1d0e12',
      serials: [{ element_id: 2, serial: 'SHORT' }],
    });
    expect(second.elements).toEqual([
      {
        id: 2,
        serial: 'SHORT',
        is_serial_invalid_length: true,
        is_serial_duplicated: false,
        is_serial_unregistered: true,
      },
      {
        id: 9,
        serial: 'AAAAAAAAAAAAA9',
        is_serial_invalid_length: false,
        is_serial_duplicated: false,
        is_serial_unregistered: false,
      },
    ]);
  });

  it('flags nothing unregistered without a delivered list, and refuses a bad request without writing', async () => {
    const store = localStore();
    await store.call('exec', 'DELETE FROM delivered_serial');
    const answer = await recordSerialScanOffline(3, {
      client_uuid: uuid,
      max_code_length: 5,
      serials: [{ element_id: 1, serial: 'ZZZZZ' }],
    });
    expect(answer.elements[0]).toMatchObject({
      is_serial_unregistered: false,
      is_serial_invalid_length: false,
    });

    const refused = await recordSerialScanOffline(3, {
      client_uuid: 'not-a-uuid',
      serials: [{ element_id: 2, serial: 'X' }],
    }).catch((e: unknown) => e);
    expect(isApiError(refused) && refused.status).toBe(400);
    expect(await store.call('select', 'SELECT serial FROM element WHERE id = 2')).toEqual([{ serial: '' }]);
    expect(await store.call('countOutbox')).toEqual({ waiting: 1, refused: 0 });
  });
});
