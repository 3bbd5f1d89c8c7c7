import { http, type FetchedFile, type QueryValue } from './http-client';
import { openExternalUrl } from './native-platform';
import { saveFile } from './save-file';
import { apiAddress, apiPathOf, isApiAddress } from './server-url';

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
 * carries its own access: it opens in a new tab (the system browser in the apps) and the token stays
 * here. The file itself goes through saveFile (a download on the web, Documents + share on a device).
 */
export async function downloadFile(
  url: URL,
  fallbackName: string,
  options: { preferFallbackName?: boolean } = {},
): Promise<void> {
  if (!isOwnApi(url)) {
    await openExternalUrl(url.toString());
    return;
  }
  const file = await fetchFile(url);
  const name = options.preferFallbackName ? fallbackName : (file.name ?? fallbackName);
  await saveFile(file.blob, name);
}
