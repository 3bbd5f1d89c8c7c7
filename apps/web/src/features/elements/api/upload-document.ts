import { useMutation } from '@tanstack/react-query';
import type { DocumentInfo } from '@heliotrack/domain/elements';
import { http } from '../../../lib/http-client';

export interface UploadDocumentRequest {
  plantId: number;
  file: File;
  /** The state change the document belongs to, when it exists already. */
  transactionId?: number;
}

/** Multipart upload (DESIGN section 12); its 400s (size, type) are shown by the form that sent it. */
export function uploadDocument({
  plantId,
  file,
  transactionId,
}: UploadDocumentRequest): Promise<DocumentInfo> {
  const body = new FormData();
  body.append('plant_id', String(plantId));
  if (transactionId !== undefined) body.append('transaction_id', String(transactionId));
  // The file goes last: multipart parsers stream it and may not read fields after it.
  body.append('document', file, file.name);
  return http.post<DocumentInfo>('documents/', body, { handle400: false });
}

export function useUploadDocument() {
  return useMutation({ mutationFn: uploadDocument });
}
