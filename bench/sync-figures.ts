/**
 * Figures of the plant sync (issue "Offline I", DESIGN section 9: at least 200,000 elements/s
 * server side, an incremental answer after a small change under 100 ms), beside the paged element
 * list's rows/s measured in the same run.
 *
 * Every request goes over HTTP to the API in its own process (server-process.ts). The full
 * download is read by a reader that counts the bytes and drops them, as a device's download would
 * be read; the server process' resident memory and CPU are sampled meanwhile. The raw baseline does
 * the same work without the API: the bare driver reads the same rows in the same keyset chunks,
 * has the same NDJSON lines written (by the database on PostgreSQL, as the API does) and gzips them
 * at the same level.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { SYNC_CHUNK } from '@heliotrack/server/src/modules/sync/sync.service';
import { GZIP_CHUNK, GZIP_LEVEL } from '@heliotrack/server/src/modules/sync/sync.routes';
import type { Db } from '@heliotrack/server/src/db/database';
import type { RawDriver } from './baselines';
import { login, type ServerProcess } from './server-process';
import { streamedGet } from './streamed';
import { type Figure, median, time } from './stats';

/** The sync figures go to the API in its own process (server-process.ts), over HTTP. */
export interface SyncContext {
  label: string;
  db: Db;
  raw: RawDriver;
  server: ServerProcess;
  /** Another API process, started afresh with these extra variables (stopped by the caller). */
  freshServer(env?: Record<string, string>): Promise<ServerProcess>;
  /** A plant a fifth of the reference plant's size, in the same database: memory must not grow with the plant. */
  smallPlantId: number;
  plantId: number;
  typeIds: Map<string, number>;
  headers: Record<string, string>;
  admin: { email: string; password: string };
  runs: number;
}

