/**
 * `npm run bench [-- --mwp 250] [--runs 30] [--tiles-per-zoom 20] [--sqlite-only] [--only core|reports|sync|offline|writers|lists]`
 *
 * Measures the budgets of DESIGN section 9 on the generated reference plant (250 MWp, about
 * 500,000 elements; generated into data/bench/ on first use), on SQLite and, when a server is
 * reachable, PostgreSQL. The core and sync figures go over HTTP to the API started as `npm start`
 * starts it, in its own process (server-process.ts); the report figures use an app built in this
 * process (inject, and a socket for the exports); the offline ones drive Chromium. Each figure is
 * set against a raw baseline measured in the same run: the bare driver reading or writing the same
 * rows (and PostGIS, where it does the same work). Prints median and p95 of each.
 * Nothing here asserts a time: the table is for people to read.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { type BBox, type Position, ringBbox } from '@heliotrack/domain/geometry';
import { tilesCoveringBbox, type TileCoord } from '@heliotrack/domain/tiles';
import { buildApp } from '@heliotrack/server/src/app';
import { loadConfig } from '@heliotrack/server/src/lib/config';
import { sql } from 'kysely';
import { createDb, type Db } from '@heliotrack/server/src/db/database';
import { bufferedTileBbox, isDetailZoom, TILE_DETAIL_ONLY_TYPES } from '@heliotrack/domain/tile-content';
import { rawDriver, type RawDriver } from './baselines';
import { reportFigures } from './report-figures';
import { syncFigures } from './sync-figures';
import { offlineFigures } from './offline-figures';
import { postgresAnswers, writerFigures } from './writer-figures';
import { login, type ServerProcess, startServer } from './server-process';
import { BENCH_DATA_DIR, type BenchTarget, dropTarget, ensureReferencePlant, postgresTarget, sqliteTarget, StaleBenchDatabase } from './prepare';
import { type Figure, formatTable, median, percentile, time } from './stats';

const USAGE = 'usage: npm run bench -- [--mwp 250] [--runs 30] [--tiles-per-zoom 20] [--sqlite-only] [--only core|reports|sync|offline|writers|lists]';
const GROUPS = ['all', 'core', 'reports', 'sync', 'offline', 'writers', 'lists'] as const;
const ADMIN = { email: 'admin@heliotrack.demo', password: 'heliotrack' };
const POLYGON_TARGET = 10_000;
const TILE_ZOOMS = [14, 15, 16, 17, 18];

const log = (msg: string) => console.log(msg);

function options() {
  const { values } = parseArgs({
    options: {
      mwp: { type: 'string', default: '250' },
      runs: { type: 'string', default: '30' },
      'tiles-per-zoom': { type: 'string', default: '20' },
      'sqlite-only': { type: 'boolean', default: false },
      only: { type: 'string', default: 'all' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const mwp = Number(values.mwp);
  const runs = Number(values.runs);
  const tilesPerZoom = Number(values['tiles-per-zoom']);
  const only = values.only as (typeof GROUPS)[number];
  if (!(mwp > 0 && mwp <= 1000) || !(runs >= 1) || !(tilesPerZoom >= 1) || !GROUPS.includes(only)) {
    console.error(USAGE);
    process.exit(1);
  }
  return { mwp, runs: Math.round(runs), tilesPerZoom: Math.round(tilesPerZoom), sqliteOnly: values['sqlite-only'], only };
}

/** What the figures need to know about the reference plant. */
interface Context {
  label: string;
  db: Db;
  raw: RawDriver;
  plantId: number;
  clientId: number;
  adminId: number;
  typeIds: Map<string, number>;
  headers: Record<string, string>;
  /** The API in its own process, listening on http://127.0.0.1:<port>. */
  server: ServerProcess;
  runs: number;
  tilesPerZoom: number;
}

/** What a figure reads of an answer. */
interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string>;
  rawPayload: Buffer;
  /** Each caller knows the shape of its answer. */
  json(): any;
}

/**
 * One request over a real HTTP connection to the listening server (kept alive, as a browser
 * does): routing, auth, validation, serialisation, compression and the socket all count.
 */
