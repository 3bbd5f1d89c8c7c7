import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, multipart, type TestContext, USERS } from './helpers';

/*
 * Flash reports (issue 7): quality incidents on one element with photos and documents. The
 * specification's paths give {id} two meanings: an element in `GET flash-reports/{id}/`, a flash
 * report in `GET flash-reports/{id}/details`, `PUT` and `DELETE flash-reports/{id}/`.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');


describeEachDatabase('flash reports', (get) => {
  let demo: Awaited<ReturnType<typeof loadDemo>>;

  async function loadDemo(ctx: TestContext) {
    const plant = await ctx.db.selectFrom('plants').selectAll().where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    const elements = await ctx.db.selectFrom('elements').select(['id', 'code']).where('plant_id', '=', plant.id).orderBy('id').limit(6).execute();
    const otherPlant = await ctx.db.selectFrom('plants').select('id').where('code', '=', 'ECI-01').executeTakeFirstOrThrow();
    const otherElement = await ctx.db.selectFrom('elements').select('id').where('plant_id', '=', otherPlant.id).executeTakeFirstOrThrow();
    // A plant of the same organisation the technician is not authorised on.
    const { id: hiddenPlantId } = await ctx.db
      .insertInto('plants')
      .values({ client_id: plant.client_id, code: 'HID-01', name: 'FV Oculta', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: hiddenElementId } = await ctx.db
      .insertInto('elements')
      .values({ plant_id: hiddenPlantId, type_id: (await ctx.db.selectFrom('elements').select('type_id').where('id', '=', elements[0].id).executeTakeFirstOrThrow()).type_id, code: 'HID-M01', updated_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const technician = await ctx.db.selectFrom('users').select('id').where('email', '=', USERS.technician).executeTakeFirstOrThrow();
    return { plant, elements, otherElementId: otherElement.id, hiddenElementId, technicianId: technician.id };
  }

  beforeAll(async () => {
    demo = await loadDemo(get());
  });

  const create = async (extra: object = {}, email: string = USERS.technician) => {
    const res = await get().call('POST', '/api/flash-reports/', { payload: { element: demo.elements[0].id, title: 'Módulo roto', severity: 'high', ...extra }, as: email });
    expect(res.status).toBe(201);
    return res.body;
  };
  const upload = async (fields: [string, string][], file: { name: string; type: string; content: Buffer }, email: string = USERS.technician, headers: Record<string, string> = {}) => {
    const body = multipart([...fields, file]);
    return get().call('POST', '/api/documents/', { as: email, payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  const countReports = async () => Number((await get().db.selectFrom('flash_reports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const storedFiles = () => {
    const dir = path.join(get().config.dataDir, 'uploads');
    if (!fs.existsSync(dir)) return 0;
    return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).length;
  };

  it('creates a flash report on an element, answering it with its author, plant and element', async () => {
    const report = await create({ description: 'Vidrio agrietado en la esquina', status: 'in_progress' });
    expect(report).toMatchObject({
      id: expect.any(Number),
      element: { id: demo.elements[0].id, code: demo.elements[0].code },
      plant: { id: demo.plant.id, code: 'CAR-01' },
      title: 'Módulo roto',
      description: 'Vidrio agrietado en la esquina',
      severity: 'high',
      status: 'in_progress',
      author: { id: demo.technicianId },
      photos: [],
      documents: [],
      history: [],
    });
    const defaults = await create({ title: 'Sin estado' });
    expect(defaults.status).toBe('open');
  });

  it('refuses a missing title, a bad severity and an unknown element with translated messages, writing nothing', async () => {
    const before = await countReports();
    const noTitle = await get().call('POST', '/api/flash-reports/', { payload: { element: demo.elements[0].id, severity: 'low' } });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body).toEqual({ title: ['Este campo es obligatorio.'] });
    const blank = await get().call('POST', '/api/flash-reports/', { payload: { element: demo.elements[0].id, title: '   ', severity: 'low' }, language: 'en' });
    expect(blank.body).toEqual({ title: ['This field is required.'] });
    const long = await get().call('POST', '/api/flash-reports/', { payload: { element: demo.elements[0].id, title: 'x'.repeat(201), severity: 'low' } });
    expect(long.body).toHaveProperty('title');
    const severity = await get().call('POST', '/api/flash-reports/', { payload: { element: demo.elements[0].id, title: 'T', severity: 'huge' } });
    expect(severity.status).toBe(400);
    expect(severity.body).toHaveProperty('severity');
    for (const element of [999_999, demo.otherElementId]) {
      const res = await get().call('POST', '/api/flash-reports/', { payload: { element, title: 'T', severity: 'low' }, language: 'it' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ element: [`L'elemento ${element} non esiste.`] });
    }
    const hidden = await get().call('POST', '/api/flash-reports/', { payload: { element: demo.hiddenElementId, title: 'T', severity: 'low' }, as: USERS.technician });
    expect(hidden.body).toEqual({ element: [`No existe el elemento ${demo.hiddenElementId}.`] });
    expect(await countReports()).toBe(before);
  });

  it('lists the flash reports of an element (GET flash-reports/{elementId}/) with filters, paged', async () => {
    const element = demo.elements[1].id;
    await create({ element, title: 'A', severity: 'low' });
    await create({ element, title: 'B', severity: 'critical', status: 'closed' });
    await create({ element, title: 'C', severity: 'critical' }, USERS.admin);
    const all = await get().call('GET', `/api/flash-reports/${element}/`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 3, next: null, previous: null });
    expect(all.body.results.map((r: { title: string }) => r.title)).toEqual(['C', 'B', 'A']);
    const critical = await get().call('GET', `/api/flash-reports/${element}/?severity=critical&status=open`);
    expect(critical.body.results.map((r: { title: string }) => r.title)).toEqual(['C']);
    const byAuthor = await get().call('GET', `/api/flash-reports/${element}/?author=${demo.technicianId}&page_size=1`);
    expect(byAuthor.body).toMatchObject({ count: 2, previous: null });
    expect(byAuthor.body.next).toContain('page=2');
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await get().call('GET', `/api/flash-reports/${element}/?date_from=${today}&date_to=${today}`)).body.count).toBe(3);
    expect((await get().call('GET', `/api/flash-reports/${element}/?date_from=${tomorrow}`)).body.count).toBe(0);
    const bad = await get().call('GET', `/api/flash-reports/${element}/?status=done&date_from=yesterday`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['date_from', 'status']);
  });

  it("lists the caller's flash reports across their plants (GET flash-reports/) with the plant filter", async () => {
    const own = await create({ element: demo.elements[5].id, title: 'Propio', severity: 'high' });
    const hidden = await create({ element: demo.hiddenElementId, title: 'Oculto', severity: 'high' }, USERS.admin);
    // Every report on the technician's plants, whoever wrote it and whichever test made it.
    const visible = Number(
      (
        await get()
          .db.selectFrom('flash_reports')
          .innerJoin('user_plants', 'user_plants.plant_id', 'flash_reports.plant_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_plants.user_id', '=', demo.technicianId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const res = await get().call('GET', '/api/flash-reports/?page_size=1000', { as: USERS.technician });
    expect(res.status).toBe(200);
    const { count, results } = res.body;
    expect(count).toBe(visible);
    const ids = results.map((r: { id: number }) => r.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(hidden.id);
    expect(results.every((r: { plant: { id: number } }) => r.plant.id === demo.plant.id)).toBe(true);
    const high = await get().call('GET', `/api/flash-reports/?plant=${demo.plant.id}&severity=high&page_size=1000`);
    expect(high.body.results.map((r: { id: number }) => r.id)).toContain(own.id);
    expect(high.body.results.every((r: { plant: { id: number }; severity: string }) => r.plant.id === demo.plant.id && r.severity === 'high')).toBe(true);
    expect((await get().call('GET', '/api/flash-reports/', { as: USERS.otherAdmin })).body.count).toBe(0);
  });

  it('answers one flash report by report id with photos, documents and the history of edits', async () => {
    const report = await create({ element: demo.elements[2].id });
    const photo = await upload([['flash_report_id', String(report.id)], ['is_photo', 'true']], { name: 'grieta.png', type: 'image/png', content: PNG });
    expect(photo.status).toBe(201);
    const pdf = await upload([['flash_report_id', String(report.id)]], { name: 'informe.pdf', type: 'application/pdf', content: PDF });
    expect(pdf.status).toBe(201);

    const edited = await get().call('PUT', `/api/flash-reports/${report.id}/`, { payload: { title: 'Módulo roto (cambiado)', severity: 'high', status: 'closed' }, as: USERS.technician });
    expect(edited.status).toBe(200);
    const details = await get().call('GET', `/api/flash-reports/${report.id}/details`, { as: USERS.technician });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      id: report.id,
      title: 'Módulo roto (cambiado)',
      status: 'closed',
      photo_count: 1,
      document_count: 1,
      photos: [{ id: photo.body.id, name: 'grieta.png', content_type: 'image/png' }],
      documents: [{ id: pdf.body.id, name: 'informe.pdf' }],
      history: [{ user: { id: demo.technicianId }, changes: { title: { from: 'Módulo roto', to: 'Módulo roto (cambiado)' }, status: { from: 'open', to: 'closed' } } }],
    });
    expect((await get().call('GET', photo.body.url, { as: USERS.technician })).status).toBe(200);
    // A state change cannot take a flash report's photo as its own document.
    const stolen = await get().db.selectFrom('elements as e').innerJoin('element_types as et', 'et.id', 'e.type_id').select(['e.type_id', 'et.code']).where('e.id', '=', demo.elements[2].id).executeTakeFirstOrThrow();
    const state = await get().db.selectFrom('states').select('id').where('element_type_id', '=', stolen.type_id).orderBy('id').executeTakeFirstOrThrow();
    const paths: Record<string, string> = { HIN: 'hincas', MAS: 'masts', STR: 'strings', TRA: 'trackers', MOD: 'modules', INV: 'inverters', CTR: 'ctrs' };
    const change = await get().call('POST', `/api/plants/${demo.plant.id}/${paths[stolen.code]}/${demo.elements[2].id}/state-change/`, { payload: { state: state.id, element_type: stolen.type_id, documents: [photo.body.id] } });
    expect(change.status).toBe(400);
    expect(change.body).toHaveProperty('documents');
    const listed = (await get().call('GET', `/api/flash-reports/${demo.elements[2].id}/`)).body.results[0];
    expect(listed).toMatchObject({ id: report.id, photo_count: 1, document_count: 1 });
  });

  it('refuses a photo that is not an image, and attachments from anyone but the author or an administrator', async () => {
    const report = await create({ element: demo.elements[3].id });
    const before = storedFiles();
    const pdfPhoto = await upload([['flash_report_id', String(report.id)], ['is_photo', 'true']], { name: 'foto.pdf', type: 'application/pdf', content: PDF }, USERS.technician, { 'accept-language': 'en' });
    expect(pdfPhoto.status).toBe(400);
    expect(pdfPhoto.body).toEqual({ document: ['Photos must be PNG, JPEG or WebP images.'] });
    const fakePng = await upload([['flash_report_id', String(report.id)], ['is_photo', 'true']], { name: 'foto.png', type: 'image/png', content: Buffer.from('not a png') });
    expect(fakePng.status).toBe(400);
    const unknown = await upload([['flash_report_id', '999999'], ['is_photo', 'true']], { name: 'foto.png', type: 'image/png', content: PNG });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ flash_report_id: ['No existe el flash report 999999.'] });
    const both = await upload([['flash_report_id', String(report.id)], ['equipment_id', '1']], { name: 'foto.png', type: 'image/png', content: PNG });
    expect(both.status).toBe(400);
    const adminsReport = await create({ element: demo.elements[3].id }, USERS.admin);
    const notAuthor = await upload([['flash_report_id', String(adminsReport.id)], ['is_photo', 'true']], { name: 'foto.png', type: 'image/png', content: PNG });
    expect(notAuthor.status).toBe(403);
    const foreign = await upload([['flash_report_id', String(report.id)], ['is_photo', 'true']], { name: 'foto.png', type: 'image/png', content: PNG }, USERS.otherAdmin);
    expect(foreign.status).toBe(400);
    expect(storedFiles()).toBe(before);
    const rows = await get().db.selectFrom('documents').select('id').where('flash_report_id', 'in', [report.id, adminsReport.id]).execute();
    expect(rows).toEqual([]);
  });

  it('lets only the author or an administrator edit (403 otherwise) and validates the edit', async () => {
    const report = await create({}, USERS.admin);
    const refused = await get().call('PUT', `/api/flash-reports/${report.id}/`, { payload: { title: 'Otro', severity: 'low' }, as: USERS.technician });
    expect(refused.status).toBe(403);
    const invalid = await get().call('PUT', `/api/flash-reports/${report.id}/`, { payload: { title: '', severity: 'low' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ title: ['Este campo es obligatorio.'] });
    const row = await get().db.selectFrom('flash_reports').selectAll().where('id', '=', report.id).executeTakeFirstOrThrow();
    expect(row.title).toBe('Módulo roto');
    const unchanged = await get().call('PUT', `/api/flash-reports/${report.id}/`, { payload: { title: 'Módulo roto', severity: 'high' } });
    expect(unchanged.body.history).toEqual([]);
  });

  it('deletes a flash report with its files (204), only by its author or an administrator', async () => {
    const report = await create({ element: demo.elements[4].id });
    const photo = await upload([['flash_report_id', String(report.id)], ['is_photo', 'true']], { name: 'foto.png', type: 'image/png', content: PNG });
    expect(photo.status).toBe(201);
    const before = storedFiles();
    const adminsReport = await create({ element: demo.elements[4].id }, USERS.admin);
    expect((await get().call('DELETE', `/api/flash-reports/${adminsReport.id}/`, { as: USERS.technician })).status).toBe(403);

    const res = await get().call('DELETE', `/api/flash-reports/${report.id}/`, { as: USERS.technician });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(storedFiles()).toBe(before - 1);
    expect((await get().call('GET', `/api/flash-reports/${report.id}/details`)).status).toBe(404);
    expect((await get().call('GET', photo.body.url)).status).toBe(404);
    expect((await get().call('DELETE', `/api/flash-reports/${adminsReport.id}/`)).status).toBe(204);
    expect((await get().call('DELETE', `/api/flash-reports/${adminsReport.id}/`)).status).toBe(404);
  });

  it("answers 404 for another organisation's flash reports and elements, and for plants the user may not see", async () => {
    const report = await create();
    const count = await countReports();
    for (const [method, url] of [
      ['GET', `/api/flash-reports/${report.id}/details`],
      ['PUT', `/api/flash-reports/${report.id}/`],
      ['DELETE', `/api/flash-reports/${report.id}/`],
      ['GET', `/api/flash-reports/${demo.elements[0].id}/`],
    ] as const) {
      const res = await get().call(method, url, { payload: method === 'PUT' ? { title: 'Hack', severity: 'low' } : undefined, as: USERS.otherAdmin });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect((await get().call('GET', `/api/flash-reports/${demo.otherElementId}/`)).status).toBe(404);
    expect((await get().call('GET', `/api/flash-reports/${demo.hiddenElementId}/`, { as: USERS.technician })).status).toBe(404);
    const hiddenReport = await create({ element: demo.hiddenElementId }, USERS.admin);
    expect((await get().call('GET', `/api/flash-reports/${hiddenReport.id}/details`, { as: USERS.technician })).status).toBe(404);
    expect((await get().call('GET', '/api/flash-reports/abc/details')).status).toBe(400);
    expect(await countReports()).toBe(count + 1);
    const row = await get().db.selectFrom('flash_reports').select('title').where('id', '=', report.id).executeTakeFirstOrThrow();
    expect(row.title).toBe('Módulo roto');
  });

  it('documents the two meanings of {id} in the OpenAPI document', async () => {
    const paths = (await get().app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
    expect(paths['/api/flash-reports/{id}/'].get.description).toContain('element id');
    expect(paths['/api/flash-reports/{id}/details'].get.description).toContain('flash report id');
    expect(paths['/api/flash-reports/{id}/'].put.description).toContain('flash report id');
    expect(paths['/api/flash-reports/{id}/'].delete.description).toContain('flash report id');
    expect(paths).toHaveProperty(['/api/calibration-equipment/{id}/delete-document/{docId}/']);
    expect(paths).toHaveProperty(['/api/item-inventory/']);
  });
});
