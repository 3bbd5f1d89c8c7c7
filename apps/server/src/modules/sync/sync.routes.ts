import { Readable, pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SyncElementsAnswer, SyncElementsRequest, SyncQuery } from '@heliotrack/domain/sync';
import { IdParam } from '../../lib/route-params';
import { fileResponse } from '../../openapi/media';
import type { SyncService } from './sync.service';

export const NDJSON_TYPE = 'application/x-ndjson; charset=utf-8';

/**
 * Gzip level of downloads. Measured on element lines of a generated plant: level 1 compresses about
 * 190 MB/s to 16 % of the NDJSON, level 6 (zlib's default) 88 MB/s to 13 %. A 500,000-element plant
 * is about 140 MB of NDJSON: 0.7 s of compression at level 1, which runs on a zlib thread beside the
 * lines being written; at level 6 compression alone would take most of the 2.5 s budget.
 */
export const GZIP_LEVEL = 1;

/**
 * Size of the pieces zlib hands back (its default is 16 KiB). zlib compresses on a thread of its own,
 * but comes back to the event loop each time its output buffer fills, and waits there while the next
 * chunk of lines is being read and written (about 15 ms on SQLite). A chunk of 5,000 lines (about
 * 1.3 MB) gzips to about 210 KB at level 1: with 256 KiB pieces zlib takes a whole chunk in one go
 * while the next is read. Measured on the 50 MWp plant, four API processes downloaded in turn 7
 * times each: 256 KiB 510–640 ms a download (median), 64 KiB 760–790 ms, and less CPU.
 */
export const GZIP_CHUNK = 256 * 1024;

/** Bytes of a batch of the download's texts (inBatches). */
export const BATCH_BYTES = 256 * 1024;

/**
 * The download's texts as UTF-8 batches of up to BATCH_BYTES, written straight into one buffer each.
 * A download is about a thousand texts of 30 KB (sync.repository.ts, PIECE_LINES); passed on one by
 * one, each became a Buffer of its own and one write to zlib, whose every write wakes its thread
 * (measured on the 50 MWp plant, PostgreSQL: about 90 ms of the API's main thread per download),
 * or to the socket when not gzipped. A batch is sent once the next text might not fit (a character
 * takes at most 3 bytes per UTF-16 unit); a text larger than a batch goes on its own. The cost: a
 * batch that lives through two young collections (it waits for zlib) is freed only at a full one,
 * so a fresh server's first download of 500,000 elements grew its resident memory by about 45 MB
 * instead of 20 (README "Performance"). A batch is never reused: zlib or the socket may still hold it.
 */
export async function* inBatches(texts: AsyncIterable<string>, size = BATCH_BYTES): AsyncGenerator<Buffer> {
  let batch = Buffer.allocUnsafe(size);
  let used = 0;
  for await (const text of texts) {
    if (used + text.length * 3 > size && used > 0) {
      yield batch.subarray(0, used);
      batch = Buffer.allocUnsafe(size);
      used = 0;
    }
    if (text.length * 3 > size) yield Buffer.from(text);
    else used += batch.write(text, used);
  }
  if (used > 0) yield batch.subarray(0, used);
}

/** Whether Accept-Encoding admits gzip (by name or `*`, with a non-zero q). */
export function acceptsGzip(header: string | undefined) {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export const syncRoutes: FastifyPluginAsyncZod<{ sync: SyncService }> = async (app, { sync }) => {
  app.get(
    '/plants/:id/sync/',
    {
      schema: {
        tags: ['offline'],
        summary: 'A plant for the device: NDJSON, streamed, gzip when accepted; incremental with ?cursor=',
        description:
          'Line 1: a header {cursor, full, plant, client, element_types, states, transaction_types, contractors, recordable_state_ids, columns}. ' +
          'Then one JSON array per element, values in `columns` order (flags 0/1). Then the PPI sections, one object a line: ' +
          '{"ppis": [...]} and {"calibration_equipment": [...]} (whole in every answer), {"ppi_elements": {ppi, element_ids}} (a PPI\'s links, ' +
          'whole: every PPI in a full answer, those whose links or users changed in an incremental one) and {"ppi_results": {ppi, columns, rows}} ' +
          '(current results written since the cursor, or all of a PPI sent whole). An incremental answer (full: false) ends with ' +
          '{"deleted": [ids]} when elements left the plant since the cursor. Without a cursor, or with one the server cannot serve, ' +
          'the answer is full. Send the header\'s cursor back as ?cursor= once the whole answer is applied.',
        params: IdParam,
        querystring: SyncQuery,
        fileResponses: { 200: fileResponse('Newline-delimited JSON, one value a line (see the description); gzip-encoded when Accept-Encoding allows', [NDJSON_TYPE.split(';')[0]]) },
      },
    },
    async (req, reply) => {
      const download = await sync.download(req.user, req.params.id, req.query.cursor);
      // One batch ahead of the socket at most (Readable.from's default is 16): the generator reads
      // the next chunk from the database ahead already.
      const body = Readable.from(inBatches(download.lines()), { highWaterMark: 1 });
      reply.type(NDJSON_TYPE).header('cache-control', 'private, no-store').header('vary', 'accept-encoding');
      if (!acceptsGzip(req.headers['accept-encoding'])) return reply.send(body);
      // A failure while streaming destroys the response: the device sees a broken download, never a short one.
      const gzip = pipeline(body, createGzip({ level: GZIP_LEVEL, chunkSize: GZIP_CHUNK }), () => {});
      return reply.header('content-encoding', 'gzip').send(gzip);
    },
  );
  app.post(
    '/plants/:id/sync/elements/',
    {
      // Up to 50,000 ids: about 600 KB of JSON.
      bodyLimit: 2 * 1024 * 1024,
      // The answer is built by the service in its schema's shape: plain JSON, no second check of 50,000 lines.
      serializerCompiler: () => (data: unknown) => JSON.stringify(data),
      schema: {
        tags: ['offline'],
        summary: 'Elements of the plant by id, as the sync stream writes them, and the ids no longer in the plant',
        description:
          'After a push the device reads back the elements its changes touched (up to 50,000 ids), so that a refused or late change ' +
          'shows the server\'s state. `elements` holds one line per element found, values in `columns` order; `missing` the ids that ' +
          'are not elements of this plant (deleted since): the device deletes them.',
        params: IdParam,
        body: SyncElementsRequest,
        response: { 200: SyncElementsAnswer },
      },
    },
    (req) => sync.elementsByIds(req.user, req.params.id, req.body.ids),
  );
};
