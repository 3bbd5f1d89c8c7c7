import type { DocumentInfo } from '@heliotrack/domain/elements';
import { http } from '../lib/http-client';

/** Who a document belongs to (DESIGN section 12 and `POST documents/`): exactly one owner. */
export type DocumentOwner =
  /** A plant, optionally a state change of it when the change exists already. */
  | { plantId: number; transactionId?: number }
  /** A flash report; `isPhoto` marks an image shown in its gallery. */
  | { flashReportId: number; isPhoto?: boolean }
  /** A certificate of calibration equipment. */
  | { equipmentId: number };
// A PPI result's photo is uploaded with its plan's plant and attached by the result's write
// (`documents`), so that it works offline too; the server's `ppi_result_id` owner has no web caller.

/** `clientUuid`, made once for a chosen file, makes a resend answer the same document (offline too). */
export type UploadDocumentRequest = DocumentOwner & { file: File; clientUuid?: string };

/** Multipart upload (DESIGN section 12); its 400s (size, type) are shown by the form that sent it. */
export function uploadDocument(request: UploadDocumentRequest): Promise<DocumentInfo> {
  const body = new FormData();
  if ('plantId' in request) {
    body.append('plant_id', String(request.plantId));
    if (request.transactionId !== undefined) body.append('transaction_id', String(request.transactionId));
  } else if ('flashReportId' in request) {
    body.append('flash_report_id', String(request.flashReportId));
    if (request.isPhoto) body.append('is_photo', 'true');
  } else {
    body.append('equipment_id', String(request.equipmentId));
  }
  if (request.clientUuid) body.append('client_uuid', request.clientUuid);
  // The file goes last: multipart parsers stream it and may not read fields after it.
  body.append('document', request.file, request.file.name);
  return http.post<DocumentInfo>('documents/', body, { handle400: false });
}