async function inject(ctx: Context, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  const res = await fetch(`${ctx.server.origin}${url}`, {
    method,
    headers: { ...ctx.headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const rawPayload = Buffer.from(await res.arrayBuffer());
  if (res.status >= 400) throw new Error(`${method} ${url} answered ${res.status}: ${rawPayload.toString().slice(0, 300)}`);
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), rawPayload, json: () => JSON.parse(rawPayload.toString()) };
}

/** Runs api, raw (and PostGIS when given) alternately, `runs` times each after `warmup` untimed rounds. */
async function measure(
  ctx: Context,
  name: string,
  runs: number,
  api: (i: number) => Promise<unknown>,
  raw: (i: number) => Promise<unknown>,
  warmup = 3,
  postgis?: (i: number) => Promise<unknown>,
) {
  for (let i = 0; i < warmup; i++) {
    await api(-1 - i);
    await raw(-1 - i);
    await postgis?.(-1 - i);
  }
  const figure: Figure = { database: ctx.label, name, api: [], raw: [], postgis: postgis ? [] : undefined };
  for (let i = 0; i < runs; i++) {
    figure.api.push((await time(() => api(i))).ms);
    figure.raw.push((await time(() => raw(i))).ms);
    if (postgis) figure.postgis!.push((await time(() => postgis(i))).ms);
  }
  return figure;
}

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

/** The filter a site team uses most: modules in the most common state, in code order, page 3. */
async function listTarget(ctx: Context) {
  const modType = ctx.typeIds.get('MOD')!;
  const common = await ctx.db
    .selectFrom('elements')
    .select(['state_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('plant_id', '=', ctx.plantId)
    .where('type_id', '=', modType)
    .where('state_id', 'is not', null)
    .groupBy('state_id')
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
  const state = common.state_id!;
  return { modType, state, count: Number(common.n), url: `/api/plants/${ctx.plantId}/modules/?state=${state}&ordering=code&page=3&page_size=50` };
}

async function elementListPage(ctx: Context): Promise<Figure> {
  const list = await listTarget(ctx);
  const figure = await measure(
    ctx,
    'element list page (50 rows, state filter)',
    ctx.runs,
    () => inject(ctx, 'GET', list.url),
    () => ctx.raw.listPage(ctx.plantId, list.modType, [list.state], 50, 100, false),
  );
  figure.budget = { ms: 20, of: 'p95' };
  figure.note = `modules with state ${list.state} (${list.count} of them), page 3 of 50 ordered by code; the API keeps the count per plant version, so raw = the same page without a count`;
  return figure;
}

/**
 * Issue 32, "any page fast": a page of 50 of all the plant's modules in code order, at pages spread
 * over the whole list (a seeded shuffle, the last page included), against the driver reading the
 * same page with OFFSET and counting. The plant's version does not move meanwhile: the first
 * request of the list is answered with OFFSET while the API makes its page keys (page-keys.ts).
 */
async function randomListPages(ctx: Context): Promise<Figure> {
  const modType = ctx.typeIds.get('MOD')!;
  const urlOf = (page: number) => `/api/plants/${ctx.plantId}/modules/?ordering=code&page=${page}&page_size=50`;
  const count = (await inject(ctx, 'GET', urlOf(1))).json().count as number;
  const last = Math.max(1, Math.ceil(count / 50));
  // The first deep page of the list is read with OFFSET and has the keys made in the background.
  await inject(ctx, 'GET', urlOf(last));
  await new Promise((wait) => setTimeout(wait, 3000));
  let seed = 32;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const runs = Math.max(40, ctx.runs);
  const pages = [last, ...Array.from({ length: runs + 3 }, () => 1 + Math.floor(next() * last))];
  const pageOf = (i: number) => pages[i < 0 ? runs - 1 - i : i];
  const figure = await measure(
    ctx,
    'element list, random page of all modules (50 rows)',
    runs,
    (i) => inject(ctx, 'GET', urlOf(pageOf(i))),
    (i) => ctx.raw.listPage(ctx.plantId, modType, [], 50, (pageOf(i) - 1) * 50, true),
  );
  figure.budget = { ms: 20, of: 'p95' };
  figure.note = `${count} modules, ${last} pages, ${runs} pages spread over them (the last among them), ordered by code, timed from 3 s after the first deep page (whose keys the API makes meanwhile); raw = the same page by the driver with OFFSET, and the count`;
  return figure;
}

/** An octagon of radius `metres` around a point; longitude stretched for the latitude. */
function octagon([lon, lat]: Position, metres: number): Position[] {
  const dLat = metres / 111_195;
  const dLon = dLat / Math.cos((lat * Math.PI) / 180);
  const ring: Position[] = [];
  for (let k = 0; k < 8; k++) {
    const angle = (Math.PI / 8) * (2 * k + 1);
    ring.push([lon + dLon * Math.cos(angle), lat + dLat * Math.sin(angle)]);
  }
  ring.push(ring[0]);
  return ring;
}

async function polygonSelection(ctx: Context, bounds: BBox): Promise<{ figures: Figure[]; ids: number[]; messages: string[] }> {
  const centre: Position = [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2];
  const urlOf = (ring: Position[], fields = '') =>
    `/api/plants/${ctx.plantId}/modules/by-polygon?${fields}polygon=${encodeURIComponent(ring.map(([x, y]) => `${x} ${y}`).join(','))}`;
  // Size the octagon so that it selects about 10,000 modules.
  let metres = 150;
  let ring = octagon(centre, metres);
  let ids: number[] = [];
  for (let attempt = 0; attempt < 8; attempt++) {
    ring = octagon(centre, metres);
    ids = (await inject(ctx, 'GET', urlOf(ring, 'fields=id&'))).json().ids;
    if (Math.abs(ids.length - POLYGON_TARGET) < POLYGON_TARGET * 0.03 || ids.length === 0) break;
    metres *= Math.sqrt(POLYGON_TARGET / Math.max(ids.length, 1));
  }
  const modType = ctx.typeIds.get('MOD')!;
  const messages: string[] = [];
  const wkt = `POLYGON((${ring.map(([x, y]) => `${x} ${y}`).join(',')}))`;
  const covered = await ctx.raw.coveredIds(ctx.plantId, modType, wkt);
  const full: number[] = (await inject(ctx, 'GET', urlOf(ring))).json().map((e: { id: number }) => e.id);
  const same = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);
  if (!same(full, ids)) throw new Error(`fields=id answered ${ids.length} ids, the full answer ${full.length} elements`);
  if (covered && !same(covered, ids)) messages.push(`${ctx.label}: PostGIS ST_Covers selects ${covered.length} modules, the API ${ids.length} (${covered.filter((id) => !ids.includes(id)).length} only in PostGIS)`);
  if (!covered) messages.push(`${ctx.label}: ${await ctx.raw.postgisNote()}`);

  const runs = Math.max(20, Math.min(ctx.runs, 30));
  const compact = await measure(
    ctx,
    `polygon selecting ${ids.length} modules, fields=id`,
    runs,
    () => inject(ctx, 'GET', urlOf(ring, 'fields=id&')),
    () => ctx.raw.elementsWithin(ctx.plantId, modType, ringBbox(ring)),
    3,
    covered ? () => ctx.raw.coveredIds(ctx.plantId, modType, wkt) : undefined,
  );
  compact.budget = { ms: 150, of: 'p95' };
  compact.note =
    `octagon of ${Math.round(metres)} m radius at the plant's centre, {count, ids} JSON (what the map uses); raw = the bbox candidate rows only (no exact test)` +
    (covered ? `; PostGIS = ST_Covers of the same ring on a GiST index, same ids (${covered.length}), written as the same JSON (goal: API ≤ 2× PostGIS)` : '');
  let candidates = 0;
  const rows = await measure(
    ctx,
    `polygon selecting ${ids.length} modules, full rows`,
    Math.min(ctx.runs, 20),
    () => inject(ctx, 'GET', urlOf(ring)),
    async () => (candidates = await ctx.raw.elementsWithin(ctx.plantId, modType, ringBbox(ring))),
  );
  rows.note = `the same octagon answered with every element field (other callers); raw = the ${candidates} candidate rows of the bbox query (no exact test, no JSON)`;
  return { figures: [compact, rows], ids, messages };
}

/** Select all: every module id of the plant in one request to ids/, against the driver reading and writing the same. */
async function selectAllIds(ctx: Context): Promise<Figure> {
  const modType = ctx.typeIds.get('MOD')!;
  const url = `/api/plants/${ctx.plantId}/modules/ids/`;
  let count = 0;
  let bytes = 0;
  const figure = await measure(
    ctx,
    'select all: every module id (ids/)',
    // A p95 of at least 20 samples.
    20,
    async () => {
      const res = await inject(ctx, 'GET', url);
      bytes = res.rawPayload.length;
      count = res.json().count;
    },
    () => ctx.raw.typeIds(ctx.plantId, modType),
    1,
  );
  figure.budget = { ms: 1000, of: 'p95' };
  figure.note = `${count} ids, ${Math.round(bytes / 1024)} KB on the wire; raw = the same ids read by the driver, ordered, written as the same JSON`;
  return figure;
}

function sampleTiles(bounds: BBox, perZoom: number): TileCoord[] {
  const sample: TileCoord[] = [];
  for (const z of TILE_ZOOMS) {
    const all = tilesCoveringBbox(bounds, z);
    const step = Math.max(1, all.length / perZoom);
    for (let i = 0; i < Math.min(perZoom, all.length); i++) sample.push(all[Math.floor(i * step)]);
  }
  return sample;
}

async function vectorTiles(ctx: Context, bounds: BBox): Promise<Figure[]> {
  const tiles = sampleTiles(bounds, ctx.tilesPerZoom);
  const extent = await ctx.db
    .selectFrom('elements')
    .select((eb) => [eb.fn.max<number>(eb('max_x', '-', eb.ref('min_x'))).as('w'), eb.fn.max<number>(eb('max_y', '-', eb.ref('min_y'))).as('h')])
    .where('plant_id', '=', ctx.plantId)
    .executeTakeFirstOrThrow();
  const overviewTypes = [...ctx.typeIds].filter(([code]) => !TILE_DETAIL_ONLY_TYPES.includes(code)).map(([, id]) => id);
  const urlOf = (t: TileCoord) => `/api/plants/${ctx.plantId}/tiles/${t.z}/${t.x}/${t.y}.pbf`;
  const rawOf = (t: TileCoord) =>
    ctx.raw.tileRows(ctx.plantId, bufferedTileBbox(t.z, t.x, t.y), Number(extent.w), Number(extent.h), isDetailZoom(t.z) ? null : overviewTypes);

  const perZoom = new Map<string, number[]>();
  const etags = new Map<TileCoord, string>();
  let bytes = 0;
  let postgisBytes = 0;
  // PostGIS + a tile server, beside each tile (null: no PostGIS here).
  const withPostgis = (await ctx.raw.postgisTile(ctx.plantId, tiles[0], null).catch(() => null)) !== null;
  const pass = async (name: string, tag: string, revalidate: boolean) => {
    const figure: Figure = { database: ctx.label, name, api: [], raw: [], postgis: withPostgis ? [] : undefined, budget: { ms: 50, of: 'p95' } };
    for (const t of tiles) {
      const headers: Record<string, string> = revalidate ? { 'if-none-match': etags.get(t)! } : {};
      const { ms, value: res } = await time(() => inject(ctx, 'GET', urlOf(t), undefined, headers));
      if (revalidate && res.statusCode !== 304) throw new Error(`tile ${urlOf(t)} answered ${res.statusCode} to a matching If-None-Match`);
      if (!revalidate) {
        etags.set(t, res.headers.etag as string);
        bytes = Math.max(bytes, res.rawPayload.length);
      }
      figure.api.push(ms);
      figure.raw.push((await time(() => rawOf(t))).ms);
      const key = `${tag} z${t.z}`;
      if (!revalidate) perZoom.set(key, [...(perZoom.get(key) ?? []), ms]);
      if (withPostgis && !revalidate) {
        const { ms: postgisMs, value: size } = await time(() => ctx.raw.postgisTile(ctx.plantId, t, isDetailZoom(t.z) ? null : overviewTypes));
        figure.postgis!.push(postgisMs);
        postgisBytes = Math.max(postgisBytes, size ?? 0);
        perZoom.set(`PostGIS ${key}`, [...(perZoom.get(`PostGIS ${key}`) ?? []), postgisMs]);
      }
    }
    return figure;
  };
  // First pass: the first request of each tile since the server started (and warmed its maps).
  const cold = await pass(`vector tile z14–18, first request since start (${tiles.length} tiles)`, 'cold', false);
  cold.note = `first request of each tile since the server started (the first is its first tile request; start and warm-up took ${(ctx.server.startMs / 1000).toFixed(1)} s before listening); raw = the rows drawn, geometry text included`;
  const warm = await pass(`vector tile z14–18, warm (${tiles.length} tiles)`, 'warm', false);
  warm.note = `same tiles again (encoded tiles kept by ETag); largest tile ${Math.round(bytes / 1024)} KB; raw = the rows drawn, geometry text included`;
  const revalidated = await pass('vector tile, 304 on If-None-Match', '304', true);
  revalidated.budget = undefined;
  revalidated.postgis = undefined;
  if (withPostgis) {
    const postgisNote = `; PostGIS = ST_AsMVT of the same tile (one layer, the same properties joined from the elements) over Web Mercator geometries with a GiST index, largest ${Math.round(postgisBytes / 1024)} KB (PostGIS keeps no tiles: its first and later requests do the same work)`;
    cold.note += postgisNote;
    warm.note += postgisNote;
  }
  for (const [key, sample] of perZoom) {
    log(`  ${ctx.label} tile ${key.padEnd(12)} n=${String(sample.length).padStart(3)}  median ${median(sample).toFixed(1)} ms  p95 ${percentile(sample, 95).toFixed(1)} ms`);
  }
  return [cold, warm, revalidated];
}

/** The active states of a type that depend on no other: any element may be put in them. */
function freeStates(ctx: Context, typeId: number) {
  return ctx.db
    .selectFrom('states')
    .select('id')
    .where('client_id', '=', ctx.clientId)
    .where('element_type_id', '=', typeId)
    .where('depends_on', 'is', null)
    .where('is_active', '=', 1)
    .orderBy('sort_order')
    .execute();
}

/**
 * The uncached figures: a low-zoom tile right after a state change of one tracker, and a list of
 * modules right after a state change of ten modules (through the API, untimed), so that the
 * server's kept overview and counts are stale.
 */
async function afterStateChange(ctx: Context, bounds: BBox): Promise<Figure[] | string> {
  const [tile] = tilesCoveringBbox(bounds, 15);
  const url = `/api/plants/${ctx.plantId}/tiles/${tile.z}/${tile.x}/${tile.y}.pbf`;
  const trackerType = ctx.typeIds.get('TRA')!;
  const tracker = await ctx.db.selectFrom('elements').select('id').where('plant_id', '=', ctx.plantId).where('type_id', '=', trackerType).orderBy('id').executeTakeFirstOrThrow();
  const states = await freeStates(ctx, trackerType);
  if (states.length < 2) return 'figures after a state change skipped: fewer than two tracker states without depends_on';
  const list = await listTarget(ctx);
  const moduleStates = await freeStates(ctx, list.modType);
  if (moduleStates.length < 2) return 'figures after a state change skipped: fewer than two module states without depends_on';
  const modules = await ctx.db.selectFrom('elements').select('id').where('plant_id', '=', ctx.plantId).where('type_id', '=', list.modType).orderBy('id', 'desc').limit(10).execute();
  const overviewTypes = [...ctx.typeIds].filter(([code]) => !TILE_DETAIL_ONLY_TYPES.includes(code)).map(([, id]) => id);
  const tileFigure: Figure = { database: ctx.label, name: 'vector tile z15 right after a state change', api: [], raw: [], budget: { ms: 50, of: 'p95' } };
  const listFigure: Figure = { database: ctx.label, name: 'element list page right after a state change', api: [], raw: [], budget: { ms: 20, of: 'p95' } };
  let changes = 0;
  const change = () =>
    inject(ctx, 'POST', `/api/plants/${ctx.plantId}/trackers/massive-state-change/`, { state: states[changes++ % 2].id, element_type: trackerType, element_ids: [tracker.id] });
  let moduleChanges = 0;
  const changeModules = () =>
    inject(ctx, 'POST', `/api/plants/${ctx.plantId}/modules/massive-state-change/`, {
      state: moduleStates[moduleChanges++ % 2].id,
      element_type: list.modType,
      element_ids: modules.map((m) => m.id),
    });
  await inject(ctx, 'GET', url);
  // A p95 of at least 20 samples.
  for (let i = 0; i < Math.max(20, ctx.runs); i++) {
    await change();
    tileFigure.api.push((await time(() => inject(ctx, 'GET', url))).ms);
    tileFigure.raw.push((await time(() => ctx.raw.overviewStates(ctx.plantId, overviewTypes))).ms);
    await changeModules();
    listFigure.api.push((await time(() => inject(ctx, 'GET', list.url))).ms);
    listFigure.raw.push((await time(() => ctx.raw.listPage(ctx.plantId, list.modType, [list.state], 50, 100, true))).ms);
  }
  tileFigure.note = 'one tracker changed through the API before each request; the API applies the new history rows to the overview it keeps; raw = every overview state read again from the index';
  listFigure.note = `the list page of the first row, each request right after 10 modules changed state through the API (the plant's version moved: the API brings the list's kept count forward from the history rows since, list-counts.ts); raw = the count (counted again) and the page by the driver`;
  return [tileFigure, listFigure];
}

async function massiveStateChange(ctx: Context, ids: number[]): Promise<Figure | string> {
  const modType = ctx.typeIds.get('MOD')!;
  const plant = await ctx.db.selectFrom('plants').select('state_group_id').where('id', '=', ctx.plantId).executeTakeFirstOrThrow();
  // Two states any module may enter whatever its current one (no depends_on), to go back and forth.
  const states = await ctx.db
    .selectFrom('states')
    .innerJoin('state_group_states', 'state_group_states.state_id', 'states.id')
    .select(['states.id', 'states.code'])
    .where('state_group_states.state_group_id', '=', plant.state_group_id!)
    .where('states.element_type_id', '=', modType)
    .where('states.depends_on', 'is', null)
    .where('states.is_active', '=', 1)
    .orderBy('states.sort_order')
    .execute();
  if (states.length < 2) return 'massive state change skipped: the plant has fewer than two module states without depends_on';
  const chosen = ids.slice(0, POLYGON_TARGET);
  const stateOf = (i: number) => states[(i + 100) % 2].id;
  const figure = await measure(
    ctx,
    `massive state change of ${chosen.length} modules`,
    // A p95 of at least 20 samples.
    20,
    (i) => inject(ctx, 'POST', `/api/plants/${ctx.plantId}/modules/massive-state-change/`, { state: stateOf(i), element_type: modType, element_ids: chosen }),
    (i) => ctx.raw.massiveChange({ clientId: ctx.clientId, plantId: ctx.plantId, typeId: modType, stateId: stateOf(i), userId: ctx.adminId, ids: chosen }),
    1,
  );
  figure.budget = { ms: 1000, of: 'p95' };
  figure.note = `the modules of the polygon, between ${states[0].code} and ${states[1].code}; raw = history row, link rows with previous state, element updates, version bump, one transaction`;
  return figure;
}

/**
 * The massive changes above leave some 200,000 dead row versions in `elements`. A PostgreSQL server
 * with its default settings vacuums them within a minute (autovacuum), which sets the visibility
 * map that the counts' index-only scans rely on; a server with autovacuum off (this machine's test
 * server) never does, and every later count fetches each row from the heap (the list page's count
 * of 155,000 modules: 102 ms before a VACUUM, 9–16 ms after). There the bench vacuums, as
 * autovacuum would, and says so.
 */
async function vacuumWhereAutovacuumIsOff(ctx: Context, target: BenchTarget): Promise<string | null> {
  if (target.kind !== 'postgres') return null;
  const { rows } = await sql<{ autovacuum: string }>`show autovacuum`.execute(ctx.db);
  if (rows[0]?.autovacuum !== 'off') return null;
  const { ms } = await time(() => sql`vacuum (analyze) elements`.execute(ctx.db));
  return `autovacuum is off on this server: after the massive state changes the bench ran VACUUM (ANALYZE) on elements itself (${(ms / 1000).toFixed(1)} s), as autovacuum would on a server with its defaults`;
}

// ---------------------------------------------------------------------------------------------

async function benchDatabase(target: BenchTarget, opts: ReturnType<typeof options>): Promise<{ figures: Figure[]; messages: string[] }> {
  try {
    return await benchDatabaseOnce(target, opts);
  } catch (error) {
    if (!(error instanceof StaleBenchDatabase)) throw error;
    log(`the kept ${target.kind} database does not match the migrations (${error.message}): generating it again`);
    await dropTarget(target);
    return benchDatabaseOnce(target, opts);
  }
}

async function benchDatabaseOnce(target: BenchTarget, opts: ReturnType<typeof options>): Promise<{ figures: Figure[]; messages: string[] }> {
  const label = target.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const env = {
    DATA_DIR: BENCH_DATA_DIR,
    DATABASE_URL: target.url,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    ACCESS_TOKEN_TTL: '1d',
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_ACCOUNT: '1000',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // The daily report snapshots would run in the background during the figures.
    HISTORIC_REPORTS: 'off',
    WEB_DIST: path.join(BENCH_DATA_DIR, 'no-web'),
  };
  const config = loadConfig(env);
  const db = createDb({ url: target.url });
  let raw: RawDriver | undefined;
  let server: ServerProcess | undefined;
  let app: FastifyInstance | undefined;
  try {
    const plantId = await ensureReferencePlant(db, target, opts.mwp, log);
    const driver = rawDriver(target);
    raw = driver;
    const plant = await db.selectFrom('plants').select(['client_id']).where('id', '=', plantId).executeTakeFirstOrThrow();
    const { n } = await db.selectFrom('elements').select((eb) => eb.fn.countAll<number>().as('n')).where('plant_id', '=', plantId).executeTakeFirstOrThrow();
    log(`\n${label}: plant REF-${opts.mwp} (id ${plantId}), ${Number(n)} elements`);
    const admin = await db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
    const types = await db.selectFrom('element_types').select(['id', 'code']).where('client_id', '=', plant.client_id).execute();
    const typeIds = new Map(types.map((t) => [t.code, t.id]));

    const figures: Figure[] = [];
    const messages: string[] = [];
    const wanted = (group: (typeof GROUPS)[number]) => opts.only === 'all' || opts.only === group;
    // The API as `npm start` runs it, in its own process; the time until it answers (maps warmed
    // before it listens) is a figure of its own.
    const serverFor = async () => {
      if (server) return server;
      server = await startServer(env, log);
      log(`${label}: server listening after ${(server.startMs / 1000).toFixed(1)} s (maps warmed), its resident memory ${Math.round(server.rss() / 1048576)} MB`);
      return server;
    };
    // The core and list figures read the same plant through the same server, signed in as the administrator.
    const contextFor = async (): Promise<Context> => {
      const ctx: Context = {
        label,
        db,
        raw: driver,
        plantId,
        clientId: plant.client_id,
        adminId: admin.id,
        typeIds,
        headers: {},
        server: await serverFor(),
        runs: opts.runs,
        tilesPerZoom: opts.tilesPerZoom,
      };
      ctx.headers = await login(ctx.server.origin, ADMIN);
      return ctx;
    };
    if (wanted('core')) {
      const ctx = await contextFor();
      const bounds: BBox = (await inject(ctx, 'GET', `/api/plants/${plantId}/tiles/bounds/`)).json().bbox;
      figures.push(await elementListPage(ctx));
      // Tiles before anything else reads geometries, so that the first pass is really cold.
      figures.push(...(await vectorTiles(ctx, bounds)));
      const polygon = await polygonSelection(ctx, bounds);
      figures.push(...polygon.figures);
      messages.push(...polygon.messages);
      figures.push(await selectAllIds(ctx));
      const massive = await massiveStateChange(ctx, polygon.ids).catch((error: Error) => `massive state change failed: ${error.message}`);
      if (typeof massive === 'string') messages.push(`${label}: ${massive}`);
      else figures.push(massive);
      const vacuumed = await vacuumWhereAutovacuumIsOff(ctx, target);
      if (vacuumed) messages.push(`${label}: ${vacuumed}`);
      const afterChange = await afterStateChange(ctx, bounds).catch((error: Error) => `figures after a state change failed: ${error.message}`);
      if (typeof afterChange === 'string') messages.push(`${label}: ${afterChange}`);
      else figures.push(...afterChange);
    }
    if (wanted('lists')) {
      const ctx = await contextFor();
      figures.push(await randomListPages(ctx));
    }
    // After the state changes above, so that the as-of-a-date and follow-up figures read some history.
    if (wanted('reports')) {
      app = await buildApp({ config, db, logger: false });
      await app.ready();
      await app.mapsWarmed();
      const headers = (await app.inject({ method: 'POST', url: '/api/token/', payload: ADMIN })).json() as { access: string };
      figures.push(
        ...(await reportFigures({ label, app, db, raw, plantId, clientId: plant.client_id, typeIds, headers: { authorization: `Bearer ${headers.access}` }, runs: opts.runs })),
      );
    }
    // Last: its incremental figure changes modules.
    if (wanted('sync')) {
      // A fifth of the reference plant, to show that the download's memory does not grow with the plant.
      const smallPlantId = await ensureReferencePlant(db, target, Math.max(1, Math.round(opts.mwp / 5)), log);
      const syncServer = await serverFor();
      figures.push(
        ...(await syncFigures({
          label,
          db,
          raw,
          server: syncServer,
          freshServer: (extra = {}) => startServer({ ...env, ...extra }, log),
          smallPlantId,
          plantId,
          typeIds,
          headers: await login(syncServer.origin, ADMIN),
          admin: ADMIN,
          runs: opts.runs,
        })),
      );
    }
    // The device's local database in headless Chromium against this server over HTTP. The local
    // side does not depend on the server's database, so it runs once, against the SQLite server.
    if (wanted('offline') && target.kind === 'sqlite') {
      figures.push(...(await offlineFigures({ label: 'browser', db, config, plantId, typeIds, admin: ADMIN, runs: opts.runs, tilesPerZoom: opts.tilesPerZoom, log })));
    }
    return { figures, messages };
  } finally {
    await server?.stop();
    await app?.close();
    await db.destroy();
    await raw?.close();
  }
}

async function main() {
  const opts = options();
  const started = performance.now();
  const loadAtStart = os.loadavg();
  // The writers figure runs on databases of its own (the demo's plant CAR-01), not on the reference plant.
  const targets: BenchTarget[] = opts.only === 'writers' ? [] : [sqliteTarget(opts.mwp)];
  // The offline figures run against the SQLite server only: no PostgreSQL database to prepare for them.
  if (!opts.sqliteOnly && opts.only !== 'offline' && opts.only !== 'writers') {
    const postgres = await postgresTarget(opts.mwp, log);
    if (postgres) targets.push(postgres);
  }
  const figures: Figure[] = [];
  const messages: string[] = [];
  for (const target of targets) {
    const result = await benchDatabase(target, opts);
    figures.push(...result.figures);
    messages.push(...result.messages);
  }
  if (opts.only === 'all' || opts.only === 'writers') {
    const writers = { writers: 32, writes: 20, rounds: 3, log };
    figures.push(...(await writerFigures({ ...writers, kind: 'sqlite' })).figures);
    if (!opts.sqliteOnly && (await postgresAnswers())) figures.push(...(await writerFigures({ ...writers, kind: 'postgres' })).figures);
  }
  log(`\nReference plant ${opts.mwp} MWp · ${opts.runs} runs per figure (polygon, select all and massive change 20; at least 20 for every p95 of a core figure) · Node ${process.version}`);
  // Other work on the machine inflates every figure; say how busy it was.
  log(`${os.cpus().length} CPUs · load average at start ${loadAtStart.map((l) => l.toFixed(1)).join(' ')}, at end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  log(formatTable(figures));
  for (const message of messages) log(message);
  log(`\nbench done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
