import { WEB_STORAGE_KEYS, readString, removeKey, writeString } from './storage';

/*
 * Where the API lives (issue 20). On the web the app and the API share an origin, so calls stay
 * relative ("/api/…"). A native build has no such origin (its pages come from capacitor://localhost
 * or https://localhost): it calls the server set at build time (VITE_SERVER_URL) or the one the user
 * typed on the login screen, which wins. Every address of the API (http client, downloads, document
 * URLs, map tiles) is built here, so they all follow the setting.
 */

/**
 * A server address as the app keeps it: http(s), no query or fragment, no trailing slash, and no
 * "/api" at the end (people paste the API root). Null when it is not an http(s) address.
 */
export function normalizeServerUrl(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/i, '');
  return `${url.origin}${path}`;
}

/** The server of the build (VITE_SERVER_URL), '' for a build served by its own server. */
export function buildServerUrl(): string {
  const configured = import.meta.env.VITE_SERVER_URL as string | undefined;
  return (configured && normalizeServerUrl(configured)) || '';
}

/** The server the app calls: the one the user set, else the build's; '' means this page's origin. */
export function getServerUrl(): string {
  const stored = readString(WEB_STORAGE_KEYS.serverUrl);
  return (stored && normalizeServerUrl(stored)) || buildServerUrl();
}

/** Stores the user's server (normalised); null or '' goes back to the build's. False when invalid. */
export function setServerUrl(input: string | null): boolean {
  if (!input?.trim()) {
    removeKey(WEB_STORAGE_KEYS.serverUrl);
    return true;
  }
  const normalized = normalizeServerUrl(input);
  if (!normalized) return false;
  writeString(WEB_STORAGE_KEYS.serverUrl, normalized);
  return true;
}

/** The API root every call is made against: "/api/" on the web, "https://server/api/" when set. */
export function apiRoot(): string {
  const server = getServerUrl();
  return server ? `${server}/api/` : '/api/';
}

/** The API root as an absolute address (MapLibre's worker and URL comparisons need one). */
export function absoluteApiRoot(): string {
  return new URL(apiRoot(), window.location.href).href;
}

/** The absolute address of an API path given relative to the API root ("plants/4/tiles/…"). */
export function apiAddress(path: string): string {
  return absoluteApiRoot() + path.replace(/^\/+/, '').replace(/^api\//, '');
}

/**
 * An address the server answered with (a document's url): the server writes "/api/…" paths, which
 * belong to the configured server, not to the page's origin; absolute addresses stay as they are.
 */
export function resolveServerAddress(address: string): URL {
  if (/^\/api\//i.test(address)) return new URL(apiAddress(address.slice('/api/'.length)));
  return new URL(address, getServerUrl() ? `${getServerUrl()}/` : window.location.href);
}

/** Whether an address is of our API (and so may carry the bearer token); other hosts never get it. */
export function isApiAddress(address: string | URL): boolean {
  return String(address).startsWith(absoluteApiRoot());
}

/** The path of an API address relative to the API root, with its query ("plants/4/?a=1"). */
export function apiPathOf(address: URL): string {
  return address.href.slice(absoluteApiRoot().length).split('#')[0];
}
