import type { OutboxEntry } from './local-outbox';
import type { PendingDocument } from './pending-documents';

/*
 * The documents of a change at sync (issue 16): before the change is sent, each document kept for it
 * on the device is uploaded with its client uuid, and the server's ids take the place of the
 * provisional ones (negative) in the change's body. The upload is idempotent on the server, so a
 * network cut between the upload and the change makes the resend get the same document again: no
 * orphan, no double. The documents stay on the device until the change is confirmed (removeOutbox).
 * No I/O of its own (unit-tested): the caller gives the kept documents and the upload.
 */
export interface DocumentPushDeps {
  /** The documents kept for this outbox entry, with their bytes. */
  pendingOf(outboxUuid: string): Promise<PendingDocument[]>;
  /** `POST documents/` with the document's plant and client uuid; throws ApiError as the sender does. */
  upload(document: PendingDocument): Promise<{ id: number }>;
}

/** The body to send for this entry: its own, or with the server's ids for its provisional documents. */
export async function bodyWithServerDocuments(entry: OutboxEntry, deps: DocumentPushDeps): Promise<unknown> {
  const body = entry.payload.body as { documents?: unknown } | null;
  const documents = Array.isArray(body?.documents) ? (body.documents as number[]) : [];
  if (!documents.some((id) => id < 0)) return entry.payload.body;
  const kept = new Map((await deps.pendingOf(entry.client_uuid)).map((d) => [d.provisional_id, d]));
  const ids: number[] = [];
  for (const id of documents) {
    const document = id < 0 ? kept.get(id) : undefined;
    // A provisional id without its document stays: the server refuses it, and the entry shows why.
    ids.push(document ? (await deps.upload(document)).id : id);
  }
  return { ...body, documents: ids };
}

/** A document as `POST documents/` takes it: the plant, the client uuid, and the file last (streamed). */
export function uploadFormOf(document: PendingDocument): FormData {
  const binary = atob(document.data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const form = new FormData();
  form.append('plant_id', String(document.plant_id));
  form.append('client_uuid', document.client_uuid);
  form.append('document', new File([bytes], document.name, { type: document.content_type }), document.name);
  return form;
}
