import type { LocalDatabase, Statement } from './local-database';
import { LocalDbError, LOCAL_DB_MESSAGES } from './messages';

/*
 * Documents chosen for an offline change (schema upgrade 22, issue 16): the file (name, type, bytes
 * as base64, which every local database takes as plain text) waits on the device under a client
 * uuid and a provisional id, a negative number the change's body carries in `documents` until the
 * sync uploads the file and puts the server's id in its place. A document leaves the device only
 * with its change (removeOutbox), once the server confirmed that change.
 */
export interface NewPendingDocument {
  clientUuid: string;
  userId: number;
  plantId: number;
  name: string;
  contentType: string;
  size: number;
  /** The file's bytes in base64. */
  data: string;
}

export interface PendingDocument {
  client_uuid: string;
  provisional_id: number;
  user_id: number;
  plant_id: number;
  name: string;
  content_type: string;
  size: number;
  data: string;
  outbox_uuid: string | null;
  created_at: string;
}

/** Unlinked documents older than this are the leftovers of a dialog that never recorded its change. */
const UNLINKED_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps a document and answers its provisional id: one below the lowest held, so ids never clash
 * while a change still names them. The same client uuid twice keeps the first.
 */
export async function savePendingDocument(db: LocalDatabase, document: NewPendingDocument): Promise<number> {
  if (!document?.clientUuid || !document.data) {
    throw new LocalDbError('missing_parameters', LOCAL_DB_MESSAGES.missingParameters('client_uuid, data'));
  }
  await db.exec(
    `INSERT OR IGNORE INTO pending_document (client_uuid, provisional_id, user_id, plant_id, name, content_type, size, data, created_at)
     SELECT ?, MIN(COALESCE(MIN(provisional_id), 0), 0) - 1, ?, ?, ?, ?, ?, ?, ? FROM pending_document`,
    [
      document.clientUuid,
      document.userId,
      document.plantId,
      document.name,
      document.contentType,
      document.size,
      document.data,
      new Date().toISOString(),
    ],
  );
  const [row] = await db.select<{ provisional_id: number }>('SELECT provisional_id FROM pending_document WHERE client_uuid = ?', [
    document.clientUuid,
  ]);
  return row.provisional_id;
}

/** The documents of these provisional ids (without their bytes), to check a change that names them. */
export async function findPendingDocuments(db: LocalDatabase, provisionalIds: number[]): Promise<Omit<PendingDocument, 'data'>[]> {
  if (!provisionalIds.length) return [];
  return db.select(
    `SELECT client_uuid, provisional_id, user_id, plant_id, name, content_type, size, outbox_uuid, created_at
     FROM pending_document WHERE provisional_id IN (SELECT value FROM json_each(?))`,
    [JSON.stringify(provisionalIds)],
  );
}

/** The documents a change (outbox entry) uses, with their bytes, to upload at sync. */
export async function pendingDocumentsOf(db: LocalDatabase, outboxUuid: string): Promise<PendingDocument[]> {
  return db.select<PendingDocument>('SELECT * FROM pending_document WHERE outbox_uuid = ? ORDER BY provisional_id DESC', [outboxUuid]);
}

/** The local write that ties documents to the change recorded in the same transaction. */
export function linkPendingDocuments(outboxUuid: string, provisionalIds: number[]): Statement {
  return {
    sql: `UPDATE pending_document SET outbox_uuid = ? WHERE outbox_uuid IS NULL AND provisional_id IN (SELECT value FROM json_each(?))`,
    params: [outboxUuid, JSON.stringify(provisionalIds)],
  };
}

/** The statement that lets a change's documents go with it (removeOutbox). */
export function forgetPendingDocumentsOf(outboxUuid: string): Statement {
  return { sql: 'DELETE FROM pending_document WHERE outbox_uuid = ?', params: [outboxUuid] };
}

/** Drops documents no change took (the dialog failed after its upload), a day after they were kept. */
export async function dropUnlinkedPendingDocuments(db: LocalDatabase, now = Date.now()): Promise<void> {
  await db.exec('DELETE FROM pending_document WHERE outbox_uuid IS NULL AND created_at < ?', [
    new Date(now - UNLINKED_KEPT_MS).toISOString(),
  ]);
}
