import type { TokenPair } from '@heliotrack/domain/auth';
import { ApiError, type ApiErrorBody } from './api-error';
import { fileNameOf } from './content-disposition';
import { alert } from './dialogs';
import { formatFieldErrors } from './format-field-errors';
import { getLanguage, t } from './i18n';
import { isOfflineMode } from './offline-mode';
import { reportNetworkLost } from './network-lost';
import { findOfflineHandler, type HttpMethod } from './offline-resolver';
import { setServerError } from './server-error';
import { apiRoot } from './server-url';
import { getAccessToken, getRefreshToken, getSessionEpoch, logout, setTokens } from './session';

/**
 * The one http client of the web app (specification sections 7 and 8, DESIGN sections 3 and 12).
 * Paths are relative to the API root: `http.get('plants/')` calls `/api/plants/` (on a native app,
 * the configured server's: lib/server-url.ts).
 */

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  /** JSON-encoded unless it is FormData (multipart uploads). */
  body?: unknown;
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue | QueryValue[]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * false: a 400 answer is only thrown, without the global dialog listing its messages. For screens
   * that show their own 400 dialog or put the messages under the form fields.
   */
  handle400?: boolean;
  /** 'file': the answer is a file, read as a Blob with its name (see `http.getFile`). */
  responseType?: 'json' | 'file';
  /**
   * The sync's quiet path (offline/sync.ts): failures are only thrown, never shown (no server-error
   * dialog, no 400 dialog); the sync keeps them with the outbox entry. Also never answered offline.
   */
  quiet?: boolean;
}

export interface FetchedFile {
  blob: Blob;
  /** The server's file name (Content-Disposition), if it gave one. */
  name: string | null;
}

const TOKEN_PATH = 'token/';
const REFRESH_PATH = 'token/refresh/';
const PUBLIC_CONFIG_PATH = 'public-config/';

function normalizePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/^api\//, '');
}

function samePath(path: string, expected: string): boolean {
  return path.split('?')[0].replace(/\/?$/, '/').toLowerCase() === expected;
}

/**
 * Token, token refresh, password recovery and the login page's public configuration (the demo
 * warning, whether recovery works: issue 31) travel without a bearer token, also when signed out.
 */
export function isPublicPath(path: string): boolean {
  const clean = normalizePath(path).toLowerCase();
  return (
    samePath(clean, TOKEN_PATH) ||
    samePath(clean, REFRESH_PATH) ||
    samePath(clean, PUBLIC_CONFIG_PATH) ||
    clean.startsWith('user/password_reset')
  );
}

function buildQuery(query: RequestOptions['query']): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== null && item !== undefined) params.append(key, String(item));
  }
  return params;
}

