import { useMutation } from '@tanstack/react-query';
import type { DocumentInfo } from '@heliotrack/domain/elements';
import { downloadFile } from '../../lib/download-file';
import { resolveServerAddress } from '../../lib/server-url';

/** Saves a stored document (of a state change, a flash report, an equipment item) under its own name, fetched with the user's token. */
export async function downloadDocument(document: Pick<DocumentInfo, 'name' | 'url'>): Promise<void> {
  const url = resolveServerAddress(document.url);
  const { name } = document;
  // The document's own name, not whatever the server's Content-Disposition says.
  await downloadFile(url, name, { preferFallbackName: true });
}

export function useDownloadDocument() {
  return useMutation({ mutationFn: downloadDocument });
}
