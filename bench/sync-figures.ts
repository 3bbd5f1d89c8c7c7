/**
 * Figures of the plant sync (issue "Offline I", DESIGN section 9: at least 200,000 elements/s
 * server side, an incremental answer after a small change under 100 ms), beside the paged element
 * list's rows/s measured in the same run.
 *
 * The full download goes through a real HTTP connection (app.listen) to a reader that counts the
 * bytes and drops them, as a device's download would be read, so that the answer is streamed and
 * not collected by inject; the resident memory is sampled meanwhile. The raw baseline does the same
 * work without the API: the bare driver reads the same rows in the same keyset chunks, writes the
 * same NDJSON lines and gzips them at the same level.
 */
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { SYNC_CHUNK } from '@heliotrack/server/src/modules/sync/sync.service';
import { GZIP_CHUNK, GZIP_LEVEL } from '@heliotrack/server/src/modules/sync/sync.routes';
import type { RawDriver } from './baselines';
import type { ReportContext } from './report-figures';
import { streamedGet } from './streamed';
import { type Figure, median, time } from './stats';

export type SyncContext = ReportContext;

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
      const rows = await raw.syncChunk(plantId, version, lastId, SYNC_CHUNK);
      let text = '';
      for (const row of rows) text += `${JSON.stringify(row.slice(0, -1))}\n`;
      if (text) yield text;
      if (rows.length === SYNC_CHUNK) {
        const last = rows[rows.length - 1];
        version = Number(last[last.length - 1]);
        lastId = Number(last[0]);
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
  // The report figures may have opened the app's socket already.
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/plants/${ctx.plantId}/sync/`;
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
    let heap = 0;
    const cpu: number[] = [];
    const runs = encoding === 'gzip' ? Math.min(ctx.runs, 5) : Math.min(ctx.runs, 2);
    await streamedGet(url, { ...ctx.headers, 'accept-encoding': encoding });
    for (let i = 0; i < runs; i++) {
      const { ms, value } = await time(() => streamedGet(url, { ...ctx.headers, 'accept-encoding': encoding }));
      figure.api.push(ms);
      ({ bytes } = value);
      growth = Math.max(growth, value.growth);
      heap = Math.max(heap, value.heap);
      cpu.push(value.cpuMs);
      if (encoding === 'gzip') figure.raw.push((await time(() => rawDownload(ctx.raw, ctx.plantId, -1))).ms);
    }
    const rate = Math.round(elements / (median(figure.api) / 1000));
    figure.note =
      `${rate.toLocaleString('en')} elements/s; API process CPU ${(median(cpu) / 1000).toFixed(2)} s per download (median; this process with zlib's thread, not the PostgreSQL server's); ${(bytes / MB).toFixed(1)} MB ${encoding === 'gzip' ? `gzip (level ${GZIP_LEVEL})` : 'of NDJSON'} over HTTP to a reader that drops it; ` +
      `peak RSS growth ${(growth / MB).toFixed(0)} MB, JS heap growth ${(heap / MB).toFixed(0)} MB while streaming` +
      (encoding === 'gzip' ? `; raw = the bare driver reading the same keyset chunks of ${SYNC_CHUNK}, writing the same lines, gzipped alike` : '');
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
  const headerOf = (res: { body: string }) => JSON.parse(res.body.slice(0, res.body.indexOf('\n'))) as { cursor: string };
  const sync = (cursor?: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/plants/${ctx.plantId}/sync/${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, headers: ctx.headers });
  let cursor = headerOf(await sync()).cursor;
  let version = await ctx.raw.plantVersion(ctx.plantId);
  const figure: Figure = { database: ctx.label, name: `plant sync, incremental after a ${CHANGED}-element change`, api: [], raw: [], budget: { ms: 100, of: 'p95' } };
  let lines = 0;
  for (let i = -2; i < ctx.runs; i++) {
    const ids = modules.slice((Math.abs(i) % 5) * CHANGED, (Math.abs(i) % 5) * CHANGED + CHANGED).map((m) => m.id);
    const change = await ctx.app.inject({
      method: 'POST',
      url: `/api/plants/${ctx.plantId}/modules/massive-state-change/`,
      headers: ctx.headers,
      payload: { state: states[(i + 2) % 2].id, element_type: modType, element_ids: ids },
    });
    if (change.statusCode !== 200) throw new Error(`state change answered ${change.statusCode}: ${change.body.slice(0, 300)}`);
    const { ms, value: res } = await time(() => sync(cursor));
    cursor = headerOf(res).cursor;
    lines = res.body.trimEnd().split('\n').length - 1;
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
    const { ms, value: res } = await time(() => ctx.app.inject({ method: 'GET', url: url(page), headers: ctx.headers }));
    if (res.statusCode !== 200) throw new Error(`${url(page)} answered ${res.statusCode}`);
    const rawMs = (await time(() => ctx.raw.plantPage(ctx.plantId, PAGE_ROWS, (page - 1) * PAGE_ROWS))).ms;
    if (i >= 0) {
      figure.api.push(ms);
      figure.raw.push(rawMs);
    }
  }
  figure.note = `${Math.round(PAGE_ROWS / (median(figure.api) / 1000)).toLocaleString('en')} rows/s (JSON, uncompressed, count included; deeper pages read their offset first); raw = count + page by the bare driver`;
  return figure;
}

export async function syncFigures(ctx: SyncContext): Promise<Figure[]> {
  const { n } = await ctx.db.selectFrom('elements').select((eb) => eb.fn.countAll<number>().as('n')).where('plant_id', '=', ctx.plantId).executeTakeFirstOrThrow();
  return [...(await fullDownload(ctx, Number(n))), await incrementalAfterChange(ctx), await elementListPages(ctx)];
}