function buildUrl(path: string, params: URLSearchParams): string {
  const search = params.toString();
  if (!search) return apiRoot() + path;
  return apiRoot() + path + (path.includes('?') ? '&' : '?') + search;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function errorBody(data: unknown): ApiErrorBody {
  if (data === undefined || data === null) return null;
  if (typeof data === 'string') return data;
  if (typeof data === 'object' && !Array.isArray(data)) return data as Record<string, unknown>;
  return { non_field_errors: data };
}

function codeOf(data: unknown): string | undefined {
  return data && typeof data === 'object' && 'code' in data && typeof data.code === 'string'
    ? data.code
    : undefined;
}

function detailOf(data: unknown): string | undefined {
  return data && typeof data === 'object' && 'detail' in data && typeof data.detail === 'string'
    ? data.detail
    : undefined;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return !!signal?.aborted || (error instanceof DOMException && error.name === 'AbortError');
}

let refreshInFlight: Promise<void> | null = null;

/**
 * Gets a new token pair with the refresh token. Concurrent callers share one request, because the
 * server rotates refresh tokens: a second refresh with the same token would fail.
 */
export function refreshTokens(): Promise<void> {
  refreshInFlight ??= (async () => {
    const refresh = getRefreshToken();
    if (!refresh) {
      logout();
      throw new ApiError(401, 'Unauthorized', { code: 'token_not_valid' });
    }
    const epoch = getSessionEpoch();
    const pair = await request<TokenPair>(REFRESH_PATH, {
      method: 'POST',
      body: { refresh },
      handle400: false,
    });
    // A logout while the refresh was travelling wins: do not bring the session back.
    if (epoch === getSessionEpoch()) setTokens(pair);
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function send<T>(path: string, options: RequestOptions, isRetry: boolean): Promise<T> {
  const method = options.method ?? 'GET';
  const isFile = options.responseType === 'file';
  const headers = new Headers(options.headers);
  headers.set('Accept', isFile ? '*/*' : 'application/json');
  // DESIGN section 12: on every request, so that 400 messages of writes come translated too.
  headers.set('Accept-Language', getLanguage());

  let body: BodyInit | undefined;
  if (typeof FormData !== 'undefined' && options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const isPublic = isPublicPath(path);
  const sentToken = isPublic ? null : getAccessToken();
  if (sentToken) headers.set('Authorization', `Bearer ${sentToken}`);
  else if (!isPublic) {
    // Signed out (e.g. a query refetching while the app leaves for /login after a logout): the server
    // would answer 401 not_authenticated; answer it here without the round trip.
    throw new ApiError(401, 'Unauthorized', {
      detail: t('auth.notAuthenticated', { ns: 'api' }),
      code: 'not_authenticated',
    });
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, buildQuery(options.query)), {
      method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error, options.signal)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    // Issue 38 (changes DESIGN section 12): losing the network is not a server failure. No
    // server-error dialog; the network-lost prompt offers offline mode, once.
    if (!isOfflineMode() && !options.quiet) reportNetworkLost();
    throw new ApiError(0, message, null);
  }

  // Parsing as JSON or text would corrupt a binary file: a file is read as it came.
  if (response.ok && isFile) {
    const file: FetchedFile = {
      blob: await response.blob(),
      name: fileNameOf(response.headers.get('Content-Disposition')),
    };
    return file as T;
  }
  const data = await readBody(response);
  if (response.ok) return data as T;

  if (response.status === 401) {
    const code = codeOf(data);
    const isRefreshCall = samePath(path, REFRESH_PATH);
    const isLoginCall = samePath(path, TOKEN_PATH);
    if (isRefreshCall || code === 'user_inactive') {
      // Specification section 8: 401 on the token paths or user_inactive logs out. A failed login
      // (token/) is only shown on the login page: it must not wipe storage.
      logout();
    } else if (code === 'token_not_valid' && !isLoginCall) {
      if (isRetry) logout();
      else {
        const current = getAccessToken();
        // Another call refreshed while this one travelled: retry with the new token right away.
        if (current && current !== sentToken) return send<T>(path, options, true);
        let refreshed = false;
        try {
          await refreshTokens();
          refreshed = true;
        } catch {
          // refreshTokens logged out (401 on the refresh path) or the server failed; fall through.
        }
        if (refreshed) return send<T>(path, options, true);
      }
    }
  } else if (options.quiet) {
    // The sync decides: refused (400/403/404) or retry later (5xx).
  } else if (response.status >= 500) {
    setServerError({ status: response.status, statusText: response.statusText || detailOf(data) || '' });
  } else if (response.status === 400 && options.handle400 !== false) {
    void alert({ title: t('errors.invalidDataTitle'), message: formatFieldErrors(data) });
  }

  throw new ApiError(response.status, response.statusText, errorBody(data));
}

/** Sends one call; resolves with the parsed JSON (undefined for 204) or throws ApiError. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const cleanPath = normalizePath(path);
  const method = options.method ?? 'GET';

  // ── OFFLINE HOOK POINT ─────────────────────────────────────────────────────────────────────────
  // Offline mode on (stored flag set, no sync running): a registered local handler answers instead
  // of the network (DESIGN section 6). Calls without a handler still go to the network.
  if (isOfflineMode() && !options.quiet) {
    const match = findOfflineHandler(method, cleanPath);
    if (match) {
      const [pathOnly, inlineQuery = ''] = cleanPath.split('?');
      const query = new URLSearchParams(inlineQuery);
      buildQuery(options.query).forEach((value, key) => query.append(key, value));
      return (await match.handler.handle({
        method,
        path: pathOnly,
        params: match.params,
        query,
        body: options.body,
      })) as T;
    }
  }
  // ───────────────────────────────────────────────────────────────────────────────────────────────

  return send<T>(cleanPath, options, false);
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;

export const http = {
  get: <T>(path: string, options?: BodylessOptions) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'DELETE' }),
  /**
   * A file of the API (an export, a report, a stored document) as a Blob with the server's name,
   * with the token refresh and error handling of every call. Its 400s (a refused download) go to the
   * caller, which says what failed.
   */
  getFile: (path: string, options?: Omit<BodylessOptions, 'responseType'>) =>
    request<FetchedFile>(path, { handle400: false, ...options, method: 'GET', responseType: 'file' }),
};