/** One request over HTTP to the server process; the body read whole as text. */
async function request(ctx: SyncContext, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await fetch(`${ctx.server.origin}${url}`, {
    method,
    headers: { ...ctx.headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${url} answered ${res.status}: ${body.slice(0, 300)}`);
  return body;
}

const MB = 1024 * 1024;
const CHANGED = 10;
const PAGE_ROWS = 1000;
const PAGES = 10;

/** The raw baseline of a download: the same keyset chunks by the bare driver, the same lines, gzipped alike. */
async function rawDownload(raw: RawDriver, plantId: number, since: number) {
  async function* lines() {
    let version = since;
    let lastId: number | null = null;
    for (;;) {
      const chunk = await raw.syncChunk(plantId, version, lastId, SYNC_CHUNK);
      if (chunk.text) yield chunk.text;
      if (chunk.count === SYNC_CHUNK) {
        version = chunk.last!.version;
        lastId = chunk.last!.id;
      } else if (lastId === null) {
        return;
      } else {
        lastId = null;
      }
    }
  }
  let bytes = 0;
  await pipeline(Readable.from(lines()), createGzip({ level: GZIP_LEVEL, chunkSize: GZIP_CHUNK }), async (gzipped: AsyncIterable<Buffer>) => {
    for await (const chunk of gzipped) bytes += chunk.length;
  });
  return bytes;
}

async function fullDownload(ctx: SyncContext, elements: number): Promise<Figure[]> {
  const url = `${ctx.server.origin}/api/plants/${ctx.plantId}/sync/`;
  const figures: Figure[] = [];
  for (const encoding of ['gzip', 'identity'] as const) {
    const figure: Figure = {
      database: ctx.label,
      name: `plant sync, full download (${encoding}, ${elements} elements)`,
      api: [],
      raw: [],
      // DESIGN section 9: at least 200,000 elements/s.
      budget: encoding === 'gzip' ? { ms: Math.round((elements / 200_000) * 1000), of: 'median' } : undefined,
    };
    let bytes = 0;
    let growth = 0;
    const cpu: number[] = [];
    const runs = encoding === 'gzip' ? Math.min(ctx.runs, 5) : Math.min(ctx.runs, 2);
    await streamedGet(url, { ...ctx.headers, 'accept-encoding': encoding }, ctx.server);
    for (let i = 0; i < runs; i++) {
      const { ms, value } = await time(() => streamedGet(url, { ...ctx.headers, 'accept-encoding': encoding }, ctx.server));
      figure.api.push(ms);
      ({ bytes } = value);
      growth = Math.max(growth, value.growth);
      cpu.push(value.cpuMs);
      if (encoding === 'gzip') figure.raw.push((await time(() => rawDownload(ctx.raw, ctx.plantId, -1))).ms);
    }
    const rate = Math.round(elements / (median(figure.api) / 1000));
    figure.note =
      `${rate.toLocaleString('en')} elements/s; server process CPU ${(median(cpu) / 1000).toFixed(2)} s per download (median; every thread of the API's process, zlib's included, not the PostgreSQL server's); ${(bytes / MB).toFixed(1)} MB ${encoding === 'gzip' ? `gzip (level ${GZIP_LEVEL})` : 'of NDJSON'} over HTTP to a reader (in the bench's process) that drops it; ` +
      `peak growth of the server process' resident memory while streaming ${(growth / MB).toFixed(0)} MB` +
      (encoding === 'gzip' ? `; raw = the bare driver reading the same keyset chunks of ${SYNC_CHUNK} with the same lines written as the API writes them on this database (PostgreSQL: by the database, one text per 100 lines), gzipped alike` : '');
    figures.push(figure);
  }
  return figures;
}

async function incrementalAfterChange(ctx: SyncContext): Promise<Figure> {
  const modType = ctx.typeIds.get('MOD')!;
  const plant = await ctx.db.selectFrom('plants').select('state_group_id').where('id', '=', ctx.plantId).executeTakeFirstOrThrow();
  const states = await ctx.db
    .selectFrom('states')
    .innerJoin('state_group_states', 'state_group_states.state_id', 'states.id')
    .select('states.id')
    .where('state_group_states.state_group_id', '=', plant.state_group_id!)
    .where('states.element_type_id', '=', modType)
    .where('states.depends_on', 'is', null)
    .where('states.is_active', '=', 1)
    .orderBy('states.sort_order')
    .limit(2)
    .execute();
  const modules = await ctx.db.selectFrom('elements').select('id').where('plant_id', '=', ctx.plantId).where('type_id', '=', modType).orderBy('id').limit(CHANGED * 5).execute();
  const headerOf = (body: string) => JSON.parse(body.slice(0, body.indexOf('\n'))) as { cursor: string };
  const sync = (cursor?: string) => request(ctx, 'GET', `/api/plants/${ctx.plantId}/sync/${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
  let cursor = headerOf(await sync()).cursor;
  let version = await ctx.raw.plantVersion(ctx.plantId);
  const figure: Figure = { database: ctx.label, name: `plant sync, incremental after a ${CHANGED}-element change`, api: [], raw: [], budget: { ms: 100, of: 'p95' } };
  let lines = 0;
  for (let i = -2; i < ctx.runs; i++) {
    const ids = modules.slice((Math.abs(i) % 5) * CHANGED, (Math.abs(i) % 5) * CHANGED + CHANGED).map((m) => m.id);
    await request(ctx, 'POST', `/api/plants/${ctx.plantId}/modules/massive-state-change/`, { state: states[(i + 2) % 2].id, element_type: modType, element_ids: ids });
    const { ms, value: res } = await time(() => sync(cursor));
    cursor = headerOf(res).cursor;
    lines = res.trimEnd().split('\n').length - 1;
    const rawMs = (
      await time(async () => {
        await ctx.raw.plantVersion(ctx.plantId);
        return rawDownload(ctx.raw, ctx.plantId, version);
      })
    ).ms;
    version = await ctx.raw.plantVersion(ctx.plantId);
    if (i >= 0) {
      figure.api.push(ms);
      figure.raw.push(rawMs);
    }
  }
  figure.note = `${CHANGED} modules changed through the API before each request (untimed), then the answer from the previous cursor: header with the catalogues, ${lines} element lines; raw = the plant's version and the changed rows by the bare driver, as lines, gzipped`;
  return figure;
}

/** The paged element list over the first pages, every type, ordered by id: its rows/s beside the sync's elements/s. */
async function elementListPages(ctx: SyncContext): Promise<Figure> {
  const url = (page: number) => `/api/plants/${ctx.plantId}/elements/?ordering=id&page_size=${PAGE_ROWS}&page=${page}`;
  const figure: Figure = { database: ctx.label, name: `element list, pages of ${PAGE_ROWS} rows (pages 1–${PAGES}, every type)`, api: [], raw: [] };
  for (let i = -2; i < ctx.runs; i++) {
    const page = (Math.abs(i) % PAGES) + 1;
    const { ms } = await time(async () => JSON.parse(await request(ctx, 'GET', url(page))));
    const rawMs = (await time(() => ctx.raw.plantPage(ctx.plantId, PAGE_ROWS, (page - 1) * PAGE_ROWS))).ms;
    if (i >= 0) {
      figure.api.push(ms);
      figure.raw.push(rawMs);
    }
  }
  figure.note = `${Math.round(PAGE_ROWS / (median(figure.api) / 1000)).toLocaleString('en')} rows/s (JSON, uncompressed, count included; deeper pages read their offset first); raw = count + page by the bare driver`;
  return figure;
}

/**
 * Flat memory: the first gzip download of each plant by a freshly started server process (the
 * small plant, then the reference plant), each process' peak resident memory growth while it
 * streams; then the same with V8's old generation capped at HEAP_CAP_MB. A process that held the
 * answer, or let it pile up ahead of the socket, would grow with the plant, capped or not; one
 * that streams leaves garbage behind that V8 collects when its heap reaches the next limit, which
 * the cap brings closer.
 */
const HEAP_CAP_MB = 1024;

async function memoryByPlantSize(ctx: SyncContext, plants: { id: number; elements: number }[]): Promise<Figure> {
  const growth: string[] = [];
  const figure: Figure = { database: ctx.label, name: 'plant sync, first download by a fresh server, smaller plant then reference plant', api: [], raw: [] };
  for (const capped of [false, true]) {
    const sizes: string[] = [];
    for (const plant of plants) {
      const server = await ctx.freshServer(capped ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${HEAP_CAP_MB}`.trim() } : {});
      try {
        const headers = await login(server.origin, ctx.admin);
        const { ms, value } = await time(() =>
          streamedGet(`${server.origin}/api/plants/${plant.id}/sync/`, { ...headers, 'accept-encoding': 'gzip' }, server),
        );
        if (!capped) figure.api.push(ms);
        sizes.push(`${plant.elements.toLocaleString('en')} elements (${(value.bytes / MB).toFixed(1)} MB gzip): ${(value.growth / MB).toFixed(0)} MB`);
      } finally {
        await server.stop();
      }
    }
    growth.push(`${capped ? `old generation capped at ${HEAP_CAP_MB} MB` : 'default heap'}: ${sizes.join(', ')}`);
  }
  figure.note = `each in a server process started for it (maps warmed), its first download, gzip: peak growth of its resident memory while streaming; ${growth.join('; ')}`;
  return figure;
}

async function elementCount(ctx: SyncContext, plantId: number) {
  const { n } = await ctx.db.selectFrom('elements').select((eb) => eb.fn.countAll<number>().as('n')).where('plant_id', '=', plantId).executeTakeFirstOrThrow();
  return Number(n);
}

export async function syncFigures(ctx: SyncContext): Promise<Figure[]> {
  const n = await elementCount(ctx, ctx.plantId);
  return [
    ...(await fullDownload(ctx, n)),
    await incrementalAfterChange(ctx),
    await elementListPages(ctx),
    await memoryByPlantSize(ctx, [
      { id: ctx.smallPlantId, elements: await elementCount(ctx, ctx.smallPlantId) },
      { id: ctx.plantId, elements: n },
    ]),
  ];
}
