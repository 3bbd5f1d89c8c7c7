import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What goes out compressed (brotli, else gzip) when the client accepts it: JSON (the 416,696 module
 * ids are 2.7 MB raw), CSV exports, NDJSON, vector tiles, and the web app's files that the build did
 * not precompress. PDFs, xlsx, images and the like are compressed already. An answer that set its
 * own `content-encoding` (the sync route's gzip stream, a precompressed asset) is left as it is.
 */
export const COMPRESSIBLE_TYPES =
  /^(?:application\/(?:json|[\w.+-]+\+json|x-ndjson|vnd\.mapbox-vector-tile|x-protobuf|javascript|wasm|xml)|text\/(?:csv|html|css|javascript|plain|xml)|image\/svg\+xml)(?:;|$)/;

/** Below this size compressing costs more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: COMPRESSIBLE_TYPES,
    // Quality 4 (the plugin's default too): close to gzip's speed, smaller answers.
    // Request bodies are read as they arrive, as before.
    globalDecompression: false,
  });
}
