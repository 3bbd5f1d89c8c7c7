import { http, type FetchedFile, type QueryValue } from './http-client';
import { apiAddress, apiPathOf, isApiAddress } from './server-url';

/** Specification section 9: the object URL of a downloaded file is revoked after 30 s. */
const OBJECT_URL_LIFETIME_MS = 30_000;

/** The URL of an API path (relative to the API root) with a query; null, undefined and '' are left out. */
export function apiUrl(path: string, query: Record<string, QueryValue> = {}): URL {
  const url = new URL(apiAddress(path));
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') url.searchParams.append(key, String(value));
  }
  return url;
}

/** Our own API, which wants the bearer token; other hosts never get it. */
export function isOwnApi(url: URL): boolean {
  return isApiAddress(url);
}

/** A file of our own API, fetched through the http client (bearer token, refresh, offline hook). */
export function fetchFile(url: URL): Promise<FetchedFile> {
  return http.getFile(apiPathOf(url));
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
