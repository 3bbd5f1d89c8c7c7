import { MASSIVE_CHANGE_MAX } from '@heliotrack/domain/elements';
import { ApiError } from '../lib/api-error';
import { formatFieldErrors } from '../lib/format-field-errors';
import type { OutboxEntry, OutboxPayload, OutboxStatus } from './local-outbox';

/*
 * Sending the outbox (issue 16, DESIGN section 6): the entries in the order they were made, each as
 * the request it stored, whatever its kind (state changes, serial scans…). An entry leaves the outbox
 * only once the server confirmed it. The server said no (400, 403, 404): the entry stays, refused,
 * with the server's reason, and the push goes on with the next one. No answer, a 5xx or a failed
 * token refresh: the push stops and the entry waits for the next sync, where the client uuid makes
 * the resend safe. No I/O of its own: the caller gives the outbox and the sender (unit-tested).
 */
export interface PushDeps {
  /** The logged-in user's entries, in order. */
  list(): Promise<OutboxEntry[]>;
  mark(clientUuid: string, status: OutboxStatus, refusal?: { code: string; reason: string }): Promise<void>;
  remove(clientUuid: string): Promise<void>;
  /** Sends one request; throws ApiError on a non-2xx answer (status 0 without network). */
  send(request: { method: OutboxPayload['method']; path: string; body: unknown }): Promise<unknown>;
  /** Before an entry is sent (e.g. to upload its documents and put their server ids in the body). */
  prepare?(entry: OutboxEntry): Promise<unknown>;
  onProgress?(progress: { done: number; total: number }): void;
}

export interface PushOutcome {
  sent: number;
  refused: number;
  /** Why the push stopped early (the entries left wait for the next sync), or null. */
  stopped: { status: number; message: string } | null;
}

const REFUSED = new Set([400, 403, 404]);

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
  const outcome: PushOutcome = { sent: 0, refused: 0, stopped: null };
  deps.onProgress?.({ done: 0, total: entries.length });
  for (const [index, entry] of entries.entries()) {
    await deps.mark(entry.client_uuid, 'sending');
    try {
      const body = deps.prepare ? await deps.prepare(entry) : entry.payload.body;
      for (const request of requestsOf(entry, body)) await deps.send(request);
    } catch (error) {
      if (error instanceof ApiError && REFUSED.has(error.status)) {
        await deps.mark(entry.client_uuid, 'refused', refusalOf(error));
        outcome.refused++;
        deps.onProgress?.({ done: index + 1, total: entries.length });
        continue;
      }
      await deps.mark(entry.client_uuid, 'pending');
      const status = error instanceof ApiError ? error.status : 0;
      outcome.stopped = { status, message: error instanceof Error ? error.message : String(error) };
      return outcome;
    }
    await deps.remove(entry.client_uuid);
    outcome.sent++;
    deps.onProgress?.({ done: index + 1, total: entries.length });
  }
  return outcome;
}
