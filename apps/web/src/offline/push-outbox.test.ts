import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import type { OutboxEntry, OutboxStatus } from './local-outbox';
import { pushOutbox, requestsOf, type PushDeps } from './push-outbox';
import { waitingEntry } from './test-support/outbox-entry';

/*
 * The push on an in-memory outbox and a fake server that records each client uuid once, as the real
 * one does: order, the split of large massive changes, refused versus retry-later, and resuming.
 */
function entry(uuid: string, path: string, body: Record<string, unknown> = {}): OutboxEntry {
  const kind = path.includes('massive') ? 'massive_state_change' : 'state_change';
  return waitingEntry(uuid, kind, { method: 'POST', path, body: { ...body, client_uuid: uuid }, element_ids: [] });
}

function setup(
  entries: OutboxEntry[],
  answer: (body: { client_uuid: string }, call: number) => 'ok' | ApiError | Error = () => 'ok',
) {
  const outbox = new Map(entries.map((e) => [e.client_uuid, { ...e }]));
  const recorded: string[] = [];
  const sent: string[] = [];
  let calls = 0;
  const deps: PushDeps = {
    list: async () => [...outbox.values()],
    // As the local outbox does (local-outbox.ts): the note is a refusal, or an entry's last error.
    mark: async (uuid, status: OutboxStatus, note) => {
      const e = outbox.get(uuid)!;
      const refusal = status === 'refused' ? note : undefined;
      outbox.set(uuid, {
        ...e,
        status,
        refusal_code: refusal?.code ?? null,
        refusal_reason: refusal?.reason ?? null,
        last_error: status === 'pending' && note ? note.reason : e.last_error,
      });
    },
    remove: async (uuid) => void outbox.delete(uuid),
    send: async ({ body }) => {
      const b = body as { client_uuid: string };
      sent.push(b.client_uuid);
      const result = answer(b, calls++);
      if (result !== 'ok') throw result;
      if (!recorded.includes(b.client_uuid)) recorded.push(b.client_uuid);
      return { detail: 'Estado actualizado correctamente!' };
    },
  };
  return { outbox, recorded, sent, deps };
}

const single = (n: number) => `plants/1/modules/${n}/state-change/`;
const refusedState = new ApiError(400, 'Bad Request', {
  state: ['No tiene permiso para registrar el estado «Montado» en esta planta.'],
  code: 'state_not_recordable',
});

