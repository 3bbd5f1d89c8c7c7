import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './helpers';
import { createProgressFixture, type ProgressFixture } from './progress-fixture';

/*
 * Issue 12, hostile input: names of states, contractors and plants are free text that reaches the
 * CSV and xlsx exports. A cell starting with =, +, -, @, a tab or a carriage return is read as a
 * formula by spreadsheets (OWASP, CSV injection), so every such cell leaves with a leading apostrophe.
 */
const HOSTILE = {
  plant: '=HYPERLINK("http://evil.example","Planta")',
  state: '+SUM(1+1)',
  contractor: '@cmd|"/c calc"!A0',
  serial: '-2+3',
  tab: '\tTabulado',
};

describeEachDatabase('exports neutralise formulas', (get) => {
  let fx: ProgressFixture;
  let elementId: number;

  beforeAll(async () => {
    const db = get().db;
    fx = await createProgressFixture(db);
    await db
      .updateTable('plants')
      .set({ name: HOSTILE.plant, location: HOSTILE.tab })
      .where('id', '=', fx.plantId)
      .execute();
    const stateId = fx.states.get('MOD.MONT')!;
    await db.updateTable('states').set({ name: HOSTILE.state }).where('id', '=', stateId).execute();
    const contractor = await db
      .insertInto('contractors')
      .values({
        client_id: fx.clientId,
        name: HOSTILE.contractor,
        address: '',
        contact_name: '',
        contact_email: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const element = await db
      .selectFrom('elements')
      .select('id')
      .where('plant_id', '=', fx.plantId)
      .where('type_id', '=', fx.types.get('MOD')!)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    elementId = element.id;
    await db
      .updateTable('elements')
      .set({ state_id: stateId, serial: HOSTILE.serial, last_state_change_contractor_id: contractor.id })
      .where('id', '=', elementId)
      .execute();
  });

  const download = async (url: string) => {
    const res = await get().call('GET', url);
    expect(res.status).toBe(200);
    return res;
  };
  const textCells = async (payload: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.read(Readable.from(payload));
    const cells: string[] = [];
    book.eachSheet((sheet) =>
      sheet.eachRow((row) =>
        row.eachCell((cell) => void (typeof cell.value === 'string' && cells.push(cell.value))),
      ),
    );
    return cells;
  };

  it('prefixes an apostrophe to formula-like cells of the element CSV', async () => {
    const res = await download(`/api/plants/${fx.plantId}/elements/export/?format=csv&type=MOD`);
    const row = res.text.split('\r\n').find((line) => line.includes(HOSTILE.serial))!;
    expect(row.split(';')).toEqual(
      expect.arrayContaining([`'${HOSTILE.state}`, `'${HOSTILE.serial}`, `"'@cmd|""/c calc""!A0"`]),
    );
    expect(res.text).not.toMatch(/(^|;)[=+\-@\t]/m);
  });

  it('prefixes an apostrophe to formula-like cells of the element xlsx', async () => {
    const res = await download(`/api/plants/${fx.plantId}/elements/export/?format=xlsx&type=MOD`);
    const cells = await textCells(res.bytes);
    expect(cells).toEqual(
      expect.arrayContaining([`'${HOSTILE.state}`, `'${HOSTILE.serial}`, `'${HOSTILE.contractor}`]),
    );
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
  });

  it("prefixes an apostrophe to formula-like cells of a report's xlsx", async () => {
    const created = await get().call('POST', `/api/plants/${fx.plantId}/reports/`, { payload: {} });
    expect(created.status).toBe(202);
    const reportUrl = `/api/plants/${fx.plantId}/reports/${created.body.id}/`;
    for (let i = 0; i < 600; i++) {
      if ((await download(reportUrl)).body.status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const cells = await textCells((await download(`${reportUrl}download/?format=xlsx`)).bytes);
    expect(cells).toEqual(
      expect.arrayContaining([`'${HOSTILE.plant}`, `'${HOSTILE.state}`, `'${HOSTILE.tab}`]),
    );
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
  });
});
