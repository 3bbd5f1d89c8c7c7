import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { FileSystemStorage } from '../src/lib/storage';
import { InProcessJobQueue } from '../src/lib/jobs/job-queue';
import {
  HistoricReportScheduler,
  ReportGenerator,
  resumeUnfinishedReports,
} from '../src/modules/reports/report-jobs';
import type { ReportSnapshot, ReportSources } from '../src/modules/reports/report-snapshot';
import { DashboardService } from '../src/modules/dashboard/dashboard.service';
import { MilestonesService } from '../src/modules/milestones/milestones.service';
import type { Db } from '../src/db/database';
import { describeEachDatabase, type Method, type TestContext, USERS } from './helpers';
import { createProgressFixture, FIXTURE_PLANT_CODE, type ProgressFixture } from './progress-fixture';

/*
 * Issue 6, reports and historic reports: made in the background from the hand-computed plant of
 * progress-fixture.ts, downloaded as PDF and xlsx, listed, filtered, deleted, and kept daily by the
 * scheduled job.
 */

function client(get: () => TestContext) {
  /** Polls the report until its job has finished (the web polls the same way). */
  const finished = async (url: string, email: string = USERS.admin) => {
    for (let i = 0; i < 600; i++) {
      const { body } = await get().call('GET', url, { as: email });
      if (body.status === 'done' || body.status === 'failed') return body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`report ${url} did not finish`);
  };
  return { finished };
}

const today = () => new Date().toISOString().slice(0, 10);
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

/** What buildApp hands a report generator: the dashboard's and the milestones' services. */
const reportSources = (db: Db): ReportSources => ({ dashboard: new DashboardService(db), milestones: new MilestonesService(db) });

