import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { EXPORT_CHUNK } from '../src/modules/element-export/element-export.service';
import { describeEachDatabase, USERS } from './helpers';
import { createProgressFixture, FIXTURE_PLANT_CODE, type ProgressFixture } from './progress-fixture';

/*
 * Issue 6, "elements to download": GET plants/{id}/elements/export/ streams the element list's
 * filtered rows as CSV or xlsx; its rows are the list's rows for the same filters.
 */
describeEachDatabase('element export', (get) => {
  let fx: ProgressFixture;
  let bigPlantId: number;
  const BIG = EXPORT_CHUNK * 2 + 37;

  beforeAll(async () => {
    const db = get().db;
    fx = await createProgressFixture(db);
    // A plant with more modules than two export chunks, codes out of insertion order.
    const plant = await db
      .insertInto('plants')
      .values({
        client_id: fx.clientId,
        code: 'EXP-01',
        name: 'Exportación',
        power: 1,
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    bigPlantId = plant.id;
    const mont = fx.states.get('MOD.MONT')!;
    const rows = Array.from({ length: BIG }, (_, i) => {
      const n = (i * 7919) % BIG;
      return {
        plant_id: plant.id,
        type_id: fx.types.get('MOD')!,
        code: `B${String(n % 13).padStart(2, '0')}-M${String(n).padStart(6, '0')}`,
        state_id: n % 3 === 0 ? mont : null,
        updated_at: '2026-01-02T00:00:00.000Z',
      };
    });
    for (let i = 0; i < rows.length; i += 1000)
      await db
        .insertInto('elements')
        .values(rows.slice(i, i + 1000))
        .execute();
  });

  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
  /** The element list's count for the same filters. */
  const listCount = async (plantId: number, query: string) =>
    (await get().call('GET', `/api/plants/${plantId}/elements/?${query}&page_size=1`)).body.count as number;
  const today = () => new Date().toISOString().slice(0, 10);

  it('exports every element of the plant as CSV with translated headers and a file name', async () => {
    const res = await get().call('GET', `/api/plants/${fx.plantId}/elements/export/?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      `filename="elementos-${FIXTURE_PLANT_CODE}-${today()}.csv"`,
    );
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const lines = csvLines(res.text);
    expect(lines[0]).toBe('Código;Tipo;Estado;Número de serie;Contratista;Actualizado (UTC)');
    expect(lines).toHaveLength(1 + 17);
    const nok = lines.find((l) => l.startsWith('B01-T001-S1-M02;'))!;
    expect(nok).toBe('B01-T001-S1-M02;MOD;No OK;;;2026-01-01T00:00:00.000Z');

    const en = await get().call('GET', `/api/plants/${fx.plantId}/elements/export/?format=csv&type=MOD`, {
      language: 'en',
    });
    expect(en.headers['content-disposition']).toContain(
      `filename="elements-${FIXTURE_PLANT_CODE}-MOD-${today()}.csv"`,
    );
    expect(csvLines(en.text)[0]).toBe('Code,Type,State,Serial number,Contractor,Updated (UTC)');
    expect(csvLines(en.text)).toHaveLength(1 + 9);
  });

  it('has as many rows as the element list for the same filters', async () => {
    const mont = fx.states.get('MOD.MONT')!;
    const nok = fx.states.get('MOD.NOK')!;
    for (const query of [
      'type=MOD',
      `type=MOD&state=${mont},${nok}`,
      'type=mod&code=t001',
      `ct=${fx.ctrs[0]}`,
      `type=STR&ct=${fx.ctrs[1]}`,
      'updated_from=2026-01-01&updated_to=2026-01-01',
      'updated_from=2026-01-02',
      'is_serial_duplicated=false',
    ]) {
      const res = await get().call('GET', `/api/plants/${fx.plantId}/elements/export/?format=csv&${query}`);
      expect(res.status, query).toBe(200);
      expect(csvLines(res.text).length - 1, query).toBe(await listCount(fx.plantId, query));
    }
  });

  it('streams more rows than one chunk in the element list order, each row once', async () => {
    const res = await get().call('GET', `/api/plants/${bigPlantId}/elements/export/?format=csv&type=MOD`);
    const codes = csvLines(res.text)
      .slice(1)
      .map((l) => l.split(';')[0]);
    expect(codes).toHaveLength(BIG);
    expect(new Set(codes).size).toBe(BIG);
    const listed: string[] = [];
    for (let page = 1; listed.length < BIG; page++) {
      const body = (
        await get().call(
          'GET',
          `/api/plants/${bigPlantId}/modules/?ordering=code&page=${page}&page_size=1000`,
        )
      ).body;
      listed.push(...body.results.map((e: { code: string }) => e.code));
      if (!body.next) break;
    }
    expect(codes).toEqual(listed);

    const filtered = await get().call(
      'GET',
      `/api/plants/${bigPlantId}/elements/export/?format=csv&state=${fx.states.get('MOD.MONT')}`,
    );
    expect(csvLines(filtered.text).length - 1).toBe(
      await listCount(bigPlantId, `state=${fx.states.get('MOD.MONT')}`),
    );
  });

  it('exports xlsx that reopens with the rows and the translated header', async () => {
    const res = await get().call('GET', `/api/plants/${bigPlantId}/elements/export/?format=xlsx&type=MOD`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain(`filename="elementos-EXP-01-MOD-${today()}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from(res.bytes));
    const sheet = workbook.getWorksheet('Elementos')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Código',
      'Tipo',
      'Estado',
      'Número de serie',
      'Contratista',
      'Actualizado (UTC)',
    ]);
    expect(sheet.actualRowCount).toBe(BIG + 1);
    expect(sheet.getCell('B2').value).toBe('MOD');
    expect(sheet.getCell('F2').value).toBe('2026-01-02T00:00:00.000Z');

    const small = await get().call('GET', `/api/plants/${fx.plantId}/elements/export/?format=xlsx&type=TRA`, {
      language: 'it',
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.read(Readable.from(small.bytes));
    const tra = book.getWorksheet('Elementi')!;
    expect(tra.getRow(1).getCell(1).value).toBe('Codice');
    expect([tra.getCell('A2').value, tra.getCell('A3').value]).toEqual(['B01-T001', 'B01-T002']);
  });

  it('does not collide with the element detail path', async () => {
    const id = fx.elements.get('B01-T001')!;
    const detail = await get().call('GET', `/api/plants/${fx.plantId}/trackers/${id}/`);
    expect(detail.status).toBe(200);
    expect(detail.body.code).toBe('B01-T001');
    // Without a trailing slash too.
    expect(
      (await get().call('GET', `/api/plants/${fx.plantId}/elements/export?format=csv&type=TRA`)).headers[
        'content-type'
      ],
    ).toBe('text/csv; charset=utf-8');
  });

  it('refuses bad filters with 400 and other organisations with 404', async () => {
    const bad = async (query: string, field: string, language = 'es') => {
      const res = await get().call('GET', `/api/plants/${fx.plantId}/elements/export/?${query}`, {
        language,
      });
      expect(res.status, query).toBe(400);
      expect(res.body[field], res.text).toHaveLength(1);
      return res.body[field][0] as string;
    };
    await bad('', 'format');
    await bad('format=pdf', 'format');
    expect(await bad('format=csv&type=XYZ', 'type', 'en')).toMatch(/XYZ/);
    await bad('format=csv&state=abc', 'state');
    await bad('format=csv&updated_from=yesterday', 'updated_from');
    await bad('format=csv&page_size=5000&ct=0', 'ct');
    expect(
      (
        await get().call('GET', `/api/plants/${fx.plantId}/elements/export/?format=csv`, {
          as: USERS.otherAdmin,
        })
      ).status,
    ).toBe(404);
    expect((await get().call('GET', `/api/plants/999999/elements/export/?format=csv`)).status).toBe(404);
  });
});
