import { useMutation } from '@tanstack/react-query';
import type { DocumentInfo } from '@heliotrack/domain/elements';
import { ApiError } from '../../../lib/api-error';
import { refreshTokens } from '../../../lib/http-client';
import { getAccessToken } from '../../../lib/session';

/** Specification section 9: the object URL of a downloaded file is revoked after 30 s. */
const OBJECT_URL_LIFETIME_MS = 30_000;

function isOwnApi(url: URL): boolean {
  return url.origin === window.location.origin && url.pathname.startsWith('/api/');
}

/**
 * The http client parses answers as JSON or text, which would corrupt a binary file, so documents
 * are read here as a Blob with the same bearer token; an expired token is refreshed through the
 * client's own refresh (one shared request) and the download retried once.
 */
async function fetchDocument(url: URL, isRetry = false): Promise<Blob> {
  const token = getAccessToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (response.status === 401 && !isRetry) {
    await refreshTokens();
    return fetchDocument(url, true);
  }
  if (!response.ok) throw new ApiError(response.status, response.statusText, null);
  return response.blob();
}

/** Saves a state change's document under its own name. */
export async function downloadDocument(document: Pick<DocumentInfo, 'name' | 'url'>): Promise<void> {
  const url = new URL(document.url, window.location.origin);
  if (!isOwnApi(url)) {
    // A link elsewhere (e.g. a signed storage URL) carries its own access: the token stays here.
    window.open(url, '_blank', 'noopener');
    return;
  }
  const blob = await fetchDocument(url);
  const objectUrl = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = objectUrl;
  link.download = document.name;
  link.rel = 'noopener';
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), OBJECT_URL_LIFETIME_MS);
}

export function useDownloadDocument() {
  return useMutation({ mutationFn: downloadDocument });
}
