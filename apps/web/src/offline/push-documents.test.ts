import { describe, expect, it } from 'vitest';
import { MASSIVE_CHANGE_MAX } from '@heliotrack/domain/elements';
import { ApiError } from '../lib/api-error';
import type { OutboxEntry, OutboxStatus } from './local-outbox';
import type { PendingDocument } from './pending-documents';
import { bodyWithServerDocuments, uploadFormOf } from './push-documents';
import { pushOutbox, requestsOf, type PushDeps } from './push-outbox';
import { waitingEntry } from './test-support/outbox-entry';

/*
 * The push of changes with documents chosen offline (issue 16), on an in-memory outbox and a fake
 * server that keeps one document per client uuid and one change per client uuid, as the real one:
 * the upload goes before its change, the server's ids replace the provisional ones, and a network
 * cut between the upload and the change leaves, after the resend, one document and one change.
 */
const PATH = 'plants/1/modules/7/state-change/';

function entry(uuid: string, documents: number[]): OutboxEntry {
  return waitingEntry(uuid, 'state_change', { method: 'POST', path: PATH, body: { state: 3, element_type: 1, documents, client_uuid: uuid }, element_ids: [7] });
}

function kept(provisionalId: number, outboxUuid: string, name = `foto${-provisionalId}.png`): PendingDocument {
  return {
    client_uuid: `doc-${outboxUuid}-${-provisionalId}`,
    provisional_id: provisionalId,
    user_id: 1,
    plant_id: 1,
    name,
    content_type: 'image/png',
    size: 3,
    data: btoa('PNG'),
    outbox_uuid: outboxUuid,
    created_at: new Date().toISOString(),
  };
}

type Fault = 'cut' | ApiError | null;

function setup(entries: OutboxEntry[], documents: PendingDocument[]) {
  const outbox = new Map(entries.map((e) => [e.client_uuid, { ...e }]));
  const device = [...documents];
  const server = { documents: new Map<string, number>(), changes: new Map<string, number[]>(), nextId: 500 };
  const log: string[] = [];
  const faults = { upload: [] as Fault[], change: [] as Fault[] };
  const fail = (fault: Fault | undefined) => {
    if (fault === 'cut') throw new ApiError(0, 'Failed to fetch', null);
    if (fault) throw fault;
  };
  const deps: PushDeps = {
    list: async () => [...outbox.values()],
    mark: async (uuid, status: OutboxStatus, refusal) => {
      outbox.set(uuid, { ...outbox.get(uuid)!, status, refusal_code: refusal?.code ?? null, refusal_reason: refusal?.reason ?? null });
    },
    // removeOutbox: the entry and its documents together.
    remove: async (uuid) => {
      outbox.delete(uuid);
      for (let i = device.length - 1; i >= 0; i--) if (device[i].outbox_uuid === uuid) device.splice(i, 1);
    },
    send: async ({ body }) => {
      const b = body as { client_uuid: string; documents: number[] };
      log.push(`change ${b.client_uuid} [${b.documents.join(',')}]`);
      const before = faults.change.shift();
      if (before !== 'cut') fail(before);
      if (!server.changes.has(b.client_uuid)) server.changes.set(b.client_uuid, b.documents);
      // The answer lost on the way back: the server recorded the change.
      if (before === 'cut') fail(before);
      return { detail: 'Estado actualizado correctamente!' };
    },
    prepare: (e) =>
      bodyWithServerDocuments(e, {
        pendingOf: async (uuid) => device.filter((d) => d.outbox_uuid === uuid),
        upload: async (document) => {
          log.push(`upload ${document.client_uuid}`);
          const fault = faults.upload.shift();
          if (fault instanceof ApiError) throw fault;
          let id = server.documents.get(document.client_uuid);
          if (id === undefined) server.documents.set(document.client_uuid, (id = server.nextId++));
          // The server stored it, the answer did not arrive.
          if (fault === 'cut') fail(fault);
          return { id };
        },
      }),
  };
  return { outbox, device, server, log, faults, deps };
}

