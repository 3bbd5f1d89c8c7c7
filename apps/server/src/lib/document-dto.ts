import type { DocumentInfo } from '@heliotrack/domain/elements';

/** Where a stored document is downloaded (its owner's rights are checked there). */
export const documentUrl = (id: number) => `/api/documents/${id}/download/`;

/** A document as every answer that lists documents shows it (state changes, flash reports, equipment, PPI results). */
export function toDocumentDto(row: { id: number; name: string; size: number; content_type: string }): DocumentInfo {
  return { id: row.id, name: row.name, size: row.size, content_type: row.content_type, url: documentUrl(row.id) };
}
