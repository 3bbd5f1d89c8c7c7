import { Transform, type TransformCallback } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { DOCUMENT_MAX_BYTES, type DocumentKind } from '@heliotrack/domain/elements';
import { translate } from '@heliotrack/domain/i18n/translate';
import type { Db } from '../../db/database';
import { newStorageKey, type Storage } from '../../lib/storage';
import { nowIso } from '../../lib/time';
import { ApiError, detailError, fieldError, forbidden, notFound } from '../../lib/errors';
import { checkDocumentKind, HEAD_BYTES } from '../../lib/document-kinds';
import { toDocumentDto } from '../../lib/document-dto';
import { idempotentWrite } from '../../lib/idempotent-write';
import type { CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';
import { findElementById } from '../../lib/element-reads.repository';
import * as repo from './documents.repository';

/**
 * The uploader's file name, at most 255 characters. A name with folders or control characters is
 * refused rather than cleaned: a browser never sends one, so it is a forged request.
 */
function acceptedFileName(raw: string) {
  // eslint-disable-next-line no-control-regex
  if (/[\\/\x00-\x1f\x7f]/.test(raw)) throw fieldError('document', 'documents.invalidFileName');
  return (raw.trim() || 'documento').slice(-255);
}

/** The upload limits of app.ts (one file, a few fields) exceeded: @fastify/multipart's codes. */
const LIMIT_CODES = ['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT'];

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

const UPLOAD_FIELDS = ['plant_id', 'transaction_id', 'flash_report_id', 'equipment_id', 'ppi_result_id', 'is_photo', 'client_uuid'];
const PHOTO_KINDS: DocumentKind[] = ['png', 'jpeg', 'webp'];

const positiveInt = (value: string | undefined) => (value !== undefined && /^\d{1,9}$/.test(value.trim()) && Number(value) > 0 ? Number(value) : null);

/**
 * The plant a document of a PPI result belongs to, once the caller may add one there (the PPI results
 * module answers: buildApp hands in its rule, so documents never import PPIs).
 */
export type PpiResultUploadCheck = (user: CurrentUser, resultId: number) => Promise<number>;

export class DocumentsService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly plantOfPpiResult: PpiResultUploadCheck,
  ) {}

  /**
   * `POST documents/` (multipart): `document` (the file) and what it belongs to: `plant_id` with an
   * optional `transaction_id` (the state change); or `flash_report_id` (the plant is the report's;
   * `is_photo=true` marks a photo, which must be an image) for the report's author or an
   * administrator; or `equipment_id`, without a plant, for a certificate of calibration equipment
   * of the organisation. The file is streamed to storage as it arrives, whatever the order of the
   * parts, and removed again when anything about the upload is refused. An optional `client_uuid`
   * (uploads made offline, sent at sync) makes the upload idempotent per organisation: a resend
   * answers the first document and keeps no second file.
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
        } else if (UPLOAD_FIELDS.includes(part.fieldname)) {
          fields[part.fieldname] = String(part.value);
        } else {
          throw fieldError(part.fieldname, 'validation.unknownField');
        }
      }

      const clientUuid = fields.client_uuid?.trim() || null;
      if (clientUuid !== null && !/^[A-Za-z0-9-]{8,64}$/.test(clientUuid)) throw fieldError('client_uuid', 'validation.invalid');
      const owner = await this.owner(user, fields);
      if (!stored) throw fieldError('document', 'documents.fileRequired');
      const upload = stored;
      // A resend of an upload the server already holds (the device's uuid), or its concurrent twin
      // that won the insert: the first document is answered and this file is not kept.
      const { answer, replayed } = await idempotentWrite({
        db: this.db,
        clientUuid,
        earlier: async (db, uuid) => {
          const earlier = await repo.findDocumentByClientUuid(db, user.clientId, uuid);
          return earlier ? toDocumentDto(earlier) : null;
        },
        write: async (trx) => {
          const kind = checkDocumentKind(upload.fileName, upload.declaredType, upload.head);
          if (!kind.ok) {
            throw kind.reason === 'mismatch'
              ? fieldError('document', 'documents.contentMismatch', { kind: kind.kind.toUpperCase() })
              : fieldError('document', 'documents.typeNotAllowed');
          }
          if (owner.isPhoto && !PHOTO_KINDS.includes(kind.kind)) throw fieldError('document', 'flashReports.photoNotImage');

          const row = {
            client_id: user.clientId,
            plant_id: owner.plantId,
            state_change_id: owner.stateChangeId,
            flash_report_id: owner.flashReportId,
            ppi_result_id: owner.ppiResultId,
            equipment_id: owner.equipmentId,
            is_photo: owner.isPhoto ? 1 : 0,
            name: upload.fileName,
            size: upload.size,
            content_type: kind.contentType,
            storage_key: upload.key,
            uploaded_by: user.id,
            created_at: nowIso(),
            client_uuid: clientUuid,
          };
          const id = await repo.insertDocument(trx, row);
          return toDocumentDto({ id, ...row });
        },
      });
      if (replayed) await this.storage.delete(upload.key);
      stored = null;
      return answer;
    } catch (error) {
      if (stored) await this.storage.delete(stored.key);
      if (LIMIT_CODES.includes((error as { code?: string }).code ?? '')) {
        throw new ApiError(400, (language) => ({
          non_field_errors: [translate(language, 'documents.tooManyParts', { fields: UPLOAD_FIELDS.length })],
        }));
      }
      throw error;
    }
  }

  /** What an upload belongs to, checked before anything is written. */
  private async owner(user: CurrentUser, fields: Record<string, string>) {
    const given = (name: string) => fields[name] !== undefined && fields[name].trim() !== '';
    const targets = ['transaction_id', 'flash_report_id', 'equipment_id', 'ppi_result_id'].filter(given);
    if (targets.length > 1) throw fieldError(targets[1], 'flashReports.oneTarget');
    const owner = {
      plantId: null as number | null,
      stateChangeId: null as number | null,
      flashReportId: null as number | null,
      equipmentId: null as number | null,
      ppiResultId: null as number | null,
      isPhoto: false,
    };
    if (fields.is_photo !== undefined) {
      if (fields.is_photo !== 'true' && fields.is_photo !== 'false') throw fieldError('is_photo', 'validation.invalid');
      owner.isPhoto = fields.is_photo === 'true';
      if (owner.isPhoto && !given('flash_report_id') && !given('ppi_result_id')) throw fieldError('is_photo', 'validation.invalid');
    }

    if (given('equipment_id')) {
      // Certificates belong to the organisation, not to a plant.
      if (given('plant_id')) throw fieldError('plant_id', 'validation.unknownField');
      const equipmentId = positiveInt(fields.equipment_id);
      if (equipmentId === null) throw fieldError('equipment_id', 'validation.notInteger');
      if (!(await repo.findEquipmentInClient(this.db, user.clientId, equipmentId))) {
        throw fieldError('equipment_id', 'equipment.unknownEquipment', { id: equipmentId });
      }
      return { ...owner, equipmentId };
    }

    if (given('ppi_result_id')) {
      // A photo or document of a PPI result: whoever may record that result, while the plan is open.
      const resultId = positiveInt(fields.ppi_result_id);
      if (resultId === null) throw fieldError('ppi_result_id', 'validation.notInteger');
      const plantId = await this.plantOfPpiResult(user, resultId);
      if (given('plant_id') && positiveInt(fields.plant_id) !== plantId) throw fieldError('plant_id', 'validation.invalid');
      return { ...owner, plantId, ppiResultId: resultId };
    }

    if (given('flash_report_id')) {
      const flashReportId = positiveInt(fields.flash_report_id);
      if (flashReportId === null) throw fieldError('flash_report_id', 'validation.notInteger');
      const report = await repo.findFlashReportInClient(this.db, user.clientId, flashReportId);
      if (!report) throw fieldError('flash_report_id', 'flashReports.unknownFlashReport', { id: flashReportId });
      await requirePlant(this.db, user, report.plant_id);
      if (given('plant_id') && positiveInt(fields.plant_id) !== report.plant_id) {
        throw fieldError('plant_id', 'flashReports.plantMismatch', { id: flashReportId });
      }
      // Adding photos and documents edits the report: its author or an administrator.
      if (!user.isAdmin && report.author_id !== user.id) throw forbidden();
      return { ...owner, plantId: report.plant_id, flashReportId };
    }

    const plantId = positiveInt(fields.plant_id);
    if (plantId === null) throw fieldError('plant_id', fields.plant_id === undefined ? 'validation.required' : 'validation.notInteger');
    const plant = await requirePlant(this.db, user, plantId);
    let stateChangeId: number | null = null;
    if (given('transaction_id')) {
      stateChangeId = positiveInt(fields.transaction_id);
      if (stateChangeId === null) throw fieldError('transaction_id', 'validation.notInteger');
      if (!(await repo.findStateChangeInPlant(this.db, plant.id, stateChangeId))) {
        throw fieldError('transaction_id', 'documents.unknownTransaction', { id: stateChangeId });
      }
    }
    return { ...owner, plantId: plant.id, stateChangeId };
  }

  private async store(part: MultipartFile): Promise<StoredUpload> {
    let fileName: string;
    try {
      fileName = acceptedFileName(part.filename);
    } catch (error) {
      part.file.resume();
      throw error;
    }
    const key = newStorageKey();
    const inspector = new Inspector();
    part.file.on('error', (error) => inspector.destroy(error));
    await this.storage.put(key, part.file.pipe(inspector), part.mimetype);
    const upload = { key, size: inspector.size, head: inspector.head, fileName, declaredType: part.mimetype };
    // Busboy stops at the size limit and marks the stream truncated.
    if (part.file.truncated) {
      await this.storage.delete(key);
      throw detailError(413, 'documents.tooLarge', 'too_large', { max: DOCUMENT_MAX_BYTES / (1024 * 1024) });
    }
    if (upload.size === 0) {
      await this.storage.delete(key);
      throw fieldError('document', 'documents.emptyFile');
    }
    return upload;
  }

  /** `GET documents/{id}/download/`: for users who may see the document's plant. */
  async download(user: CurrentUser, documentId: number) {
    const document = await this.requireDocument(user, documentId);
    const stream = await this.storage.get(document.storage_key);
    if (!stream) throw notFound();
    return { body: stream, fileName: document.name, size: document.size, contentType: document.content_type };
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

  /** `POST calibration-equipment/{id}/delete-document/{docId}/`: a certificate of that equipment. */
  async removeFromEquipment(user: CurrentUser, equipmentId: number, documentId: number) {
    if (!(await repo.findEquipmentInClient(this.db, user.clientId, equipmentId))) throw notFound();
    const document = await repo.findDocumentInClient(this.db, user.clientId, documentId);
    if (!document || document.equipment_id !== equipmentId) throw notFound();
    await this.delete(user, document);
  }

  /**
   * A document of another organisation, or of a plant the user may not see, is not found.
   * Equipment certificates have no plant: every user of the organisation may see them.
   */
  private async requireDocument(user: CurrentUser, documentId: number) {
    const document = await repo.findDocumentInClient(this.db, user.clientId, documentId);
    if (!document) throw notFound();
    if (document.plant_id !== null) await requirePlant(this.db, user, document.plant_id);
    return document;
  }

  private async delete(user: CurrentUser, document: { id: number; uploaded_by: number | null; storage_key: string }) {
    if (!user.isAdmin && document.uploaded_by !== user.id) throw forbidden();
    await repo.deleteDocumentRow(this.db, document.id);
    await this.storage.delete(document.storage_key);
  }
}
