import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../lib/config';

/**
 * The headers helmet sets with these options, worked out once. None of them depends on the request
 * (no CSP nonces), and building helmet's middleware parses every directive again: @fastify/helmet
 * did that for each request, about a twentieth of the CPU of a small authenticated answer.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/*
 * Browser security headers on every answer, web app, static assets and API alike (issue 31). The
 * tokens live in localStorage, so a script injected into the page would own the session: the CSP
 * allows scripts from our own origin only, never inline ones.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const https = config.publicUrl.startsWith('https://');
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Our bundles only; 'wasm-unsafe-eval' compiles WebAssembly (sqlite-wasm, zxing-wasm), no eval().
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // MapLibre starts its workers from blob: URLs; the offline database's worker is our own file.
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        // Mantine writes <style> elements at runtime (its CSS variables, colour scheme) and React and
        // MapLibre set style attributes: styles need 'unsafe-inline'. A style cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Photos and downloads shown from object URLs (blob:), small icons as data: URLs, base-map tiles.
        imgSrc: ["'self'", 'data:', 'blob:', ...config.baseMapHosts],
        fontSrc: ["'self'", 'data:'],
        // The API (same origin) and the plants' base-map tiles, which MapLibre fetches.
        connectSrc: ["'self'", 'blob:', ...config.baseMapHosts],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only over https: on http://localhost (the demo, the tests) it would break every request.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only where the installation is served over https (PUBLIC_URL), never on the demo's http.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The native apps (CORS_ORIGINS) read the API from another origin.
    crossOriginResourcePolicy: { policy: config.corsOrigins.length > 0 ? 'cross-origin' : 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // First thing: answers that end early (401, 404, a refused body) carry them too.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
