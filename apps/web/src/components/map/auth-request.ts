import type { RequestParameters, ResourceType } from 'maplibre-gl';
import { getLanguage } from '../../lib/i18n';
import { isApiAddress } from '../../lib/server-url';
import { getAccessToken } from '../../lib/session';

/**
 * MapLibre's transformRequest for our own API: the vector tiles need the bearer token like every
 * other call. The token is read on each request, so a refreshed token is used at once. Requests to
 * other hosts (the plant's base map) leave untouched: the token never travels elsewhere.
 */
export function authorizeApiRequest(url: string, _type?: ResourceType): RequestParameters {
  if (!isApiAddress(url)) return { url };
  const token = getAccessToken();
  const headers: Record<string, string> = { 'Accept-Language': getLanguage() };
  if (token) headers.Authorization = `Bearer ${token}`;
  return { url, headers };
}
