import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDatabase, multipart, type TestContext, USERS } from './helpers';

/** Pages in the PDF's page tree, and the count its root claims: equal when the file is whole. */
const pageObjects = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
const declaredPages = (pdf: Buffer) => Number(/\/Type\s*\/Pages[\s\S]*?\/Count\s+(\d+)/.exec(pdf.toString('latin1'))?.[1] ?? -1);
const jpegImages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Filter\s*\/DCTDecode/g) ?? []).length;

async function userId(ctx: TestContext, email: string) {
  return (await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

function suite(get: () => TestContext) {
  let counter = 0;

  const finished = async (url: string, as: string = USERS.admin) => {
    for (let i = 0; i < 600; i++) {
      const { body } = await get().call('GET', url, { as });
      if (body.status === 'done' || body.status === 'failed') return body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`export ${url} did not finish`);
  };

  /** A plan of piles of CAR-01 with two activities of the inspector and `elements` piles linked. */
  async function newPlan(elements: number) {
    const ctx = get();
    const plant = await ctx.db.selectFrom('plants').selectAll().where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    const type = await ctx.db.selectFrom('element_types').select('id').where('client_id', '=', plant.client_id).where('code', '=', 'HIN').executeTakeFirstOrThrow();
    const n = ++counter;
    const template = await ctx.call('POST', '/api/templates/', {
      payload: { name: `Dosier ${n}`, element_type: type.id, activities: [{ name: 'Profundidad', criteria: '≥ 1,5 m', roles: ['CA'] }, { name: 'Apriete', roles: ['CA'] }] },
    });
    const ppi = await ctx.call('POST', `/api/plants/${plant.id}/ppis/`, {
      payload: { code: `DOS-${n}`, name: 'Dosier', template: template.body.id, users: [{ user: await userId(ctx, USERS.inspector), role: 'CA' }] },
    });
    expect(ppi.status).toBe(201);
    const piles = await ctx.db.selectFrom('elements').select('id').where('plant_id', '=', plant.id).where('type_id', '=', type.id).orderBy('id').limit(elements).execute();
    await ctx.call('POST', `/api/ppis/${ppi.body.id}/link-elements`, { payload: { element_ids: piles.map((p) => p.id) } });
    return { id: ppi.body.id as number, activities: ppi.body.activities.map((a: { id: number }) => a.id) as number[], elements: piles.map((p) => p.id) };
  }

  async function exportOf(ppiId: number, language = 'es') {
    const created = await get().call('POST', `/api/ppis/${ppiId}/ppi-export`, { language });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ ppi: ppiId, status: 'pending', progress: 0, pdf_url: null, language });
    const done = await finished(`/api/ppis/${ppiId}/ppi-exports/${created.body.id}/`);
    expect(done.status).toBe('done');
    const pdf = await get().call('GET', done.pdf_url);
    const xlsx = await get().call('GET', done.xlsx_url);
    expect(pdf.status).toBe(200);
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as never);
    return { done, pdf: pdf.bytes, workbook, pdfAnswer: pdf };
  }

  it('exports a PDF that opens whole and an xlsx with one row per result, with a WebP photo drawn', async () => {
    const plan = await newPlan(30);
    const empty = await exportOf(plan.id);
    expect(empty.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(declaredPages(empty.pdf)).toBe(pageObjects(empty.pdf));
    expect(empty.done.result_count).toBe(0);
    expect(empty.workbook.getWorksheet('Resultados')!.rowCount).toBe(1);

    // 30 elements × 2 activities, and a WebP photo on one result.
    for (const activity of plan.activities) {
      const res = await get().call('POST', `/api/ppis/${plan.id}/bulk-update-results/`, {
        as: USERS.inspector,
        payload: { activity, element_ids: plan.elements, result: 'not_ok', observations: 'Revisar la cabeza de la hinca y repetir la medida tras el reapriete' },
      });
      expect(res.status).toBe(200);
    }
    const result = await get().db.selectFrom('ppi_results').select('id').where('ppi_id', '=', plan.id).orderBy('id').executeTakeFirstOrThrow();
    const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c62828' } }).webp().toBuffer();
    const form = multipart([['ppi_result_id', String(result.id)], ['is_photo', 'true'], { name: 'foto.webp', type: 'image/webp', content: webp }]);
    expect((await get().call('POST', '/api/documents/', { as: USERS.inspector, payload: form.payload, headers: form.headers })).status).toBe(201);

    const full = await exportOf(plan.id);
    expect(full.done.result_count).toBe(60);
    expect(declaredPages(full.pdf)).toBe(pageObjects(full.pdf));
    // 60 results of three lines each cannot share the pages of an empty dossier.
    expect(pageObjects(full.pdf)).toBeGreaterThan(pageObjects(empty.pdf));
    // The WebP photo is in the PDF, converted to JPEG.
    expect(jpegImages(full.pdf)).toBe(1);
    const sheet = full.workbook.getWorksheet('Resultados')!;
    expect(sheet.rowCount).toBe(61);
    expect(sheet.getRow(2).getCell(4).value).toBe('No OK');
    expect(String(full.pdfAnswer.headers['content-disposition'])).toContain(`dosier-ppi-DOS-${counter}`);

    // In English, with the words of the dossier in English.
    const english = await exportOf(plan.id, 'en');
    expect(english.workbook.getWorksheet('Results')!.rowCount).toBe(61);
  });

  it('lists, refuses a download before it is done, deletes, and keeps exports to those who see the plan', async () => {
    const plan = await newPlan(3);
    const created = await get().call('POST', `/api/ppis/${plan.id}/ppi-export`, { as: USERS.inspector });
    expect(created.status).toBe(202);
    const early = await get().call('GET', `/api/ppis/${plan.id}/ppi-exports/${created.body.id}/download/?format=pdf`, { as: USERS.inspector });
    // The job may already have finished on a fast machine; before it has, the answer is a 409.
    expect([200, 409]).toContain(early.status);
    await finished(`/api/ppis/${plan.id}/ppi-exports/${created.body.id}/`, USERS.inspector);
    const list = await get().call('GET', `/api/ppis/${plan.id}/ppi-exports/`, { as: USERS.inspector });
    expect(list.body.map((e: { id: number }) => e.id)).toContain(created.body.id);
    // The technician is not linked to this plan: not found.
    expect((await get().call('GET', `/api/ppis/${plan.id}/ppi-exports/`, { as: USERS.technician })).status).toBe(404);
    expect((await get().call('POST', `/api/ppis/${plan.id}/ppi-export`, { as: USERS.technician })).status).toBe(404);
    const files = await get().db.selectFrom('ppi_exports').select(['pdf_key', 'xlsx_key']).where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(files.pdf_key).toBeTruthy();
    expect((await get().call('DELETE', `/api/ppis/${plan.id}/ppi-exports/${created.body.id}/`, { as: USERS.inspector })).status).toBe(204);
    expect((await get().call('GET', `/api/ppis/${plan.id}/ppi-exports/${created.body.id}/`, { as: USERS.inspector })).status).toBe(404);
    expect((await get().call('GET', `/api/ppis/${plan.id}/ppi-exports/`)).body).toEqual([]);
  });
}

describeEachDatabase('PPI export: the inspection dossier', suite);

// With Redis (TEST_REDIS_URL): the dossier runs on BullMQ and its files go to the database storage.
if (process.env.TEST_REDIS_URL) {
  describeEachDatabase('PPI export on BullMQ and database storage', suite, {
    REDIS_URL: process.env.TEST_REDIS_URL,
    REDIS_PREFIX: `ht-test-${randomBytes(4).toString('hex')}`,
    STORAGE: 'database',
  });
}
