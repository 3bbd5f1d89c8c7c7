import { ApiError } from './api-error';
import { API_ROOT, refreshTokens, type QueryValue } from './http-client';
import { getLanguage } from './i18n';
import { getAccessToken } from './session';

/** Specification section 9: the object URL of a downloaded file is revoked after 30 s. */
const OBJECT_URL_LIFETIME_MS = 30_000;

/** The URL of an API path (relative to the API root) with a query; null, undefined and '' are left out. */
export function apiUrl(path: string, query: Record<string, QueryValue> = {}): URL {
  const url = new URL(API_ROOT + path.replace(/^\/+/, ''), window.location.origin);
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') url.searchParams.append(key, String(value));
  }
  return url;
}

/** Our own API, which wants the bearer token; other hosts never get it. */
export function isOwnApi(url: URL): boolean {
  return url.origin === window.location.origin && url.pathname.startsWith(API_ROOT);
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const extended = contentDisposition.match(/filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = contentDisposition.match(/filename\s*=\s*(?:"([^"]*)"|([^;]+))/);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

export interface FetchedFile {
  blob: Blob;
  /** The server's file name (Content-Disposition), if it gave one. */
  name: string | null;
}

/**
 * The http client parses answers as JSON or text, which would corrupt a binary file, so files are
 * read here as a Blob with the same bearer token; an expired token is refreshed through the client's
 * own refresh (one shared request) and the download retried once.
 */
export async function fetchFile(url: URL, isRetry = false): Promise<FetchedFile> {
  const token = getAccessToken();
  const headers = new Headers({ 'Accept-Language': getLanguage() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(url, { headers });
  if (response.status === 401 && !isRetry) {
    await refreshTokens();
    return fetchFile(url, true);
  }
  // A refused download answers JSON ({detail}) in the user's language: keep it for the message shown.
  if (!response.ok) throw new ApiError(response.status, response.statusText, await errorBodyOf(response));
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('Content-Disposition')) };
}

/**
 * Saves a file of our API under the server's name (Content-Disposition), else `fallbackName`; with
 * `preferFallbackName` always under `fallbackName`. A link elsewhere (e.g. a signed storage URL)
 * carries its own access: it opens in a new tab and the token stays here.
 */
export async function downloadFile(
  url: URL,
  fallbackName: string,
  options: { preferFallbackName?: boolean } = {},
): Promise<void> {
  if (!isOwnApi(url)) {
    window.open(url, '_blank', 'noopener');
    return;
  }
  const file = await fetchFile(url);
  const name = options.preferFallbackName ? fallbackName : (file.name ?? fallbackName);
  const objectUrl = URL.createObjectURL(file.blob);
  const link = window.document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  link.rel = 'noopener';
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), OBJECT_URL_LIFETIME_MS);
}

async function errorBodyOf(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
