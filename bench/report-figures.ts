/**
 * Figures of issue 6 (dashboard, planning, reports, element export) on the reference plant:
 * the aggregates behind the dashboard screens, a PDF report made by the background job, and the
 * whole element list exported as xlsx and CSV through a real HTTP connection (so that the file is
 * streamed to a reader and not collected by inject), with the growth of the process' resident
 * memory while it streams.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@heliotrack/server/src/db/database';
import type { RawDriver } from './baselines';
import { type Figure, time } from './stats';
import { streamedGet } from './streamed';

export interface ReportContext {
  label: string;
  app: FastifyInstance;
  db: Db;
  raw: RawDriver;
  plantId: number;
  clientId: number;
  typeIds: Map<string, number>;
  headers: Record<string, string>;
  runs: number;
}

const MB = 1024 * 1024;

async function inject(ctx: ReportContext, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await ctx.app.inject({ method, url, payload: payload as object, headers: ctx.headers });
  if (res.statusCode >= 400)
    throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return res;
}

async function measure(
  ctx: ReportContext,
  name: string,
  runs: number,
  api: () => Promise<unknown>,
  raw: () => Promise<unknown>,
  warmup = 2,
) {
  for (let i = 0; i < warmup; i++) {
    await api();
    await raw();
  }
  const figure: Figure = { database: ctx.label, name, api: [], raw: [] };
  for (let i = 0; i < runs; i++) {
    figure.api.push((await time(api)).ms);
    figure.raw.push((await time(raw)).ms);
  }
  return figure;
}

/** A milestone of the plant's modules (made once, kept in the bench database). */
async function ensureMilestone(ctx: ReportContext) {
  const modType = ctx.typeIds.get('MOD')!;
  const existing = await ctx.db
    .selectFrom('milestones')
    .select('id')
    .where('plant_id', '=', ctx.plantId)
    .where('name', '=', 'Bench: módulos montados')
    .executeTakeFirst();
  if (existing) return existing.id;
  const state = await ctx.db
    .selectFrom('states')
    .select('id')
    .where('client_id', '=', ctx.clientId)
    .where('element_type_id', '=', modType)
    .where('depends_on', 'is', null)
    .orderBy('sort_order')
    .executeTakeFirstOrThrow();
  const plant = await ctx.db
    .selectFrom('plants')
    .select('start_date')
    .where('id', '=', ctx.plantId)
    .executeTakeFirstOrThrow();
  const start = plant.start_date ? new Date(plant.start_date) : new Date();
  const target = new Date(start.getTime() + 365 * 86_400_000).toISOString().slice(0, 10);
  const res = await inject(ctx, 'POST', `/api/plants/${ctx.plantId}/milestones/`, {
    name: 'Bench: módulos montados',
    element_type: modType,
    state: state.id,
    target_count: 400_000,
    target_date: target,
  });
  return res.json().id as number;
}

