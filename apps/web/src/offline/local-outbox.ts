import type { LocalDatabase, Statement } from './local-database';
import { LocalDbError, LOCAL_DB_MESSAGES } from './messages';
import { forgetPendingDocumentsOf } from './pending-documents';

/*
 * The outbox (schema upgrade 18): what the device recorded offline and must still send, in the
 * local database so that a logout, which clears local and session storage, cannot lose it. Each
 * entry is one request to replay as it is, identified by the client uuid the server deduplicates
 * on; the local writes that made the change visible on the device go in the same transaction as
 * the entry, so the screens and the outbox never disagree.
 *
 * Status: 'pending' (to send; after a failed attempt with its last error), 'sending' (a push took
 * it; back to pending if the push stops), 'refused' (the server said no, 400/403/404/409/413/415/422:
 * kept with its reason until the user discards it).
 */
export type OutboxKind = 'state_change' | 'massive_state_change' | 'serial_scan' | 'serial_edit' | 'document' | 'ppi_result';
export type OutboxStatus = 'pending' | 'sending' | 'refused';

/** What is stored in `payload`: the request, and the elements it touches (the plant loader keeps those). */
export interface OutboxPayload {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the API root, as the http client takes it, e.g. 'plants/3/element-state-change/'. */
  path: string;
  body: unknown;
  element_ids: number[];
}

export interface OutboxEntry {
  client_uuid: string;
  user_id: number;
  kind: OutboxKind;
  payload: OutboxPayload;
  status: OutboxStatus;
  attempts: number;
  refusal_code: string | null;
  refusal_reason: string | null;
  created_at: string;
  recorded_at: string | null;
  /** Why the last attempt failed (no answer, a 5xx), for an entry that waits for the next one (schema 24). */
  last_error?: string | null;
}

export interface NewOutboxEntry {
  clientUuid: string;
  userId: number;
  kind: OutboxKind;
  request: Omit<OutboxPayload, 'element_ids'>;
  elementIds?: number[];
  /** When the technician made the change (the server's recorded_at); now by default. */
  recordedAt?: string;
}

interface OutboxRow extends Omit<OutboxEntry, 'payload'> {
  payload: string;
}

/**
 * Runs an outbox write with `PRAGMA synchronous = FULL` (issue 38): the database runs at NORMAL,
 * where a power cut may lose the last committed transaction, which for a download is only
 * downloaded again, but for the outbox is the technician's work. FULL syncs the journal and the
 * file at each commit of these few small writes; back to NORMAL after, whatever happens.
 */
async function durably<T>(db: LocalDatabase, write: () => Promise<T>): Promise<T> {
  await db.exec('PRAGMA synchronous = FULL');
  try {
    return await write();
  } finally {
    await db.exec('PRAGMA synchronous = NORMAL');
  }
}

function required(value: unknown, what: string): void {
  if (value === undefined || value === null || value === '') {
    throw new LocalDbError('missing_parameters', LOCAL_DB_MESSAGES.missingParameters(what));
  }
}

/**
 * Stores one change to send, with the local writes that apply it on the device, in one transaction.
 * A second enqueue with the same client uuid changes nothing (the device may retry too).
 */
export async function enqueueOutbox(db: LocalDatabase, entry: NewOutboxEntry, localWrites: Statement[] = []): Promise<void> {
  required(entry?.clientUuid, 'client_uuid');
  required(entry?.userId, 'user_id');
  required(entry?.kind, 'kind');
  required(entry?.request?.path, 'path');
  const now = new Date().toISOString();
  const payload: OutboxPayload = { ...entry.request, element_ids: entry.elementIds ?? [] };
  await durably(db, () => db.transaction([
    {
      sql: `INSERT OR IGNORE INTO outbox (client_uuid, user_id, kind, payload, status, attempts, created_at, recorded_at)
            VALUES (?, ?, ?, ?, 'pending', 0, ?, ?)`,
      params: [entry.clientUuid, entry.userId, entry.kind, JSON.stringify(payload), now, entry.recordedAt ?? now],
    },
    ...localWrites,
  ]));
}

/** The entries in the order they were made (rowid breaks ties of the same millisecond), optionally one user's. */
export async function listOutbox(db: LocalDatabase, userId?: number): Promise<OutboxEntry[]> {
  const rows =
    userId === undefined
      ? await db.select<OutboxRow>('SELECT * FROM outbox ORDER BY created_at, rowid')
      : await db.select<OutboxRow>('SELECT * FROM outbox WHERE user_id = ? ORDER BY created_at, rowid', [userId]);
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as OutboxPayload }));
}

/**
 * How many entries wait to be sent and how many the server refused: of one user (what the header
 * shows, as the sync sends only the logged-in user's entries), or of everybody.
 */
export async function countOutbox(db: LocalDatabase, userId?: number): Promise<{ waiting: number; refused: number }> {
  const [row] = await db.select<{ waiting: number | null; refused: number | null }>(
    `SELECT SUM(status IN ('pending', 'sending')) AS waiting, SUM(status = 'refused') AS refused FROM outbox${userId === undefined ? '' : ' WHERE user_id = ?'}`,
    userId === undefined ? [] : [userId],
  );
  return { waiting: row?.waiting ?? 0, refused: row?.refused ?? 0 };
}

/**
 * Sets an entry's status and counts every attempt ('sending'). With `note`: a refusal keeps the
 * server's code and reason; an entry back to 'pending' keeps it as its last error (shown in the list).
 */
export async function markOutbox(
  db: LocalDatabase,
  clientUuid: string,
  status: OutboxStatus,
  note?: { code: string; reason: string },
): Promise<void> {
  required(clientUuid, 'client_uuid');
  const refusal = status === 'refused' ? note : undefined;
  const lastError = status === 'pending' && note ? note.reason : null;
  await durably(db, () =>
    db.exec(
      `UPDATE outbox SET status = ?, attempts = attempts + (? = 'sending'), refusal_code = ?, refusal_reason = ?,
         last_error = COALESCE(?, last_error) WHERE client_uuid = ?`,
      [status, status, refusal?.code ?? null, refusal?.reason ?? null, lastError, clientUuid],
    ),
  );
}

/**
 * Removes an entry: after the server confirmed it, or when the user discards a refused one. The
 * documents kept for it (pending-documents.ts) go in the same transaction, never before.
 */
export async function removeOutbox(db: LocalDatabase, clientUuid: string): Promise<void> {
  required(clientUuid, 'client_uuid');
  await durably(db, () =>
    db.transaction([{ sql: 'DELETE FROM outbox WHERE client_uuid = ?', params: [clientUuid] }, forgetPendingDocumentsOf(clientUuid)]),
  );
}

/** Entries a push left in 'sending' (the page closed mid-push) go back to pending: the client uuid makes a resend safe. */
export async function resumeOutbox(db: LocalDatabase): Promise<void> {
  await db.exec(`UPDATE outbox SET status = 'pending' WHERE status = 'sending'`);
}