describe('pushOutbox', () => {
  it('sends every entry in order and empties the outbox', async () => {
    const { outbox, sent, deps } = setup([
      entry('a', single(1)),
      entry('b', single(2)),
      entry('c', single(3)),
    ]);
    const outcome = await pushOutbox(deps);
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(outcome).toMatchObject({ sent: 3, refused: 0, failed: 0, stopped: null });
    expect(outcome.settled.map((e) => e.client_uuid)).toEqual(['a', 'b', 'c']);
    expect(outbox.size).toBe(0);
  });

  it('keeps a refused entry with the server reason and sends the others', async () => {
    const { outbox, recorded, deps } = setup(
      [entry('a', single(1)), entry('b', single(2)), entry('c', single(3))],
      (b) => (b.client_uuid === 'b' ? refusedState : 'ok'),
    );
    const outcome = await pushOutbox(deps);
    expect(outcome).toMatchObject({ sent: 2, refused: 1, failed: 0, stopped: null });
    expect(recorded).toEqual(['a', 'c']);
    expect([...outbox.values()]).toMatchObject([
      {
        client_uuid: 'b',
        status: 'refused',
        refusal_code: 'state_not_recordable',
        refusal_reason: 'state: No tiene permiso para registrar el estado «Montado» en esta planta.',
      },
    ]);
    // A refused entry is not sent again by the next push: it waits for the user.
    const again = await pushOutbox(deps);
    expect(again).toEqual({ sent: 0, refused: 0, failed: 0, stopped: null, settled: [] });
  });

  it.each([403, 404, 409, 413, 415, 422])('treats %i as refused', async (status) => {
    const { outbox, deps } = setup(
      [entry('a', single(1))],
      () => new ApiError(status, '', { detail: 'No.', code: 'x' }),
    );
    await pushOutbox(deps);
    expect(outbox.get('a')).toMatchObject({ status: 'refused', refusal_reason: 'No.' });
  });

  it.each([
    ['no network', new ApiError(0, 'Failed to fetch', null)],
    ['a failed token refresh', new ApiError(401, 'Unauthorized', { code: 'token_not_valid' })],
  ])('stops at %s, leaves the entry pending with its error and resumes where it stopped', async (_what, failure) => {
    const { outbox, recorded, sent, deps } = setup(
      [entry('a', single(1)), entry('b', single(2)), entry('c', single(3))],
      (_b, call) => (call === 1 ? failure : 'ok'),
    );
    const first = await pushOutbox(deps);
    expect(first).toMatchObject({ sent: 1, failed: 0, stopped: { status: failure.status } });
    expect([...outbox.values()].map((e) => [e.client_uuid, e.status, e.refusal_code])).toEqual([
      ['b', 'pending', null],
      ['c', 'pending', null],
    ]);
    const second = await pushOutbox(deps);
    expect(second).toMatchObject({ sent: 2, refused: 0, failed: 0, stopped: null });
    expect(sent).toEqual(['a', 'b', 'b', 'c']);
    expect(recorded).toEqual(['a', 'b', 'c']);
  });

  it.each([
    ['a server error', new ApiError(503, 'Service Unavailable', null)],
    ['an unexpected error', new Error('boom')],
  ])('leaves the entry that met %s pending and sends the others', async (_what, failure) => {
    const { outbox, recorded, deps } = setup(
      [entry('a', single(1)), entry('b', single(2)), entry('c', single(3))],
      (b) => (b.client_uuid === 'b' ? failure : 'ok'),
    );
    const first = await pushOutbox(deps);
    expect(first).toMatchObject({ sent: 2, refused: 0, failed: 1, stopped: null });
    expect(first.settled.map((e) => e.client_uuid)).toEqual(['a', 'c']);
    expect(recorded).toEqual(['a', 'c']);
    expect([...outbox.values()].map((e) => [e.client_uuid, e.status])).toEqual([['b', 'pending']]);
  });

  it('a change confirmed whose answer was lost is sent again and recorded once (client uuid)', async () => {
    let lose = true;
    const { outbox, recorded, deps } = setup([entry('a', single(1))]);
    const send = deps.send;
    deps.send = async (request) => {
      await send(request);
      if (lose) {
        lose = false;
        throw new ApiError(0, 'Failed to fetch', null);
      }
      return {};
    };
    expect((await pushOutbox(deps)).stopped).not.toBeNull();
    expect(outbox.size).toBe(1);
    expect(await pushOutbox(deps)).toMatchObject({ sent: 1, refused: 0, failed: 0, stopped: null });
    expect(recorded).toEqual(['a']);
    expect(outbox.size).toBe(0);
  });
});

describe('requestsOf', () => {
  const massive = 'plants/1/modules/massive-state-change/';

  it('sends up to 50,000 ids as they are', () => {
    const ids = Array.from({ length: 50_000 }, (_, i) => i + 1);
    const parts = requestsOf(entry('m', massive, { element_ids: ids, state: 3 }));
    expect(parts).toHaveLength(1);
    expect((parts[0].body as { client_uuid: string }).client_uuid).toBe('m');
  });

  it('splits a larger massive change into parts with uuids derived from the entry, the same every time', () => {
    const ids = Array.from({ length: 120_001 }, (_, i) => i + 1);
    const e = entry('m', massive, { element_ids: ids, state: 3 });
    const parts = requestsOf(e);
    const bodies = parts.map((p) => p.body as { client_uuid: string; element_ids: number[]; state: number });
    expect(bodies.map((b) => b.client_uuid)).toEqual(['m-0', 'm-1', 'm-2']);
    expect(bodies.map((b) => b.element_ids.length)).toEqual([50_000, 50_000, 20_001]);
    expect(bodies.flatMap((b) => b.element_ids)).toEqual(ids);
    expect(bodies.every((b) => b.state === 3)).toBe(true);
    expect(requestsOf(e).map((p) => (p.body as { client_uuid: string }).client_uuid)).toEqual([
      'm-0',
      'm-1',
      'm-2',
    ]);
  });

  it('never splits other requests', () => {
    const ids = Array.from({ length: 60_000 }, (_, i) => i + 1);
    expect(requestsOf(entry('s', 'plants/1/serial-scan/', { element_ids: ids }))).toHaveLength(1);
  });

  it('a push of a split change resumes at its first part again, and the server records each part once', async () => {
    const ids = Array.from({ length: 100_001 }, (_, i) => i + 1);
    const { recorded, sent, deps } = setup(
      [entry('m', massive, { element_ids: ids, state: 3 })],
      (_b, call) => (call === 1 ? new ApiError(0, 'Failed to fetch', null) : 'ok'),
    );
    await pushOutbox(deps);
    await pushOutbox(deps);
    expect(sent).toEqual(['m-0', 'm-1', 'm-0', 'm-1', 'm-2']);
    expect(recorded).toEqual(['m-0', 'm-1', 'm-2']);
  });
});
