import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** The content types of the generated files (reports, PPI dossiers, element exports). */
export const PDF_TYPE = 'application/pdf';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `attachment` with the original name: a plain ASCII fallback and the exact name in RFC 5987 form. */
export function contentDisposition(name: string) {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export interface Download {
  body: Readable | Buffer | string;
  contentType: string;
  fileName: string;
  /** Sent as content-length when known (a stored document). */
  size?: number;
}

/**
 * Answers a file to download: its type, an attachment with its name, never sniffed by the browser
 * and never kept by a shared cache (every download is behind a user's rights).
 */
export function sendDownload(reply: FastifyReply, file: Download) {
  reply.type(file.contentType);
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
