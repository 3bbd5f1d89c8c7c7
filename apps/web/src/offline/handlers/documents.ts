import { DOCUMENT_KINDS, DOCUMENT_MAX_BYTES, type DocumentInfo } from '@heliotrack/domain/elements';
import { translate } from '@heliotrack/domain/i18n/translate';
import { ApiError } from '../../lib/api-error';
import { newClientUuid } from '../../lib/client-uuid';
import type { OfflineRequest } from '../../lib/offline-resolver';
import { getStoredUser } from '../../lib/session';
import { fieldError, language, store } from './local';

/*
 * `POST documents/` offline (issue 16): a document chosen for a state change of a downloaded plant
 * waits on the device (pending-documents.ts) and is answered in the server's shape with a
 * provisional id, negative, that the state-change handlers accept in `documents`. The sync uploads
 * it with its client uuid before its change and puts the server's id in the change. The server
 * checks the file's content then; here the checks the device can make (name, size, kind).
 * State changes and PPI results take them (parseWithProvisionalDocuments, unavailablePendingDocuments
 * below). Uploads for other owners (flash reports, an existing PPI result, equipment) need a connection.
 */

const OTHER_OWNERS = ['transaction_id', 'flash_report_id', 'equipment_id', 'ppi_result_id', 'is_photo'];

/** The file's bytes in base64, through FileReader (older WebViews have no Blob.arrayBuffer). */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * Parses a write whose `documents` may hold provisional ids (negative: documents kept on the device
 * by the offline `POST documents/` below). The schema checks their count and that they are integers
 * on their absolute values; the body keeps them negative, for the sync (push-documents.ts).
 */
export function parseWithProvisionalDocuments<T extends { documents?: number[] | undefined }>(parseBody: (value: unknown) => T, raw: unknown) {
  const given = (raw as { documents?: unknown } | null)?.documents;
  if (!Array.isArray(given)) return { body: parseBody(raw), provisional: [] as number[] };
  const isProvisional = (d: unknown): d is number => Number.isInteger(d) && (d as number) < 0;
  const provisional = [...new Set(given.filter(isProvisional))];
  const body = parseBody({ ...(raw as object), documents: given.map((d) => (isProvisional(d) ? -d : d)) });
  const documents = body.documents?.map((d, i) => (isProvisional(given[i]) ? (given[i] as number) : d));
  return { body: { ...body, documents } as T, provisional };
}

/**
 * Of the provisional ids a write names, those it may not take: not kept here, of another user or
 * plant, or taken by another write (`clientUuid` is the write's own, a resend takes them again).
 */
export async function unavailablePendingDocuments(
  provisional: number[],
  owner: { plantId: number; userId: number; clientUuid: string },
): Promise<number[]> {
  if (!provisional.length) return [];
  const kept = await (await store()).call('findPendingDocuments', provisional);
  return provisional.filter((id) => {
    const document = kept.find((k) => k.provisional_id === id);
    return (
      !document ||
      document.plant_id !== owner.plantId ||
      document.user_id !== owner.userId ||
      (document.outbox_uuid !== null && document.outbox_uuid !== owner.clientUuid)
    );
  });
}

export const documentHandlers = {
  upload: async (request: OfflineRequest): Promise<DocumentInfo> => {
    const form = request.body;
    if (!(form instanceof FormData) || OTHER_OWNERS.some((name) => form.has(name))) {
      throw new ApiError(0, 'Offline', null);
    }
    const user = getStoredUser();
    if (!user) throw new ApiError(401, 'Unauthorized', { detail: translate(language(), 'auth.notAuthenticated'), code: 'not_authenticated' });
    const plantText = String(form.get('plant_id') ?? '');
    const plantId = /^\d{1,9}$/.test(plantText) ? Number(plantText) : 0;
    if (plantId < 1) throw fieldError('plant_id', plantText ? 'validation.notInteger' : 'validation.required');
    const file = form.get('document');
    if (!(file instanceof Blob)) throw fieldError('document', 'documents.fileRequired');
    const name = (file instanceof File ? file.name : '').trim() || 'documento';
    if (file.size === 0) throw fieldError('document', 'documents.emptyFile');
    if (file.size > DOCUMENT_MAX_BYTES) {
      throw new ApiError(413, 'Payload Too Large', {
        detail: translate(language(), 'documents.tooLarge', { max: DOCUMENT_MAX_BYTES / (1024 * 1024) }),
        code: 'too_large',
      });
    }
    const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
    const kind = DOCUMENT_KINDS.find((k) => (k.extensions as readonly string[]).includes(extension));
    if (!kind) throw fieldError('document', 'documents.typeNotAllowed');

    const local = await store();
    const [plant] = await local.call('select', 'SELECT plant_id FROM plant_download WHERE plant_id = ?', [plantId]);
    if (!plant) throw new ApiError(0, 'Offline', null);
    // The dialog's uuid for the chosen file (a retry answers the same document), checked as the server checks it.
    const clientUuid = String(form.get('client_uuid') ?? '').trim() || newClientUuid();
    if (!/^[A-Za-z0-9-]{8,64}$/.test(clientUuid)) throw fieldError('client_uuid', 'validation.invalid');
    const id = await local.call('savePendingDocument', {
      clientUuid,
      userId: user.id,
      plantId,
      name,
      contentType: kind.contentType,
      size: file.size,
      data: await base64Of(file),
    });
    // No download url until the server holds it: the device keeps the file.
    return { id, name, size: file.size, content_type: kind.contentType, url: '' };
  },
};
