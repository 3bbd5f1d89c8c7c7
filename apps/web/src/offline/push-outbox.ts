import { MASSIVE_CHANGE_MAX } from '@heliotrack/domain/elements';
import { ApiError } from '../lib/api-error';
import { formatFieldErrors } from '../lib/format-field-errors';
import type { OutboxEntry, OutboxPayload, OutboxStatus } from './local-outbox';

/*
 * Sending the outbox (issue 16, issue 38, DESIGN section 6): the entries in the order they were made,
 * each as the request it stored, whatever its kind (state changes, serial scans…). An entry leaves
 * the outbox only once the server confirmed it. Per entry, never blocking:
 * - the server said no (REFUSED): the entry stays, refused, with the server's reason, and the push
 *   goes on with the next one;
 * - a 5xx or another unexpected answer: the entry goes back to pending with its last error and
 *   waits for the next sync, and the push goes on (the merge rule makes the order of arrival
 *   irrelevant, the client uuid makes the resend safe);
 * - no answer at all (the network is gone) or a failed token refresh: every other entry would fail
 *   the same way, so the push stops there and the entries left wait for the next sync.
 * No I/O of its own: the caller gives the outbox and the sender (unit-tested).
 */
export interface PushDeps {
  /** The logged-in user's entries, in order. */
  list(): Promise<OutboxEntry[]>;
  /** Sets an entry's status; `note` is the refusal, or for an entry back to pending its last error. */
  mark(clientUuid: string, status: OutboxStatus, note?: { code: string; reason: string }): Promise<void>;
  remove(clientUuid: string): Promise<void>;
  /** Sends one request; throws ApiError on a non-2xx answer (status 0 without network). */
  send(request: { method: OutboxPayload['method'] | 'GET'; path: string; body: unknown }): Promise<unknown>;
  /** Before an entry is sent (e.g. to upload its documents and put their server ids in the body). */
  prepare?(entry: OutboxEntry): Promise<unknown>;
  onProgress?(progress: { done: number; total: number }): void;
}

export interface PushOutcome {
  sent: number;
  refused: number;
  /** Entries that failed (a 5xx…) and wait for the next sync while the others went on. */
  failed: number;
  /** Why the push stopped early (no network, no valid session: the entries left wait for the next sync), or null. */
  stopped: { status: number; message: string } | null;
  /** The entries the server settled in this push (confirmed or refused): their elements are read back. */
  settled: OutboxEntry[];
}

/** Answers that refuse the entry itself: sending it again would get the same answer. */
export const REFUSED = new Set([400, 403, 404, 409, 413, 415, 422]);

/** No answer (status 0) or no valid session (a 401 after the token refresh failed): the next entries would fail alike. */
function stopsThePush(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 401);
}

/**
 * A massive change above the server's 50,000 ids is sent in parts whose client uuids derive from the
 * entry's (`{uuid}-{i}`): a resent part is recognised by the server, never recorded twice.
 */
export function requestsOf(
  entry: OutboxEntry,
  body: unknown = entry.payload.body,
): { method: OutboxPayload['method']; path: string; body: unknown }[] {
  const { method, path } = entry.payload;
  const ids = (body as { element_ids?: unknown } | null)?.element_ids;
  if (!/massive-state-change\/?$/.test(path) || !Array.isArray(ids) || ids.length <= MASSIVE_CHANGE_MAX)
    return [{ method, path, body }];
  const parts = [];
  for (let i = 0, part = 0; i < ids.length; i += MASSIVE_CHANGE_MAX, part++) {
    parts.push({
      method,
      path,
      body: {
        ...(body as object),
        element_ids: ids.slice(i, i + MASSIVE_CHANGE_MAX),
        // The documents go with the first part: the server links a document to one change only.
        ...(part > 0 && Array.isArray((body as { documents?: unknown }).documents) ? { documents: [] } : {}),
        client_uuid: `${entry.client_uuid}-${part}`,
      },
    });
  }
  return parts;
}

/** The server's reason for a refusal, as the 400 dialog writes it. */
export function refusalOf(error: ApiError): { code: string; reason: string } {
  const body = error.body;
  const code = error.code ?? String(error.status);
  const reason =
    (typeof body === 'string' ? body : formatFieldErrors(body)) ||
    `${error.status} ${error.statusText}`.trim();
  return { code, reason };
}

export async function pushOutbox(deps: PushDeps): Promise<PushOutcome> {
  const entries = (await deps.list()).filter((e) => e.status !== 'refused');
  const outcome: PushOutcome = { sent: 0, refused: 0, failed: 0, stopped: null, settled: [] };
  const progress = (done: number) => deps.onProgress?.({ done, total: entries.length });
  progress(0);
  for (const [index, entry] of entries.entries()) {
    await deps.mark(entry.client_uuid, 'sending');
    try {
      const body = deps.prepare ? await deps.prepare(entry) : entry.payload.body;
      for (const request of requestsOf(entry, body)) await deps.send(request);
    } catch (error) {
      if (error instanceof ApiError && REFUSED.has(error.status)) {
        await deps.mark(entry.client_uuid, 'refused', refusalOf(error));
        outcome.refused++;
        outcome.settled.push(entry);
        progress(index + 1);
        continue;
      }
      const status = error instanceof ApiError ? error.status : 0;
      const message = error instanceof Error ? error.message : String(error);
      const reason = error instanceof ApiError && error.status ? `${error.status} ${error.detail ?? error.statusText}`.trim() : message;
      await deps.mark(entry.client_uuid, 'pending', { code: String(status), reason });
      if (stopsThePush(error)) {
        outcome.stopped = { status, message };
        return outcome;
      }
      outcome.failed++;
      progress(index + 1);
      continue;
    }
    await deps.remove(entry.client_uuid);
    outcome.sent++;
    outcome.settled.push(entry);
    progress(index + 1);
  }
  return outcome;
}
