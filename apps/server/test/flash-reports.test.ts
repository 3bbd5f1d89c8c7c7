import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext, USERS } from './helpers';

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

function multipart(fields: [string, string][], file: { name: string; type: string; content: Buffer }) {
  const boundary = `heliotrack-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = fields.map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  chunks.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase('flash reports', (get) => {
  let demo: Awaited<ReturnType<typeof loadDemo>>;

  async function loadDemo(ctx: TestContext) {
    const plant = await ctx.db.selectFrom('plants').selectAll().where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    const elements = await ctx.db.selectFrom('elements').select(['id', 'code']).where('plant_id', '=', plant.id).orderBy('id').limit(5).execute();
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

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, email: string = USERS.admin, headers: Record<string, string> = {}) =>
    get().app.inject({ method, url, ...(payload ? { payload } : {}), headers: { ...(await get().as(email)), ...headers } });
  const create = async (extra: object = {}, email: string = USERS.technician) => {
    const res = await call('POST', '/api/flash-reports/', { element: demo.elements[0].id, title: 'Módulo roto', severity: 'high', ...extra }, email);
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const upload = async (fields: [string, string][], file: { name: string; type: string; content: Buffer }, email: string = USERS.technician, headers: Record<string, string> = {}) => {
    const body = multipart(fields, file);
    return get().app.inject({ method: 'POST', url: '/api/documents/', payload: body.payload, headers: { ...(await get().as(email)), ...body.headers, ...headers } });
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
    const noTitle = await call('POST', '/api/flash-reports/', { element: demo.elements[0].id, severity: 'low' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toEqual({ title: ['Este campo es obligatorio.'] });
    const blank = await call('POST', '/api/flash-reports/', { element: demo.elements[0].id, title: '   ', severity: 'low' }, USERS.admin, { 'accept-language': 'en' });
    expect(blank.json()).toEqual({ title: ['This field is required.'] });
    const long = await call('POST', '/api/flash-reports/', { element: demo.elements[0].id, title: 'x'.repeat(201), severity: 'low' });
    expect(long.json()).toHaveProperty('title');
    const severity = await call('POST', '/api/flash-reports/', { element: demo.elements[0].id, title: 'T', severity: 'huge' });
    expect(severity.statusCode).toBe(400);
    expect(severity.json()).toHaveProperty('severity');
    for (const element of [999_999, demo.otherElementId]) {
      const res = await call('POST', '/api/flash-reports/', { element, title: 'T', severity: 'low' }, USERS.admin, { 'accept-language': 'it' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ element: [`L'elemento ${element} non esiste.`] });
    }
    const hidden = await call('POST', '/api/flash-reports/', { element: demo.hiddenElementId, title: 'T', severity: 'low' }, USERS.technician);
    expect(hidden.json()).toEqual({ element: [`No existe el elemento ${demo.hiddenElementId}.`] });
    expect(await countReports()).toBe(before);
  });

  it('lists the flash reports of an element (GET flash-reports/{elementId}/) with filters, paged', async () => {
    const element = demo.elements[1].id;
    await create({ element, title: 'A', severity: 'low' });
    await create({ element, title: 'B', severity: 'critical', status: 'closed' });
    await create({ element, title: 'C', severity: 'critical' }, USERS.admin);
    const all = await call('GET', `/api/flash-reports/${element}/`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ count: 3, next: null, previous: null });
    expect(all.json().results.map((r: { title: string }) => r.title)).toEqual(['C', 'B', 'A']);
    const critical = await call('GET', `/api/flash-reports/${element}/?severity=critical&status=open`);
    expect(critical.json().results.map((r: { title: string }) => r.title)).toEqual(['C']);
    const byAuthor = await call('GET', `/api/flash-reports/${element}/?author=${demo.technicianId}&page_size=1`);
    expect(byAuthor.json()).toMatchObject({ count: 2, previous: null });
    expect(byAuthor.json().next).toContain('page=2');
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await call('GET', `/api/flash-reports/${element}/?date_from=${today}&date_to=${today}`)).json().count).toBe(3);
    expect((await call('GET', `/api/flash-reports/${element}/?date_from=${tomorrow}`)).json().count).toBe(0);
    const bad = await call('GET', `/api/flash-reports/${element}/?status=done&date_from=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['date_from', 'status']);
  });

  it("lists the caller's flash reports across their plants (GET flash-reports/) with the plant filter", async () => {
    const res = await call('GET', '/api/flash-reports/?page_size=1000', undefined, USERS.technician);
    expect(res.statusCode).toBe(200);
    const { count, results } = res.json();
    expect(count).toBe(await countReports());
    expect(results.every((r: { plant: { id: number } }) => r.plant.id === demo.plant.id)).toBe(true);
    expect((await call('GET', `/api/flash-reports/?plant=${demo.plant.id}&severity=high`)).json().count).toBeGreaterThan(0);
    expect((await call('GET', '/api/flash-reports/', undefined, USERS.otherAdmin)).json().count).toBe(0);
  });

  it('answers one flash report by report id with photos, documents and the history of edits', async () => {
    const report = await create({ element: demo.elements[2].id });
    const photo = await upload([['flash_report_id', String(report.id)], ['is_photo', 'true']], { name: 'grieta.png', type: 'image/png', content: PNG });
    expect(photo.statusCode).toBe(201);
    const pdf = await upload([['flash_report_id', String(report.id)]], { name: 'informe.pdf', type: 'application/pdf', content: PDF });
    expect(pdf.statusCode).toBe(201);

    const edited = await call('PUT', `/api/flash-reports/${report.id}/`, { title: 'Módulo roto (cambiado)', severity: 'high', status: 'closed' }, USERS.technician);
    expect(edited.statusCode).toBe(200);
    const details = await call('GET', `/api/flash-reports/${report.id}/details`, undefined, USERS.technician);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({
      id: report.id,
      title: 'Módulo roto (cambiado)',
      status: 'closed',
      photo_count: 1,
      document_count: 1,
      photos: [{ id: photo.json().id, name: 'grieta.png', content_type: 'image/png' }],
      documents: [{ id: pdf.json().id, name: 'informe.pdf' }],
      history: [{ user: { id: demo.technicianId }, changes: { title: { from: 'Módulo roto', to: 'Módulo roto (cambiado)' }, status: { from: 'open', to: 'closed' } } }],
    });
    expect((await call('GET', photo.json().url, undefined, USERS.technician)).statusCode).toBe(200);
    // A state change cannot take a flash report's photo as its own document.
    const stolen = await get().db.selectFrom('elements as e').innerJoin('element_types as et', 'et.id', 'e.type_id').select(['e.type_id', 'et.code']).where('e.id', '=', demo.elements[2].id).executeTakeFirstOrThrow();
    const state = await get().db.selectFrom('states').select('id').where('element_type_id', '=', stolen.type_id).orderBy('id').executeTakeFirstOrThrow();
    const paths: Record<string, string> = { HIN: 'hincas', MAS: 'masts', STR: 'strings', TRA: 'trackers', MOD: 'modules', INV: 'inverters', CTR: 'ctrs' };
    const change = await call('POST', `/api/plants/${demo.plant.id}/${paths[stolen.code]}/${demo.elements[2].id}/state-change/`, { state: state.id, element_type: stolen.type_id, documents: [photo.json().id] });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toHaveProperty('documents');
    const listed = (await call('GET', `/api/flash-reports/${demo.elements[2].id}/`)).json().results[0];
    expect(listed).toMatchObject({ id: report.id, photo_count: 1, document_count: 1 });
  });

  it('refuses a photo that is not an image, and attachments from anyone but the author or an administrator', async () => {
    const report = await create({ element: demo.elements[3].id });
    const before = storedFiles();
    const pdfPhoto = await upload([['flash_report_id', String(report.id)], ['is_photo', 'true']], { name: 'foto.pdf', type: 'application/pdf', content: PDF }, USERS.technician, { 'accept-language': 'en' });
    expect(pdfPhoto.statusCode).toBe(400);
    expect(pdfPhoto.json()).toEqual({ document: ['Photos must be PNG, JPEG or WebP images.'] });
    const fakePng = await upload([['flash_report_id', String(report.id)], ['is_photo', 'true']], { name: 'foto.png', type: 'image/png', content: Buffer.from('not a png') });
    expect(fakePng.statusCode).toBe(400);
    const unknown = await upload([['flash_report_id', '999999'], ['is_photo', 'true']], { name: 'foto.png', type: 'image/png', content: PNG });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ flash_report_id: ['No existe el flash report 999999.'] });
    const both = await upload([['flash_report_id', String(report.id)], ['equipment_id', '1']], { name: 'foto.png', type: 'image/png', content: PNG });
    expect(both.statusCode).toBe(400);
    const adminsReport = await create({ element: demo.elements[3].id }, USERS.admin);
    const notAuthor = await upload([['flash_report_id', String(adminsReport.id)], ['is_photo', 'true']], { name: 'foto.png', type: 'image/png', content: PNG });
    expect(notAuthor.statusCode).toBe(403);
    const foreign = await upload([['flash_report_id', String(report.id)], ['is_photo', 'true']], { name: 'foto.png', type: 'image/png', content: PNG }, USERS.otherAdmin);
    expect(foreign.statusCode).toBe(400);
    expect(storedFiles()).toBe(before);
    const rows = await get().db.selectFrom('documents').select('id').where('flash_report_id', 'in', [report.id, adminsReport.id]).execute();
    expect(rows).toEqual([]);
  });

  it('lets only the author or an administrator edit (403 otherwise) and validates the edit', async () => {
    const report = await create({}, USERS.admin);
    const refused = await call('PUT', `/api/flash-reports/${report.id}/`, { title: 'Otro', severity: 'low' }, USERS.technician);
    expect(refused.statusCode).toBe(403);
    const invalid = await call('PUT', `/api/flash-reports/${report.id}/`, { title: '', severity: 'low' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ title: ['Este campo es obligatorio.'] });
    const row = await get().db.selectFrom('flash_reports').selectAll().where('id', '=', report.id).executeTakeFirstOrThrow();
    expect(row.title).toBe('Módulo roto');
    const unchanged = await call('PUT', `/api/flash-reports/${report.id}/`, { title: 'Módulo roto', severity: 'high' });
    expect(unchanged.json().history).toEqual([]);
  });

  it('deletes a flash report with its files (204), only by its author or an administrator', async () => {
    const report = await create({ element: demo.elements[4].id });
    const photo = await upload([['flash_report_id', String(report.id)], ['is_photo', 'true']], { name: 'foto.png', type: 'image/png', content: PNG });
    expect(photo.statusCode).toBe(201);
    const before = storedFiles();
    const adminsReport = await create({ element: demo.elements[4].id }, USERS.admin);
    expect((await call('DELETE', `/api/flash-reports/${adminsReport.id}/`, undefined, USERS.technician)).statusCode).toBe(403);

    const res = await call('DELETE', `/api/flash-reports/${report.id}/`, undefined, USERS.technician);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(storedFiles()).toBe(before - 1);
    expect((await call('GET', `/api/flash-reports/${report.id}/details`)).statusCode).toBe(404);
    expect((await call('GET', photo.json().url)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/flash-reports/${adminsReport.id}/`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/flash-reports/${adminsReport.id}/`)).statusCode).toBe(404);
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
      const res = await call(method, url, method === 'PUT' ? { title: 'Hack', severity: 'low' } : undefined, USERS.otherAdmin);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', `/api/flash-reports/${demo.otherElementId}/`)).statusCode).toBe(404);
    expect((await call('GET', `/api/flash-reports/${demo.hiddenElementId}/`, undefined, USERS.technician)).statusCode).toBe(404);
    const hiddenReport = await create({ element: demo.hiddenElementId }, USERS.admin);
    expect((await call('GET', `/api/flash-reports/${hiddenReport.id}/details`, undefined, USERS.technician)).statusCode).toBe(404);
    expect((await call('GET', '/api/flash-reports/abc/details')).statusCode).toBe(400);
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