describeEachDatabase('reports', (get) => {
  let fx: ProgressFixture;
  let technicianId: number;
  const { finished } = client(get);
  const base = () => `/api/plants/${fx.plantId}/reports/`;
  const snapshotOf = async (id: number) => {
    const row = await get()
      .db.selectFrom('reports')
      .select('snapshot')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.snapshot!) as ReportSnapshot;
  };

  beforeAll(async () => {
    fx = await createProgressFixture(get().db);
    const technician = await get()
      .db.selectFrom('users')
      .select('id')
      .where('email', '=', USERS.technician)
      .executeTakeFirstOrThrow();
    technicianId = technician.id;
    await get()
      .db.insertInto('user_plants')
      .values({ user_id: technicianId, plant_id: fx.plantId })
      .execute();
    // CONE is reached on 2026-01-12 by two modules (a, d); the target date is long past.
    const milestone = await get().call('POST', `/api/plants/${fx.plantId}/milestones/`, {
      payload: {
        name: 'Módulos conectados',
        element_type: fx.types.get('MOD'),
        state: fx.states.get('MOD.CONE'),
        target_count: 4,
        target_date: '2026-01-13',
      },
    });
    expect(milestone.status).toBe(201);
  });

  it('answers 202 pending at once, then makes the snapshot in the background with the hand-computed figures', async () => {
    const created = await get().call('POST', base(), { payload: {} });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({
      plant: fx.plantId,
      kind: 'report',
      element_type: null,
      language: 'es',
      status: 'pending',
      progress: 0,
      finished_at: null,
      error: null,
    });
    expect(created.body.author).toMatchObject({ id: fx.adminId });

    const done = await finished(`${base()}${created.body.id}/`);
    expect(done).toMatchObject({ status: 'done', progress: 100, element_count: 17, error: null });
    expect(done.finished_at).not.toBeNull();

    const snapshot = await snapshotOf(created.body.id);
    expect(snapshot.report_date).toBe(today());
    expect(snapshot.plant).toMatchObject({ id: fx.plantId, code: FIXTURE_PLANT_CODE, power: 0.0054 });
    const figures = Object.fromEntries(
      snapshot.types.map((t) => [t.code, [t.total, t.ok, t.not_ok, t.no_state]]),
    );
    expect(figures).toEqual({
      CTR: [2, 0, 0, 2],
      INV: [1, 0, 1, 0],
      TRA: [2, 1, 1, 0],
      STR: [3, 1, 1, 1],
      MOD: [9, 6, 2, 1],
    });
    const modules = snapshot.types.find((t) => t.code === 'MOD')!;
    expect(modules.name).toBe('Módulos');
    expect(modules.ok_share).toBe(0.6667);
    expect(Object.fromEntries(modules.states.filter((s) => s.count).map((s) => [s.code, s.count]))).toEqual({
      MONT: 3,
      CONE: 1,
      NOK: 2,
      INSP: 1,
      PEND: 1,
    });
    expect(snapshot.anomalies).toEqual({ anomaly_count: 5, affected_modules: 5, affected_power_kw: 3 });
    expect(snapshot.milestones).toHaveLength(1);
    expect(snapshot.milestones[0]).toMatchObject({
      name: 'Módulos conectados',
      target_count: 4,
      planned_at_date: 4,
      actual_at_date: 2,
      start_date: '2026-01-09',
    });
    expect(snapshot.milestones[0].points.map((p) => p.actual)).toEqual([0, 0, 0, 2, 2]);
  });

  it('downloads the PDF and the xlsx made from the same snapshot, with readable file names', async () => {
    const { body: created } = await get().call('POST', base(), { payload: {} });
    await finished(`${base()}${created.id}/`);

    const pdf = await get().call('GET', `${base()}${created.id}/download/?format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(
      `filename="informe-${FIXTURE_PLANT_CODE}-${today()}.pdf"`,
    );
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf.bytes)).toBeGreaterThanOrEqual(2);
    if (process.env.REPORT_PDF_OUT) fs.writeFileSync(process.env.REPORT_PDF_OUT, pdf.bytes);

    const xlsx = await get().call('GET', `${base()}${created.id}/download/?format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(
      `filename="informe-${FIXTURE_PLANT_CODE}-${today()}.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from(xlsx.bytes));
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      'Resumen',
      'Avance',
      'Estados',
      'Anomalías',
      'Hitos',
      'Seguimiento',
    ]);
    const progress = workbook.getWorksheet('Avance')!;
    const modRow = progress.getRows(2, progress.rowCount - 1)!.find((r) => r.getCell(1).value === 'MOD')!;
    expect([
      modRow.getCell(3).value,
      modRow.getCell(4).value,
      modRow.getCell(5).value,
      modRow.getCell(6).value,
    ]).toEqual([9, 6, 2, 1]);
    expect(workbook.getWorksheet('Anomalías')!.getCell('B4').value).toBe(3);
    expect(workbook.getWorksheet('Hitos')!.getCell('H2').value).toBe(2);
    expect(workbook.getWorksheet('Seguimiento')!.rowCount).toBe(6);

    // In English: the report's language names the file and the sheets.
    const { body: english } = await get().call('POST', base(), { payload: {}, language: 'en' });
    expect(english.language).toBe('en');
    await finished(`${base()}${english.id}/`);
    const enXlsx = await get().call('GET', `${base()}${english.id}/download/?format=xlsx`);
    expect(enXlsx.headers['content-disposition']).toContain(
      `filename="report-${FIXTURE_PLANT_CODE}-${today()}.xlsx"`,
    );
    const enBook = new ExcelJS.Workbook();
    await enBook.xlsx.read(Readable.from(enXlsx.bytes));
    expect(enBook.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Progress',
      'States',
      'Anomalies',
      'Milestones',
      'Follow-up',
    ]);
  });

  it('limits a report to one element type', async () => {
    const { status, body } = await get().call('POST', base(), {
      payload: { element_type: fx.types.get('STR') },
    });
    expect(status).toBe(202);
    expect(body.element_type).toBe(fx.types.get('STR'));
    expect(await finished(`${base()}${body.id}/`)).toMatchObject({ status: 'done', element_count: 3 });
    const snapshot = await snapshotOf(body.id);
    expect(snapshot.types.map((t) => t.code)).toEqual(['STR']);
    expect(snapshot.element_type).toMatchObject({ code: 'STR', name: 'Strings' });
    // The milestone is of modules: not in a strings report.
    expect(snapshot.milestones).toEqual([]);
  });

  it('lists reports newest first, paged, filtered by day, element type and author', async () => {
    // A plant of this test's own, so the list holds exactly the reports made here.
    const own = await createProgressFixture(get().db, { code: 'TST-06L' });
    await get().db.insertInto('user_plants').values({ user_id: technicianId, plant_id: own.plantId }).execute();
    const url = `/api/plants/${own.plantId}/reports/`;
    const make = async (payload: object, email: string = USERS.admin) => {
      const { status, body } = await get().call('POST', url, { payload, as: email });
      expect(status).toBe(202);
      await finished(`${url}${body.id}/`, email);
      return body as { id: number };
    };
    await make({});
    await make({ element_type: own.types.get('STR') });
    await make({});
    await make({});
    const mine = await make({}, USERS.technician);
    const all = await get().call('GET', `${url}?page_size=1000`);
    expect(all.status).toBe(200);
    const count = all.body.count;
    expect(count).toBe(5);
    expect(all.body.results[0].id).toBe(mine.id);
    const ids = all.body.results.map((r: { id: number }) => r.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const page2 = await get().call('GET', `${url}?page=2&page_size=2`);
    expect(page2.body.results.map((r: { id: number }) => r.id)).toEqual(ids.slice(2, 4));
    expect(page2.body.previous).toContain('page=1');
    expect(page2.body.next).toContain('page=3');

    const byAuthor = await get().call('GET', `${url}?author=${technicianId}`);
    expect(byAuthor.body.results.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    expect(byAuthor.body.results[0].author).toMatchObject({ id: technicianId });
    const byType = await get().call('GET', `${url}?type=${own.types.get('STR')}`);
    expect(byType.body.count).toBe(1);
    expect(byType.body.results[0].element_type).toBe(own.types.get('STR'));

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await get().call('GET', `${url}?date_from=${today()}&date_to=${today()}`)).body.count).toBe(
      count,
    );
    expect((await get().call('GET', `${url}?date_from=${tomorrow}`)).body.count).toBe(0);
    expect((await get().call('GET', `${url}?date_to=${yesterday}`)).body.count).toBe(0);
    // Historic reports are a separate list.
    expect((await get().call('GET', `/api/plants/${own.plantId}/historic-reports/`)).body.count).toBe(0);
  });

  it('answers 409 with a translated message until the report is done, and for a failed one', async () => {
    const now = new Date().toISOString();
    const insert = (status: string, error_key: string | null) =>
      get()
        .db.insertInto('reports')
        .values({
          client_id: fx.clientId,
          plant_id: fx.plantId,
          kind: 'report',
          element_type_id: null,
          language: 'es',
          status,
          progress: 40,
          author_id: fx.adminId,
          day: now.slice(0, 10),
          scheduled_day: null,
          created_at: now,
          error_key,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    // Not queued: it stays running.
    const running = await insert('running', null);
    const es = await get().call('GET', `${base()}${running.id}/download/?format=pdf`);
    expect(es.status).toBe(409);
    expect(es.body.detail).toBe('El informe aún no está listo (40 %). Inténtelo de nuevo cuando termine.');
    const en = await get().call('GET', `${base()}${running.id}/download/?format=xlsx`, { language: 'en' });
    expect(en.status).toBe(409);
    expect(en.body.detail).toMatch(/not ready yet \(40 %\)/);

    const failed = await insert('failed', 'reports.generationFailed');
    expect((await get().call('GET', `${base()}${failed.id}/`, { language: 'it' })).body.error).toMatch(
      /Non è stato possibile generare il rapporto/,
    );
    expect((await get().call('GET', `${base()}${failed.id}/download/?format=pdf`)).status).toBe(409);
    await get().db.deleteFrom('reports').where('id', 'in', [running.id, failed.id]).execute();
  });

  it('deletes a report with 204: the count drops by one and its files are gone', async () => {
    const { body: created } = await get().call('POST', base(), { payload: {} });
    await finished(`${base()}${created.id}/`);
    const keys = await get()
      .db.selectFrom('reports')
      .select(['pdf_key', 'xlsx_key'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    const files = [keys.pdf_key!, keys.xlsx_key!].map((key) =>
      path.join(get().config.dataDir, 'uploads', key),
    );
    expect(files.every((f) => fs.existsSync(f))).toBe(true);
    const before = (await get().call('GET', base())).body.count;

    const deleted = await get().call('DELETE', `${base()}${created.id}/`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await get().call('GET', base())).body.count).toBe(before - 1);
    expect(files.some((f) => fs.existsSync(f))).toBe(false);
    expect((await get().call('GET', `${base()}${created.id}/`)).status).toBe(404);
    expect((await get().call('DELETE', `${base()}${created.id}/`)).status).toBe(404);
  });

  it('answers 404 to another organisation, and for a report of another plant', async () => {
    const { body: created } = await get().call('POST', base(), { payload: {} });
    await finished(`${base()}${created.id}/`);
    for (const [method, url] of [
      ['GET', base()],
      ['POST', base()],
      ['GET', `${base()}${created.id}/`],
      ['GET', `${base()}${created.id}/download/?format=pdf`],
      ['DELETE', `${base()}${created.id}/`],
    ] as [Method, string][]) {
      expect(
        (await get().call(method, url, { payload: method === 'POST' ? {} : undefined, as: USERS.otherAdmin }))
          .status,
        `${method} ${url}`,
      ).toBe(404);
    }
    const other = await get()
      .db.selectFrom('plants')
      .select('id')
      .where('client_id', '=', fx.clientId)
      .where('id', '!=', fx.plantId)
      .executeTakeFirstOrThrow();
    expect((await get().call('GET', `/api/plants/${other.id}/reports/${created.id}/`)).status).toBe(404);
    // Under historic-reports/ it is not found either: the kinds do not mix.
    expect(
      (await get().call('GET', `/api/plants/${fx.plantId}/historic-reports/${created.id}/`)).status,
    ).toBe(404);
    expect((await get().call('GET', `${base()}${created.id}/`)).status).toBe(200);
  });

  it('refuses bad filters and bad requests with 400 in the caller language, writing nothing', async () => {
    const { body: report } = await get().call('POST', base(), { payload: {} });
    await finished(`${base()}${report.id}/`);
    const before = (await get().call('GET', base())).body.count;
    const bad = async (method: Method, url: string, field: string, payload?: object, language = 'es') => {
      const { status, body } = await get().call(method, url, { payload, language });
      expect(status, url).toBe(400);
      expect(body[field], JSON.stringify(body)).toHaveLength(1);
      return body[field][0] as string;
    };
    await bad('GET', `${base()}?date_from=2026-13-45`, 'date_from');
    await bad('GET', `${base()}?date_to=ayer`, 'date_to');
    expect(await bad('GET', `${base()}?page_size=5000`, 'page_size')).toMatch(/1000/);
    await bad('GET', `${base()}?type=abc`, 'type');
    expect(await bad('GET', `${base()}?type=999999`, 'type', undefined, 'en')).toBe(
      'Element type 999999 does not exist.',
    );
    await bad('GET', `${base()}?date_from=2026-02-01&date_to=2026-01-01`, 'date_to');
    const id = report.id;
    await bad('GET', `${base()}${id}/download/?format=docx`, 'format');
    await bad('GET', `${base()}${id}/download/`, 'format');
    await bad('POST', base(), 'element_type', { element_type: 999999 });
    await bad('POST', base(), 'element_type', { element_type: 'MOD' });
    const other = await get()
      .db.selectFrom('element_types')
      .innerJoin('clients', 'clients.id', 'element_types.client_id')
      .select('element_types.id')
      .where('clients.name', '!=', 'Demo Solar')
      .executeTakeFirstOrThrow();
    await bad('POST', base(), 'element_type', { element_type: other.id });
    expect((await get().call('POST', base(), { payload: { element_type: null, extra: 1 } })).status).toBe(
      400,
    );
    expect((await get().call('GET', base())).body.count).toBe(before);
  });

  it('makes historic reports on demand under historic-reports/', async () => {
    const url = `/api/plants/${fx.plantId}/historic-reports/`;
    const { status, body } = await get().call('POST', url, { payload: {} });
    expect(status).toBe(202);
    expect(body.kind).toBe('historic');
    await finished(`${url}${body.id}/`);
    const pdf = await get().call('GET', `${url}${body.id}/download/?format=pdf`);
    expect(pdf.headers['content-disposition']).toContain(
      `filename="informe-historico-${FIXTURE_PLANT_CODE}-${today()}.pdf"`,
    );
    expect((await get().call('GET', url)).body.results.map((r: { id: number }) => r.id)).toEqual([body.id]);
    expect((await get().call('GET', base())).body.results.map((r: { id: number }) => r.id)).not.toContain(
      body.id,
    );
    expect((await get().call('DELETE', `${url}${body.id}/`)).status).toBe(204);
  });

  it('records a failed job as failed with a translated error and keeps serving', async () => {
    const now = new Date().toISOString();
    const row = await get()
      .db.insertInto('reports')
      .values({
        client_id: fx.clientId,
        plant_id: fx.plantId,
        kind: 'report',
        element_type_id: null,
        language: 'es',
        status: 'pending',
        progress: 0,
        author_id: fx.adminId,
        day: now.slice(0, 10),
        scheduled_day: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A storage that refuses to write (a full disk).
    const storage = new FileSystemStorage(path.join(get().config.dataDir, 'uploads'));
    storage.put = async () => {
      throw new Error('ENOSPC: no space left on device');
    };
    await new ReportGenerator(get().db, storage, get().app.log, reportSources(get().db)).run(row.id);
    const { body } = await get().call('GET', `${base()}${row.id}/`, { language: 'en' });
    expect(body).toMatchObject({
      status: 'failed',
      error: 'The report could not be generated. Try again or contact your administrator.',
    });
    expect(body.finished_at).not.toBeNull();
    expect((await get().call('GET', base())).status).toBe(200);
  });

  it('resumes on start the jobs a previous process left pending or running', async () => {
    const now = new Date().toISOString();
    const ids: number[] = [];
    for (const status of ['pending', 'running']) {
      const row = await get()
        .db.insertInto('reports')
        .values({
          client_id: fx.clientId,
          plant_id: fx.plantId,
          kind: 'report',
          element_type_id: null,
          language: 'it',
          status,
          progress: 30,
          author_id: fx.adminId,
          day: now.slice(0, 10),
          scheduled_day: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const generator = new ReportGenerator(
      get().db,
      new FileSystemStorage(path.join(get().config.dataDir, 'uploads')),
      get().app.log,
      reportSources(get().db),
    );
    const queue = new InProcessJobQueue(generator.run, () => {});
    expect(await resumeUnfinishedReports(get().db, queue)).toBe(2);
    await queue.idle();
    for (const id of ids)
      expect(await finished(`${base()}${id}/`)).toMatchObject({
        status: 'done',
        language: 'it',
        element_count: 17,
      });
  });
});

describeEachDatabase(
  'historic reports scheduler',
  (get) => {
    const { finished } = client(get);

    it('keeps one daily snapshot per plant: made on start, never twice for the same day', async () => {
      const plants = await get().db.selectFrom('plants').select(['id', 'client_id']).execute();
      const historicToday = () =>
        get()
          .db.selectFrom('reports')
          .select(['id', 'plant_id'])
          .where('kind', '=', 'historic')
          .where('day', '=', today())
          .execute();
      // The round the server ran when it became ready.
      for (let i = 0; i < 200 && (await historicToday()).length < plants.length; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const first = await historicToday();
      expect(first.map((r) => r.plant_id).sort()).toEqual(plants.map((p) => p.id).sort());

      // Another round, or another API instance on the same database: nothing new today.
      const queue = new InProcessJobQueue(
        async () => {},
        () => {},
      );
      const scheduler = new HistoricReportScheduler(get().db, queue, get().app.log);
      expect(await scheduler.tick()).toBe(0);
      expect(await historicToday()).toHaveLength(plants.length);

      const car01 = await get()
        .db.selectFrom('plants')
        .select('id')
        .where('code', '=', 'CAR-01')
        .executeTakeFirstOrThrow();
      const url = `/api/plants/${car01.id}/historic-reports/`;
      const { body } = await get().call('GET', url);
      expect(body.count).toBe(1);
      expect(body.results[0]).toMatchObject({ kind: 'historic', author: null, language: 'es' });
      expect(await finished(`${url}${body.results[0].id}/`)).toMatchObject({ status: 'done' });
      // The other organisation sees its own plants' snapshots only.
      expect((await get().call('GET', url, { as: USERS.otherAdmin })).status).toBe(404);

      // The next day, one more each.
      const tomorrow = new Date(Date.now() + 86_400_000);
      expect(await scheduler.tick(tomorrow)).toBe(plants.length);
      expect(await scheduler.tick(tomorrow)).toBe(0);
      await queue.close();
    });
  },
  { HISTORIC_REPORTS: 'on' },
);
