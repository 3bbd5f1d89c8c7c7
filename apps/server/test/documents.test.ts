import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type FilePart, multipart, type TestContext, USERS } from './helpers';

/*
 * Documents of state changes (specification section 7: POST documents/ multipart, DELETE
 * documents/{id}/, POST elements/{id}/state-changes/{scId}/delete-document/{docId}/; DESIGN sections
 * 10 and 12: size and type limits, generated names outside the web root, download for plant users).
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(200)]);

describeEachDatabase('documents', (get) => {
  let demo: Awaited<ReturnType<typeof loadDemo>>;

  async function loadDemo(ctx: TestContext) {
    const plant = await ctx.db.selectFrom('plants').selectAll().where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    const other = await ctx.db.selectFrom('plants').selectAll().where('code', '=', 'ECI-01').executeTakeFirstOrThrow();
    const moduleType = await ctx.db.selectFrom('element_types').select('id').where('client_id', '=', plant.client_id).where('code', '=', 'MOD').executeTakeFirstOrThrow();
    const modules = await ctx.db.selectFrom('elements').select('id').where('plant_id', '=', plant.id).where('type_id', '=', moduleType.id).orderBy('id').limit(10).execute();
    const notOk = await ctx.db.selectFrom('states').select('id').where('element_type_id', '=', moduleType.id).where('code', '=', 'NOK').executeTakeFirstOrThrow();
    return { plant, other, moduleTypeId: moduleType.id, moduleIds: modules.map((m) => m.id), notOkId: notOk.id };
  }

  beforeAll(async () => {
    demo = await loadDemo(get());
  });

  const uploadsDir = () => path.join(get().config.dataDir, 'uploads');
  const storedFiles = (): string[] => {
    const dir = uploadsDir();
    if (!fs.existsSync(dir)) return [];
    return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
  };
  const upload = async (parts: (FilePart | [string, string])[], email: string = USERS.admin, headers: Record<string, string> = {}) => {
    const body = multipart(parts);
    return get().call('POST', '/api/documents/', { as: email, payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  const photo = (name = 'foto-fila-3.png'): FilePart => ({ name, type: 'image/png', content: PNG });
  /** A state change of one module, through the API; answers its id. */
  const recordChange = async (elementId: number) => {
    const res = await get().call('POST', `/api/plants/${demo.plant.id}/modules/${elementId}/state-change/`, {
      payload: { state: demo.notOkId, element_type: demo.moduleTypeId },
    });
    expect(res.status).toBe(200);
    return res.body.id as number;
  };

  it('stores an upload under a generated name and streams it back with its original name', async () => {
    const before = storedFiles().length;
    const res = await upload([['plant_id', String(demo.plant.id)], photo('Foto fila 3 (señal).png')]);
    expect(res.status).toBe(201);
    const document = res.body;
    expect(document).toEqual({ id: expect.any(Number), name: 'Foto fila 3 (señal).png', size: PNG.length, content_type: 'image/png', url: `/api/documents/${document.id}/download/` });

    const files = storedFiles();
    expect(files).toHaveLength(before + 1);
    const row = await get().db.selectFrom('documents').selectAll().where('id', '=', document.id).executeTakeFirstOrThrow();
    expect(row.storage_key).not.toContain('Foto');
    expect(fs.readFileSync(path.join(uploadsDir(), row.storage_key))).toEqual(PNG);

    const download = await get().call('GET', document.url, { as: USERS.technician });
    expect(download.status).toBe(200);
    expect(download.bytes).toEqual(PNG);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="Foto fila 3 (se_al).png"; filename*=UTF-8''Foto%20fila%203%20(se%C3%B1al).png`);
  });

  it('accepts the parts in any order, and PDF, DOCX and CSV files', async () => {
    const pdf = await upload([{ name: 'acta.pdf', type: 'application/pdf', content: PDF }, ['plant_id', String(demo.plant.id)]]);
    expect(pdf.status).toBe(201);
    expect(pdf.body.content_type).toBe('application/pdf');
    const docx = await upload([['plant_id', String(demo.plant.id)], { name: 'informe.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: DOCX }]);
    expect(docx.status).toBe(201);
    const csv = await upload([['plant_id', String(demo.plant.id)], { name: 'series.csv', type: 'application/vnd.ms-excel', content: Buffer.from('codigo;serie\nB01-T001-S1-M01;JAM0001\n') }]);
    expect(csv.status).toBe(201);
    expect(csv.body.content_type).toBe('text/csv');
  });

  it('refuses other file types, and files whose bytes are not what they claim, keeping nothing', async () => {
    const before = storedFiles().length;
    const exe = await upload([['plant_id', String(demo.plant.id)], { name: 'setup.exe', type: 'application/octet-stream', content: Buffer.from('MZ\x90\x00') }]);
    expect(exe.status).toBe(400);
    expect(exe.body).toEqual({ document: ['Tipo de archivo no admitido. Se admiten PDF, PNG, JPEG, WebP, XLSX, DOCX, CSV y TXT.'] });
    const html = await upload([['plant_id', String(demo.plant.id)], { name: 'foto.png', type: 'image/png', content: Buffer.from('<script>alert(1)</script>') }], USERS.admin, { 'accept-language': 'en' });
    expect(html.status).toBe(400);
    expect(html.body).toEqual({ document: ['The file content is not a valid PNG.'] });
    const declaredWrong = await upload([['plant_id', String(demo.plant.id)], { name: 'acta.pdf', type: 'text/html', content: PDF }]);
    expect(declaredWrong.status).toBe(400);
    expect(storedFiles()).toHaveLength(before);
  });

  it('answers 413 for a file over 20 MB, in the language of the request, keeping nothing', async () => {
    const before = storedFiles().length;
    const huge = Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024)]);
    const res = await upload([['plant_id', String(demo.plant.id)], { name: 'enorme.png', type: 'image/png', content: huge }], USERS.admin, { 'accept-language': 'en' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: 'The document exceeds the maximum size of 20 MB.', code: 'too_large' });
    expect(storedFiles()).toHaveLength(before);
    const count = await get().db.selectFrom('documents').select('id').where('name', '=', 'enorme.png').execute();
    expect(count).toEqual([]);
  });

  it('refuses names with folders or control characters, empty files and extra parts with a 400, keeping nothing', async () => {
    const before = storedFiles().length;
    const documentsBefore = (await get().db.selectFrom('documents').select('id').execute()).length;
    const plantPart: [string, string] = ['plant_id', String(demo.plant.id)];
    for (const name of ['../../etc/foto.png', 'carpeta/foto.png', 'C:\\fotos\\foto.png', 'foto\u0000.png', 'foto\u0007.png']) {
      const res = await upload([plantPart, photo(name)]);
      expect(res.status, name).toBe(400);
      expect(res.body, name).toEqual({ document: ['El nombre del archivo no es válido: sin carpetas ni caracteres de control.'] });
    }
    const empty = await upload([plantPart, { name: 'vacio.pdf', type: 'application/pdf', content: Buffer.alloc(0) }], USERS.admin, { 'accept-language': 'en' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ document: ['The file is empty.'] });
    const twoFiles = await upload([plantPart, photo('a.png'), photo('b.png')]);
    expect(twoFiles.status).toBe(400);
    expect(twoFiles.body).toEqual({ non_field_errors: ['El envío tiene más partes de las admitidas: un archivo y como mucho 7 campos.'] });
    const manyFields = await upload([plantPart, ...Array.from({ length: 7 }, (): [string, string] => ['is_photo', 'false']), photo()]);
    expect(manyFields.status).toBe(400);
    expect(manyFields.body).toEqual({ non_field_errors: ['El envío tiene más partes de las admitidas: un archivo y como mucho 7 campos.'] });
    expect(storedFiles()).toHaveLength(before);
    expect(await get().db.selectFrom('documents').select('id').execute()).toHaveLength(documentsBefore);
  });

  it('refuses an upload without a file or plant, or that is not multipart', async () => {
    const noFile = await upload([['plant_id', String(demo.plant.id)]]);
    expect(noFile.status).toBe(400);
    expect(noFile.body).toEqual({ document: ['Adjunte el archivo en el campo «document».'] });
    const noPlant = await upload([photo()]);
    expect(noPlant.status).toBe(400);
    expect(noPlant.body).toEqual({ plant_id: ['Este campo es obligatorio.'] });
    const badPlant = await upload([['plant_id', 'abc'], photo()]);
    expect(badPlant.body).toEqual({ plant_id: ['Introduzca un número entero.'] });
    const extraField = await upload([['plant_id', String(demo.plant.id)], ['owner', 'me'], photo()]);
    expect(extraField.body).toEqual({ owner: ['Campo no permitido.'] });
    const json = await get().app.inject({ method: 'POST', url: '/api/documents/', payload: { plant_id: demo.plant.id }, headers: await get().as(USERS.admin) });
    expect(json.statusCode).toBe(415);
  });

  it('links an upload to a state change of the plant given as transaction_id, shown in the history', async () => {
    const element = demo.moduleIds[0];
    const stateChangeId = await recordChange(element);
    const res = await upload([['plant_id', String(demo.plant.id)], ['transaction_id', String(stateChangeId)], photo('después.png')]);
    expect(res.status).toBe(201);
    const history = await get().call('GET', `/api/elements/${element}/state-changes/`);
    expect(history.body.results[0]).toMatchObject({ id: stateChangeId, documents: [{ id: res.body.id, name: 'después.png' }] });

    const theirChange = await get()
      .db.selectFrom('state_changes')
      .select('id')
      .where('plant_id', '!=', demo.plant.id)
      .executeTakeFirst();
    const unknown = await upload([['plant_id', String(demo.plant.id)], ['transaction_id', String(theirChange?.id ?? 999_999)], photo()]);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toHaveProperty('transaction_id');
  });

  it("answers 404 for another organisation's plant and documents", async () => {
    const before = storedFiles().length;
    const foreignPlant = await upload([['plant_id', String(demo.other.id)], photo()]);
    expect(foreignPlant.status).toBe(404);
    expect(storedFiles()).toHaveLength(before);

    const ours = (await upload([['plant_id', String(demo.plant.id)], photo()])).body;
    expect((await get().call('GET', ours.url, { as: USERS.otherAdmin })).status).toBe(404);
    expect((await get().call('DELETE', `/api/documents/${ours.id}/`, { as: USERS.otherAdmin })).status).toBe(404);
    expect((await get().call('GET', ours.url)).status).toBe(200);
  });

  it('lets the uploader or an administrator delete a document (204), and nobody else (403)', async () => {
    const byTechnician = (await upload([['plant_id', String(demo.plant.id)], photo()], USERS.technician)).body;
    const byAdmin = (await upload([['plant_id', String(demo.plant.id)], photo()])).body;
    const before = storedFiles().length;

    const refused = await get().call('DELETE', `/api/documents/${byAdmin.id}/`, { as: USERS.technician });
    expect(refused.status).toBe(403);
    const own = await get().call('DELETE', `/api/documents/${byTechnician.id}/`, { as: USERS.technician });
    expect(own.status).toBe(204);
    expect(own.text).toBe('');
    const admin = await get().call('DELETE', `/api/documents/${byAdmin.id}/`);
    expect(admin.status).toBe(204);

    expect(storedFiles()).toHaveLength(before - 2);
    expect((await get().call('GET', byAdmin.url)).status).toBe(404);
    expect((await get().call('DELETE', `/api/documents/${byAdmin.id}/`)).status).toBe(404);
    expect((await get().call('DELETE', '/api/documents/abc/')).status).toBe(400);
  });

  it('deletes a document of a state change through the element history', async () => {
    const [element, otherElement] = demo.moduleIds.slice(1, 3);
    const stateChangeId = await recordChange(element);
    const document = (await upload([['plant_id', String(demo.plant.id)], ['transaction_id', String(stateChangeId)], photo()])).body;
    const loose = (await upload([['plant_id', String(demo.plant.id)], photo()])).body;
    const url = (elementId: number, scId: number, docId: number) => `/api/elements/${elementId}/state-changes/${scId}/delete-document/${docId}/`;

    expect((await get().call('POST', url(otherElement, stateChangeId, document.id))).status).toBe(404);
    expect((await get().call('POST', url(element, stateChangeId, loose.id))).status).toBe(404);
    expect((await get().call('POST', url(element, stateChangeId, document.id), { as: USERS.otherAdmin })).status).toBe(404);

    const res = await get().call('POST', url(element, stateChangeId, document.id));
    expect(res.status).toBe(204);
    const history = await get().call('GET', `/api/elements/${element}/state-changes/`);
    expect(history.body.results[0]).toMatchObject({ id: stateChangeId, documents: [] });
    expect((await get().call('GET', document.url)).status).toBe(404);
  });
  it('answers the first document to an upload resent with the same client uuid, storing nothing (issue 16)', async () => {
    const uuid = `doc-${randomBytes(8).toString('hex')}`;
    const before = storedFiles().length;
    const first = await upload([['plant_id', String(demo.plant.id)], ['client_uuid', uuid], photo('resend.png')]);
    expect(first.status).toBe(201);
    const again = await upload([['plant_id', String(demo.plant.id)], ['client_uuid', uuid], photo('resend.png')]);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(storedFiles()).toHaveLength(before + 1);
    const rows = await get().db.selectFrom('documents').select('id').where('client_uuid', '=', uuid).execute();
    expect(rows).toEqual([{ id: first.body.id }]);

    // The resent document goes into the change like any other, once.
    const change = await get().call('POST', `/api/plants/${demo.plant.id}/modules/${demo.moduleIds[7]}/state-change/`, {
      payload: { state: demo.notOkId, element_type: demo.moduleTypeId, documents: [again.body.id] },
    });
    expect(change.status).toBe(200);

    // Another organisation's uuid space is its own; a malformed uuid is a clear 400 that stores nothing.
    const bad = await upload([['plant_id', String(demo.plant.id)], ['client_uuid', 'no spaces!'], photo()]);
    expect(bad.status).toBe(400);
    expect(bad.body.client_uuid).toBeDefined();
    expect(storedFiles()).toHaveLength(before + 1);
  });

  it('keeps one document when two uploads with the same client uuid race', async () => {
    const uuid = `race-${randomBytes(8).toString('hex')}`;
    const before = storedFiles().length;
    const results = await Promise.all(
      [1, 2, 3].map(() => upload([['plant_id', String(demo.plant.id)], ['client_uuid', uuid], photo('race.png')])),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const rows = await get().db.selectFrom('documents').select('id').where('client_uuid', '=', uuid).execute();
    expect(rows).toHaveLength(1);
    expect(storedFiles()).toHaveLength(before + 1);
  });
});
