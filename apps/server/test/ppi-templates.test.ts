import { expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { describeEachDatabase, multipart, type TestContext } from './helpers';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function xlsx(rows: string[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Actividades');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function pilesType(ctx: TestContext) {
  const plant = await ctx.db.selectFrom('plants').selectAll().where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
  const type = await ctx.db.selectFrom('element_types').select('id').where('client_id', '=', plant.client_id).where('code', '=', 'HIN').executeTakeFirstOrThrow();
  return { plant, typeId: type.id };
}

describeEachDatabase('PPI templates: activities in order, and the import from a sheet', (get) => {
  const importSheet = async (query: string, file: { name: string; type: string; content: Buffer }, fields: [string, string][], language?: string) =>
    get().call('POST', `/api/templates/import/${query}`, { ...multipart([...fields, { ...file, field: 'file' }]), language });

  it('creates, lists, edits and deletes templates; a plant lists the organisation-wide ones and its own', async () => {
    const ctx = get();
    const { plant, typeId } = await pilesType(ctx);
    const other = await ctx.db
      .insertInto('plants')
      .values({ client_id: plant.client_id, code: 'TPL-2', name: 'Otra planta', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await ctx.call('POST', '/api/templates/', {
      payload: {
        name: 'Hincas propias',
        element_type: typeId,
        plant: plant.id,
        activities: [
          { name: ' Replanteo ', criteria: '± 20 mm', roles: ['JO'] },
          { name: 'Profundidad', is_required: false, roles: ['CA', 'TC'] },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Hincas propias', plant: plant.id, element_type: { id: typeId, code: 'HIN' }, ppi_count: 0 });
    expect(created.body.activities.map((a: object) => ({ ...a, id: undefined }))).toEqual([
      { id: undefined, position: 1, name: 'Replanteo', criteria: '± 20 mm', is_required: true, roles: ['JO'] },
      { id: undefined, position: 2, name: 'Profundidad', criteria: '', is_required: false, roles: ['CA', 'TC'] },
    ]);
    const ofPlant = (await ctx.call('GET', `/api/plants/${plant.id}/templates/`)).body.map((t: { id: number }) => t.id);
    const ofOther = (await ctx.call('GET', `/api/plants/${other.id}/templates/`)).body.map((t: { id: number }) => t.id);
    expect(ofPlant).toContain(created.body.id);
    expect(ofOther).not.toContain(created.body.id);
    expect(ofOther.length).toBeGreaterThanOrEqual(2); // the demo's organisation-wide templates

    const edited = await ctx.call('PUT', `/api/templates/${created.body.id}/`, {
      payload: { name: 'Hincas', element_type: typeId, plant: null, activities: [{ name: 'Profundidad', roles: ['CA'] }, { name: 'Replanteo', roles: ['JO'] }] },
    });
    expect(edited.body).toMatchObject({ name: 'Hincas', plant: null });
    const activities = await ctx.call('GET', `/api/templates/${created.body.id}/activities`);
    expect(activities.body.map((a: { position: number; name: string }) => [a.position, a.name])).toEqual([
      [1, 'Profundidad'],
      [2, 'Replanteo'],
    ]);
    expect((await ctx.call('DELETE', `/api/templates/${created.body.id}/`)).status).toBe(204);
    expect((await ctx.call('GET', `/api/templates/${created.body.id}/`)).status).toBe(404);
  });

  it('refuses a template without activities, roles or a known type, with translated messages', async () => {
    const ctx = get();
    const { typeId } = await pilesType(ctx);
    const post = (payload: object, language?: string) => ctx.call('POST', '/api/templates/', { payload, language });
    expect(await post({ name: 'x', element_type: typeId, activities: [] })).toEqual({ status: 400, body: { activities: ['Este campo es obligatorio.'] } });
    expect((await post({ name: 'x', element_type: typeId, activities: [{ name: 'a', roles: ['CA', 'CA'] }] }, 'en')).body).toEqual({
      'activities.0.roles': ['The same value cannot appear twice.'],
    });
    expect((await post({ name: 'x', element_type: typeId, activities: [{ name: 'a', roles: ['XX'] }] })).status).toBe(400);
    expect((await post({ name: 'x', element_type: 999999, activities: [{ name: 'a', roles: ['CA'] }] }, 'it')).body).toEqual({
      element_type: ['Il tipo di elemento 999999 non esiste.'],
    });
  });

  it('previews a CSV import: the activities it would create and every error by row and column', async () => {
    const ctx = get();
    const { typeId } = await pilesType(ctx);
    const csv = ['Actividad;Criterio;Obligatoria;Roles', 'Par de apriete;60 Nm;sí;CA', ';sin nombre;sí;CA', 'Verticalidad;≤ 1°;quizás;CA', 'Galvanizado;Sin daños;no;CA, ZZ', 'Limpieza;;no;TC'].join('\n');
    const before = (await ctx.call('GET', '/api/templates/')).body.length;
    const preview = await importSheet('?dry_run=true', { name: 'hincas.csv', type: 'text/csv', content: Buffer.from(`\uFEFF${csv}`) }, [
      ['name', 'Desde CSV'],
      ['element_type', String(typeId)],
    ]);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ dry_run: true, total: 5, error_count: 3, template: null });
    expect(preview.body.activities).toEqual([
      { row: 2, name: 'Par de apriete', criteria: '60 Nm', is_required: true, roles: ['CA'] },
      { row: 6, name: 'Limpieza', criteria: '', is_required: false, roles: ['TC'] },
    ]);
    expect(preview.body.errors).toEqual([
      { row: 3, field: 'name', message: 'Falta el nombre de la actividad.' },
      { row: 4, field: 'required', message: '«quizás» no es un valor válido para «obligatoria»: use sí o no.' },
      { row: 5, field: 'roles', message: 'Roles desconocidos: ZZ. Roles válidos: AD, JO, CA, TC, VI.' },
    ]);
    expect((await ctx.call('GET', '/api/templates/')).body.length).toBe(before);

    // Without dry_run, the same sheet is refused whole, each row named; nothing is created.
    const refused = await importSheet('', { name: 'hincas.csv', type: 'text/csv', content: Buffer.from(csv) }, [
      ['name', 'Desde CSV'],
      ['element_type', String(typeId)],
    ], 'en');
    expect(refused).toEqual({
      status: 400,
      body: {
        'rows.3.name': ['The activity name is missing.'],
        'rows.4.required': ['“quizás” is not a valid value for “required”: use yes or no.'],
        'rows.5.roles': ['Unknown roles: ZZ. Valid roles: AD, JO, CA, TC, VI.'],
      },
    });
    expect((await ctx.call('GET', '/api/templates/')).body.length).toBe(before);
  });

  it('creates a template from an xlsx sheet with an English header in another order', async () => {
    const ctx = get();
    const { plant, typeId } = await pilesType(ctx);
    const content = await xlsx([
      ['Roles', 'Activity', 'Required', 'Acceptance criteria'],
      ['CA', 'Torque of the pile bolts', 'yes', 'As the manufacturer says'],
      ['JO, CA', 'Pile depth', 'no', '≥ design depth'],
    ]);
    const file = { name: 'piles.xlsx', type: XLSX, content };
    const fields: [string, string][] = [
      ['name', 'From xlsx'],
      ['element_type', String(typeId)],
      ['plant', String(plant.id)],
    ];
    const preview = await importSheet('?dry_run=true', file, fields);
    expect(preview.body).toMatchObject({ total: 2, error_count: 0, errors: [], template: null });
    const created = await importSheet('', file, fields);
    expect(created.status).toBe(201);
    expect(created.body.template).toMatchObject({ name: 'From xlsx', plant: plant.id, element_type: { code: 'HIN' } });
    expect(created.body.template.activities.map((a: { name: string; is_required: boolean; roles: string[]; criteria: string }) => [a.name, a.is_required, a.roles, a.criteria])).toEqual([
      ['Torque of the pile bolts', true, ['CA'], 'As the manufacturer says'],
      ['Pile depth', false, ['JO', 'CA'], '≥ design depth'],
    ]);
  });

  it('refuses a file that is not a sheet, a sheet without activities, and missing fields, never with a 500', async () => {
    const ctx = get();
    const { typeId } = await pilesType(ctx);
    const fields: [string, string][] = [
      ['name', 'x'],
      ['element_type', String(typeId)],
    ];
    expect((await importSheet('?dry_run=true', { name: 'a.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4') }, fields)).body).toEqual({
      file: ['Tipo de archivo no admitido: use una hoja XLSX o CSV.'],
    });
    expect((await importSheet('?dry_run=true', { name: 'a.xlsx', type: XLSX, content: Buffer.from('PK\u0003\u0004 broken zip') }, fields)).body).toEqual({
      file: ['No se pudo leer la hoja de cálculo. Compruebe que es un XLSX o CSV válido.'],
    });
    const empty = await importSheet('?dry_run=true', { name: 'a.csv', type: 'text/csv', content: Buffer.from('nombre;roles\n') }, fields);
    expect(empty.body).toMatchObject({ total: 0, errors: [{ row: 1, field: 'file', message: 'La hoja no tiene actividades.' }] });
    const noName = await importSheet('?dry_run=true', { name: 'a.csv', type: 'text/csv', content: Buffer.from('a;b;sí;CA') }, [['element_type', String(typeId)]]);
    expect(noName).toEqual({ status: 400, body: { name: ['Este campo es obligatorio.'] } });
    const unknownField = await importSheet('?dry_run=true', { name: 'a.csv', type: 'text/csv', content: Buffer.from('a;b;sí;CA') }, [...fields, ['colour', 'red']]);
    expect(unknownField.body).toEqual({ colour: ['Campo no permitido.'] });
    expect((await ctx.call('POST', '/api/templates/import/', { payload: { name: 'x' } })).status).toBe(415);
  });
});
