/**
 * OFFLINE HOOK POINT. While offline mode is on (see offline-mode.ts), the http client asks this
 * registry before touching the network; a matching handler answers from the local database with the
 * same response shape as the server (DESIGN section 6, specification section 7 "Offline-answered
 * paths"). No handlers are registered yet: the offline issue registers them from `src/offline/`.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OfflineRequest {
  method: HttpMethod;
  /** Path relative to the API root, without leading slash or query, e.g. 'plants/3/'. */
  path: string;
  /** Named segments of the handler's pattern, e.g. { plantId: '3' }. */
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
}

export interface OfflineHandler {
  method: HttpMethod;
  /**
   * 'plants/:plantId/contractors/' style (segments starting with ':' match one path segment; the
   * trailing slash is optional, case is ignored) or a regular expression tested on the path.
   */
  path: string | RegExp;
  handle(request: OfflineRequest): unknown;
}

interface CompiledHandler {
  handler: OfflineHandler;
  regex: RegExp;
  names: string[];
}

const handlers: CompiledHandler[] = [];

function compile(handler: OfflineHandler): CompiledHandler {
  if (handler.path instanceof RegExp) return { handler, regex: handler.path, names: [] };
  const names: string[] = [];
  const segments = handler.path
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    });
  return { handler, regex: new RegExp(`^${segments.join('/')}/?$`, 'i'), names };
}

/** Registers a handler; returns a function that removes it. Later registrations win. */
export function registerOfflineHandler(handler: OfflineHandler): () => void {
  const compiled = compile(handler);
  handlers.unshift(compiled);
  return () => {
    const index = handlers.indexOf(compiled);
    if (index >= 0) handlers.splice(index, 1);
  };
}

export function clearOfflineHandlers(): void {
  handlers.length = 0;
}

/** The handler answering this call offline, with its bound parameters, if any. */
export function findOfflineHandler(
  method: HttpMethod,
  path: string,
): { handler: OfflineHandler; params: Record<string, string> } | undefined {
  const cleanPath = path.replace(/^\/+/, '').split('?')[0];
  for (const { handler, regex, names } of handlers) {
    if (handler.method !== method) continue;
    const match = regex.exec(cleanPath);
    if (!match) continue;
    const params: Record<string, string> = {};
    names.forEach((name, index) => (params[name] = decodeURIComponent(match[index + 1])));
    return { handler, params };
  }
  return undefined;
}