describe('push with documents chosen offline', () => {
  it('uploads the documents before their change and sends the server ids in it', async () => {
    const { deps, log, server, device, outbox } = setup(
      [entry('a', [-1, 42, -2]), entry('b', [])],
      [kept(-1, 'a'), kept(-2, 'a')],
    );
    const outcome = await pushOutbox(deps);
    expect(outcome).toMatchObject({ sent: 2, refused: 0, failed: 0, stopped: null });
    expect(log).toEqual(['upload doc-a-1', 'upload doc-a-2', 'change a [500,42,501]', 'change b []']);
    expect(server.changes.get('a')).toEqual([500, 42, 501]);
    expect(server.documents.size).toBe(2);
    // Confirmed: the documents leave the device with their change.
    expect(device).toEqual([]);
    expect(outbox.size).toBe(0);
  });

  it('a cut between the upload and the change: the resend gets the same document, one change, nothing doubled', async () => {
    const { deps, log, server, device, outbox, faults } = setup([entry('a', [-1])], [kept(-1, 'a')]);
    faults.change.push(new ApiError(0, 'Failed to fetch', null));
    const first = await pushOutbox(deps);
    expect(first.stopped?.status).toBe(0);
    expect(outbox.get('a')?.status).toBe('pending');
    expect(device).toHaveLength(1);
    expect(server.documents.size).toBe(1);
    expect(server.changes.size).toBe(0);

    const second = await pushOutbox(deps);
    expect(second).toMatchObject({ sent: 1, refused: 0, failed: 0, stopped: null });
    expect(log).toEqual(['upload doc-a-1', 'change a [500]', 'upload doc-a-1', 'change a [500]']);
    expect(server.documents.size).toBe(1);
    expect([...server.changes]).toEqual([['a', [500]]]);
    expect(device).toEqual([]);
  });

  it('a cut on the way back of the upload or of the change: the resend changes nothing on the server', async () => {
    const { deps, server, device, faults } = setup([entry('a', [-1])], [kept(-1, 'a')]);
    faults.upload.push('cut');
    expect((await pushOutbox(deps)).stopped?.status).toBe(0);
    expect(server.changes.size).toBe(0);
    faults.change.push('cut');
    expect((await pushOutbox(deps)).stopped?.status).toBe(0);
    expect(device).toHaveLength(1);
    expect(await pushOutbox(deps)).toMatchObject({ sent: 1, refused: 0, failed: 0, stopped: null });
    expect(server.documents.size).toBe(1);
    expect([...server.changes]).toEqual([['a', [500]]]);
    expect(device).toEqual([]);
  });

  it('an upload the server refuses refuses its change with the reason, keeps the document, and the push goes on', async () => {
    const { deps, log, outbox, device, faults } = setup([entry('a', [-1]), entry('b', [])], [kept(-1, 'a')]);
    faults.upload.push(new ApiError(400, 'Bad Request', { document: ['Tipo de archivo no permitido.'] }));
    expect(await pushOutbox(deps)).toMatchObject({ sent: 1, refused: 1, failed: 0, stopped: null });
    expect(log).toEqual(['upload doc-a-1', 'change b []']);
    expect(outbox.get('a')).toMatchObject({ status: 'refused', refusal_reason: expect.stringContaining('Tipo de archivo no permitido.') });
    expect(device).toHaveLength(1);
  });

  it('leaves a body without provisional ids as it is', async () => {
    const e = entry('a', [3, 4]);
    expect(await bodyWithServerDocuments(e, { pendingOf: async () => [], upload: async () => ({ id: 0 }) })).toBe(e.payload.body);
  });

  it('sends a split massive change with its documents in the first part only', () => {
    const ids = Array.from({ length: MASSIVE_CHANGE_MAX + 1 }, (_, i) => i + 1);
    const massive = { ...entry('m', []), payload: { method: 'POST' as const, path: 'plants/1/modules/massive-state-change/', body: {}, element_ids: [] } };
    const parts = requestsOf(massive, { state: 3, element_ids: ids, documents: [500] });
    expect(parts.map((p) => (p.body as { documents: number[] }).documents)).toEqual([[500], []]);
  });

  it('builds the upload form: the plant, the client uuid and the file with its bytes', async () => {
    const form = uploadFormOf(kept(-1, 'a', 'fila 3.png'));
    expect([...form.keys()]).toEqual(['plant_id', 'client_uuid', 'document']);
    expect(form.get('client_uuid')).toBe('doc-a-1');
    const file = form.get('document') as File;
    expect(file.name).toBe('fila 3.png');
    expect(file.type).toBe('image/png');
    // jsdom's File has no text(): read it as the browser's FileReader does.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(file);
    });
    expect(text).toBe('PNG');
  });
});
