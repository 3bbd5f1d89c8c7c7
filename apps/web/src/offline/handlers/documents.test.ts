import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_MAX_BYTES } from '@heliotrack/domain/elements';
import { translate } from '@heliotrack/domain/i18n/translate';
import { freshLocalStore, setUpJeepSqlite } from '../test-support/jeep-sqlite';
import { ApiError } from '../../lib/api-error';
import { localStore } from '../local-store';
import { documentHandlers } from './documents';

/*
 * The offline answer of `POST documents/` on a real SQLite (the Capacitor plugin's web implementation
 * on jeep-sqlite and sql.js, as serial-scan.test.ts runs it): the file kept with a provisional id in
 * the server's shape, and what the device refuses itself or leaves to a connection.
 */
vi.mock('../../lib/native-platform', () => ({ isOnDevice: () => true }));
vi.mock('../../lib/session', () => ({ getStoredUser: () => ({ id: 7 }) }));

beforeAll(async () => {
  await setUpJeepSqlite();
});

beforeEach(async () => {
  const store = await freshLocalStore();
  await store.call('exec', 'INSERT INTO plant_download (plant_id, elements_version) VALUES (3, 1)');
});
afterEach(() => vi.restoreAllMocks());

function upload(fields: Record<string, string>, file?: File) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('document', file, file.name);
  return documentHandlers.upload({ method: 'POST', path: 'documents/', params: {}, query: new URLSearchParams(), body: form });
}

const png = (name = 'foto.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
    return null;
  } catch (error) {
    return error as ApiError;
  }
}

describe('POST documents/ offline', () => {
  it('keeps the file on the device and answers the server shape with a provisional id', async () => {
    const first = await upload({ plant_id: '3' }, png('Fila 3.png'));
    expect(first).toEqual({ id: -1, name: 'Fila 3.png', size: 4, content_type: 'image/png', url: '' });
    expect((await upload({ plant_id: '3' }, png())).id).toBe(-2);
    const [row] = await localStore().call('select', 'SELECT * FROM pending_document WHERE provisional_id = -1');
    expect(row).toMatchObject({ user_id: 7, plant_id: 3, name: 'Fila 3.png', content_type: 'image/png', size: 4, data: 'iVBORw==', outbox_uuid: null });
    expect(String(row.client_uuid)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses what the server would refuse, keeping nothing', async () => {
    expect((await failure(upload({ plant_id: '3' }, png('virus.exe'))))?.status).toBe(400);
    expect((await failure(upload({ plant_id: 'x' }, png())))?.status).toBe(400);
    expect((await failure(upload({ plant_id: '3' })))?.status).toBe(400);
    expect((await failure(upload({ plant_id: '3' }, new File([], 'vacio.pdf'))))?.status).toBe(400);
    expect(await localStore().call('select', 'SELECT * FROM pending_document')).toEqual([]);
  });

  it("refuses with the server's messages: the kind, the size, an empty file, a malformed client uuid", async () => {
    const body = async (promise: Promise<unknown>) => (await failure(promise))?.body;
    expect(await body(upload({ plant_id: '3' }, png('plano.dwg')))).toEqual({ document: [translate('es', 'documents.typeNotAllowed')] });
    expect(await body(upload({ plant_id: '3' }, new File([], 'vacia.png')))).toEqual({ document: [translate('es', 'documents.emptyFile')] });
    const large = await failure(upload({ plant_id: '3' }, new File([new Uint8Array(DOCUMENT_MAX_BYTES + 1)], 'grande.jpg')));
    expect(large).toMatchObject({
      status: 413,
      body: { detail: translate('es', 'documents.tooLarge', { max: DOCUMENT_MAX_BYTES / (1024 * 1024) }), code: 'too_large' },
    });
    expect(await body(upload({ plant_id: '3', client_uuid: 'no vale' }, png()))).toEqual({ client_uuid: [translate('es', 'validation.invalid')] });
    expect(await localStore().call('select', 'SELECT * FROM pending_document')).toEqual([]);
  });

  it("keeps a file sent again with its client uuid once (a retry of the result's dialog)", async () => {
    const first = await upload({ plant_id: '3', client_uuid: 'photo-uuid-1' }, png('tornillos.png'));
    const again = await upload({ plant_id: '3', client_uuid: 'photo-uuid-1' }, png('tornillos.png'));
    expect(again.id).toBe(first.id);
    expect(await localStore().call('select', 'SELECT client_uuid FROM pending_document')).toEqual([{ client_uuid: 'photo-uuid-1' }]);
  });

  it('leaves other owners and plants not downloaded to a connection', async () => {
    expect((await failure(upload({ flash_report_id: '2' }, png())))?.status).toBe(0);
    expect((await failure(upload({ plant_id: '3', transaction_id: '9' }, png())))?.status).toBe(0);
    expect((await failure(upload({ plant_id: '4' }, png())))?.status).toBe(0);
    expect(await localStore().call('select', 'SELECT * FROM pending_document')).toEqual([]);
  });
});
