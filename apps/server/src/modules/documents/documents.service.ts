import { Transform, type TransformCallback } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { DOCUMENT_MAX_BYTES, type DocumentInfo } from '@heliotrack/domain/elements';
import type { Db } from '../../db/database';
import { newStorageKey, type Storage } from '../../lib/storage';
import { nowIso } from '../../lib/time';
import type { CurrentUser } from '../../plugins/auth';
import { detailError, fieldError, forbidden, notFound } from '../../plugins/errors';
import { findElementById } from '../elements/elements.repository';
import { requirePlant } from '../plants/plants.service';
import { checkDocumentKind, HEAD_BYTES } from './document-kinds';
import * as repo from './documents.repository';

export const documentUrl = (id: number) => `/api/documents/${id}/download/`;

export function toDocumentDto(row: { id: number; name: string; size: number; content_type: string }): DocumentInfo {
  return { id: row.id, name: row.name, size: row.size, content_type: row.content_type, url: documentUrl(row.id) };
}

/** `attachment` with the original name: a plain ASCII fallback and the exact name in RFC 5987 form. */
export function contentDisposition(name: string) {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The uploader's file name without folders or control characters, at most 255 characters. */
function cleanFileName(raw: string) {
  // eslint-disable-next-line no-control-regex
  const base = raw.split(/[\\/]/).pop()!.replace(/[\x00-\x1f\x7f]/g, '').trim();
  return (base || 'documento').slice(-255);
}

/** Counts the bytes flowing to storage and keeps the first ones, to recognise the file. */
class Inspector extends Transform {
  size = 0;
  private chunks: Buffer[] = [];
  private kept = 0;

  get head() {
    return Buffer.concat(this.chunks).subarray(0, HEAD_BYTES);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.kept < HEAD_BYTES) {
      this.chunks.push(chunk.subarray(0, HEAD_BYTES - this.kept));
      this.kept += Math.min(chunk.length, HEAD_BYTES - this.kept);
    }
    done(null, chunk);
  }
}

interface StoredUpload {
  key: string;
  size: number;
  head: Buffer;
  fileName: string;
  declaredType: string;
}

const positiveInt = (value: string | undefined) => (value !== undefined && /^\d{1,9}$/.test(value.trim()) && Number(value) > 0 ? Number(value) : null);

export class DocumentsService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
  ) {}

  /**
   * `POST documents/` (multipart): `document` (the file), `plant_id`, optional `transaction_id`.
   * The file is streamed to storage as it arrives, whatever the order of the parts, and removed
   * again when anything about the upload is refused.
   */
  async upload(user: CurrentUser, parts: AsyncIterable<Multipart> | null, contentType: string | undefined) {
    if (!parts) throw detailError(415, 'errors.unsupportedMediaType', 'unsupported_media_type', { type: contentType ?? '' });
    let stored: StoredUpload | null = null;
    try {
      const fields: Record<string, string> = {};
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== 'document' || stored) {
            part.file.resume();
            throw fieldError(part.fieldname, 'validation.unknownField');
          }
          stored = await this.store(part);
        } else if (part.fieldname === 'plant_id' || part.fieldname === 'transaction_id') {
          fields[part.fieldname] = String(part.value);
        } else {
          throw fieldError(part.fieldname, 'validation.unknownField');
        }
      }

      const plantId = positiveInt(fields.plant_id);
      if (plantId === null) throw fieldError('plant_id', fields.plant_id === undefined ? 'validation.required' : 'validation.notInteger');
      const plant = await requirePlant(this.db, user, plantId);
      let stateChangeId: number | null = null;
      if (fields.transaction_id !== undefined && fields.transaction_id.trim() !== '') {
        stateChangeId = positiveInt(fields.transaction_id);
        if (stateChangeId === null) throw fieldError('transaction_id', 'validation.notInteger');
        if (!(await repo.findStateChangeInPlant(this.db, plant.id, stateChangeId))) {
          throw fieldError('transaction_id', 'documents.unknownTransaction', { id: stateChangeId });
        }
      }
      if (!stored) throw fieldError('document', 'documents.fileRequired');
      const kind = checkDocumentKind(stored.fileName, stored.declaredType, stored.head);
      if (!kind.ok) {
        throw kind.reason === 'mismatch'
          ? fieldError('document', 'documents.contentMismatch', { kind: kind.kind.toUpperCase() })
          : fieldError('document', 'documents.typeNotAllowed');
      }

      const row = {
        client_id: user.clientId,
        plant_id: plant.id,
        state_change_id: stateChangeId,
        name: stored.fileName,
        size: stored.size,
        content_type: kind.contentType,
        storage_key: stored.key,
        uploaded_by: user.id,
        created_at: nowIso(),
      };
      const id = await repo.insertDocument(this.db, row);
      stored = null;
      return toDocumentDto({ id, ...row });
    } catch (error) {
      if (stored) await this.storage.delete(stored.key);
      throw error;
    }
  }

  private async store(part: MultipartFile): Promise<StoredUpload> {
    const key = newStorageKey();
    const inspector = new Inspector();
    part.file.on('error', (error) => inspector.destroy(error));
    await this.storage.put(key, part.file.pipe(inspector), part.mimetype);
    const upload = { key, size: inspector.size, head: inspector.head, fileName: cleanFileName(part.filename), declaredType: part.mimetype };
    // Busboy stops at the size limit and marks the stream truncated.
    if (part.file.truncated) {
      await this.storage.delete(key);
      throw detailError(413, 'documents.tooLarge', 'too_large', { max: DOCUMENT_MAX_BYTES / (1024 * 1024) });
    }
    return upload;
  }

  /** `GET documents/{id}/download/`: for users who may see the document's plant. */
  async download(user: CurrentUser, documentId: number) {
    const document = await this.requireDocument(user, documentId);
    const stream = await this.storage.get(document.storage_key);
    if (!stream) throw notFound();
    return { stream, name: document.name, size: document.size, contentType: document.content_type };
  }

  /** `DELETE documents/{id}/`: the uploader or an administrator. */
  async remove(user: CurrentUser, documentId: number) {
    const document = await this.requireDocument(user, documentId);
    await this.delete(user, document);
  }

  /** `POST elements/{id}/state-changes/{scId}/delete-document/{docId}/`: a document of that change of that element. */
  async removeFromStateChange(user: CurrentUser, elementId: number, stateChangeId: number, documentId: number) {
    const element = await findElementById(this.db, elementId);
    if (!element) throw notFound();
    await requirePlant(this.db, user, element.plant_id);
    if (!(await repo.isElementInStateChange(this.db, element.id, stateChangeId))) throw notFound();
    const document = await repo.findDocumentInClient(this.db, user.clientId, documentId);
    if (!document || document.state_change_id !== stateChangeId) throw notFound();
    await this.delete(user, document);
  }

  /** A document of another organisation, or of a plant the user may not see, is not found. */
  private async requireDocument(user: CurrentUser, documentId: number) {
    const document = await repo.findDocumentInClient(this.db, user.clientId, documentId);
    if (!document) throw notFound();
    await requirePlant(this.db, user, document.plant_id);
    return document;
  }

  private async delete(user: CurrentUser, document: { id: number; uploaded_by: number | null; storage_key: string }) {
    if (!user.isAdmin && document.uploaded_by !== user.id) throw forbidden();
    await repo.deleteDocumentRow(this.db, document.id);
    await this.storage.delete(document.storage_key);
  }
}