async function historyRows(ctx: ReportContext) {
  const row = await ctx.db
    .selectFrom('state_change_elements')
    .innerJoin('state_changes', 'state_changes.id', 'state_change_elements.state_change_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state_changes.plant_id', '=', ctx.plantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function dashboardFigures(ctx: ReportContext, milestoneId: number): Promise<Figure[]> {
  const modType = ctx.typeIds.get('MOD')!;
  const history = await historyRows(ctx);
  const dashboard = await measure(
    ctx,
    'dashboard/',
    ctx.runs,
    () => inject(ctx, 'GET', '/api/dashboard/'),
    () => ctx.raw.typeStateCounts(ctx.plantId),
  );
  dashboard.budget = { ms: 300, of: 'p95' };
  dashboard.note =
    'every plant of the organisation: counts per type and state, affected modules (code-prefix ranges), latest changes, a repeated view (the API answers the counts it keeps per plant version); raw = the per-type-and-state count of the reference plant done again (the next row is the uncached view)';

  // The counts per type and state are remembered per plant version: the figure above is a repeated
  // view. Right after a state change (here: the version bumped before each call) they are counted anew.
  const bumpVersion = () =>
    ctx.db
      .updateTable('plants')
      .set((eb) => ({ elements_version: eb('elements_version', '+', 1) }))
      .where('id', '=', ctx.plantId)
      .execute();
  const dashboardCold = await measure(
    ctx,
    'dashboard/ right after a state change',
    ctx.runs,
    async () => {
      await bumpVersion();
      return inject(ctx, 'GET', '/api/dashboard/');
    },
    () => ctx.raw.typeStateCounts(ctx.plantId),
  );
  dashboardCold.budget = { ms: 300, of: 'p95' };
  dashboardCold.note =
    'as dashboard/, with the plant version bumped (one UPDATE) before each call, so its counts are recomputed';

  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const byState = await measure(
    ctx,
    'elements-by-state as of yesterday',
    ctx.runs,
    () => inject(ctx, 'GET', `/api/elements-by-state/?plant=${ctx.plantId}&target_date=${yesterday}`),
    () => ctx.raw.stateCounts(ctx.plantId),
  );
  byState.budget = { ms: 300, of: 'p95' };
  byState.note = `today's counts with every change since undone (${history} history rows on the plant); raw = the count per current state`;

  const followup = await measure(
    ctx,
    'milestone follow-up (S-curve)',
    ctx.runs,
    () => inject(ctx, 'GET', `/api/plants/${ctx.plantId}/milestones/${milestoneId}/followup/`),
    () => ctx.raw.firstReachedByDay(ctx.plantId, modType),
  );
  followup.budget = { ms: 300, of: 'p95' };
  followup.note =
    'a year of daily points over the module history; raw = first day each module entered a state, counted per day';
  return [dashboard, dashboardCold, byState, followup];
}

async function pdfReport(ctx: ReportContext): Promise<Figure> {
  const base = `/api/plants/${ctx.plantId}/reports/`;
  const figure: Figure = {
    database: ctx.label,
    name: 'PDF report (job: snapshot, PDF, xlsx)',
    api: [],
    raw: [],
    budget: { ms: 10_000, of: 'max' },
  };
  let bytes = 0;
  for (let i = 0; i < Math.min(ctx.runs, 3); i++) {
    const { ms, value: id } = await time(async () => {
      const created = (await inject(ctx, 'POST', base, {})).json();
      for (;;) {
        const report = (await inject(ctx, 'GET', `${base}${created.id}/`)).json();
        if (report.status === 'done') return created.id as number;
        if (report.status === 'failed') throw new Error(`report failed: ${report.error}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    figure.api.push(ms);
    bytes = (await inject(ctx, 'GET', `${base}${id}/download/?format=pdf`)).rawPayload.length;
    await inject(ctx, 'GET', `${base}${id}/download/?format=xlsx`);
    await ctx.app.inject({ method: 'DELETE', url: `${base}${id}/`, headers: ctx.headers });
    figure.raw.push(
      (
        await time(async () =>
          Promise.all([ctx.raw.typeStateCounts(ctx.plantId), ctx.raw.stateCounts(ctx.plantId)]),
        )
      ).ms,
    );
  }
  figure.note = `from the POST to status done, polled every 20 ms; PDF of ${Math.round(bytes / 1024)} KB; raw = the two count queries the snapshot starts from`;
  return figure;
}

async function exports(ctx: ReportContext): Promise<Figure[]> {
  // run.ts has the server listening already (every core figure goes over HTTP).
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const figures: Figure[] = [];
  const rows = await ctx.db
    .selectFrom('elements')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plant_id', '=', ctx.plantId)
    .executeTakeFirstOrThrow();
  for (const format of ['xlsx', 'csv'] as const) {
    const figure: Figure = {
      database: ctx.label,
      name: `element export, all ${Number(rows.n)} elements, ${format}`,
      api: [],
      raw: [],
      budget: { ms: 30_000, of: 'max' },
    };
    let bytes = 0;
    let growth = 0;
    let heap = 0;
    for (let i = 0; i < Math.min(ctx.runs, 2); i++) {
      const { ms, value } = await time(() =>
        streamedGet(`${origin}/api/plants/${ctx.plantId}/elements/export/?format=${format}`, ctx.headers),
      );
      figure.api.push(ms);
      bytes = value.bytes;
      growth = Math.max(growth, value.growth);
      heap = Math.max(heap, value.heap ?? 0);
      figure.raw.push((await time(() => ctx.raw.exportRows(ctx.plantId))).ms);
    }
    figure.note = `streamed over HTTP to a reader that drops it: ${(bytes / MB).toFixed(1)} MB; peak RSS growth while streaming ${(growth / MB).toFixed(0)} MB, JS heap growth ${(heap / MB).toFixed(0)} MB (garbage not yet collected included); raw = the same rows read in keyset chunks of 5,000 with their joins`;
    figures.push(figure);
  }
  return figures;
}

export async function reportFigures(ctx: ReportContext): Promise<Figure[]> {
  const milestoneId = await ensureMilestone(ctx);
  return [...(await dashboardFigures(ctx, milestoneId)), await pdfReport(ctx), ...(await exports(ctx))];
}
