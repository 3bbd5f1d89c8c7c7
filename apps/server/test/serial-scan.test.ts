import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, multipart, USERS } from './helpers';
import { createPlant, SERIAL } from './serial-plant-fixture';

/*
 * Issue 19: POST plants/{id}/serial-scan/ and the plant's delivered serials. Every test works on a
 * plant of its own (modules in a row, no serials), so the demo seed's serials do not interfere.
 */

const csv = (text: string, name = 'albaran.csv') =>
  multipart([{ field: 'file', name, type: 'text/csv', content: Buffer.from(text) }]);

async function xlsx(rows: string[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Albarán');
  for (const row of rows) sheet.addRow(row);
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  return multipart([
    {
      field: 'file',
      name: 'albaran.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content,
    },
  ]);
}

describeEachDatabase('serial scanning', (get) => {
  let plants = 0;
  const newPlant = (options?: { enabled?: boolean; modules?: number }) =>
    createPlant(get(), `SER-${String(++plants).padStart(2, '0')}`, options);

  const scan = (
    plantId: number,
    serials: { element_id: number; serial: unknown }[],
    {
      uuid = randomUUID(),
      as = USERS.technician as string,
      language = 'es',
      maxCodeLength = undefined as number | undefined,
    } = {},
  ) =>
    get().call('POST', `/api/plants/${plantId}/serial-scan/`, {
      as,
      language,
      payload: {
        client_uuid: uuid,
        ...(maxCodeLength === undefined ? {} : { max_code_length: maxCodeLength }),
        serials,
      },
    });
  const stored = (plantId: number) =>
    get()
      .db.selectFrom('elements')
      .select([
        'id',
        'serial',
        'is_serial_invalid_length',
        'is_serial_duplicated',
        'is_serial_unregistered',
        'row_version',
      ])
      .where('plant_id', '=', plantId)
      .orderBy('id')
      .execute();
  const importSheet = (
    plantId: number,
    form: { payload: Buffer; headers: Record<string, string> },
    { dryRun = false, as = USERS.admin as string, language = 'es' } = {},
  ) =>
    get().call('POST', `/api/plants/${plantId}/delivered-serials/import/${dryRun ? '?dry_run=true' : ''}`, {
      as,
      language,
      ...form,
    });
  const flags = (invalid: boolean, duplicated: boolean, unregistered: boolean) => ({
    is_serial_invalid_length: invalid,
    is_serial_duplicated: duplicated,
    is_serial_unregistered: unregistered,
  });

  describe('POST plants/{id}/serial-scan/', () => {
    it("records a plan's serials in order with the flags the server computes", async () => {
      const plant = await newPlant();
      const [a, b, c] = plant.modules;
      const res = await scan(plant.id, [
        { element_id: c, serial: SERIAL(3) },
        { element_id: a, serial: 'SHORT' },
        { element_id: b, serial: ` ${SERIAL(2)}\r\n` },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.elements).toEqual([
        { id: c, serial: SERIAL(3), ...flags(false, false, false) },
        { id: a, serial: 'SHORT', ...flags(true, false, false) },
        { id: b, serial: SERIAL(2), ...flags(false, false, false) },
      ]);
      const rows = await stored(plant.id);
      expect(rows.find((r) => r.id === a)).toMatchObject({ serial: 'SHORT', is_serial_invalid_length: 1 });
      expect(rows.find((r) => r.id === b)).toMatchObject({ serial: SERIAL(2), is_serial_invalid_length: 0 });
    });

    it("checks the length against the plan's code length", async () => {
      const plant = await newPlant();
      const res = await scan(plant.id, [{ element_id: plant.modules[0], serial: 'ABCDEF' }], {
        maxCodeLength: 6,
      });
      expect(res.body.elements[0]).toMatchObject(flags(false, false, false));
      const wrong = await scan(plant.id, [{ element_id: plant.modules[1], serial: SERIAL(1) }], {
        maxCodeLength: 6,
      });
      expect(wrong.body.elements[0]).toMatchObject(flags(true, false, false));
    });

    it('flags both elements holding the same serial, and unflags them when it changes', async () => {
      const plant = await newPlant();
      const [a, b, c] = plant.modules;
      await scan(plant.id, [{ element_id: a, serial: SERIAL(7) }]);
      const before = (await stored(plant.id)).find((r) => r.id === a)!;

      const dup = await scan(plant.id, [{ element_id: b, serial: SERIAL(7) }]);
      expect(dup.body.elements).toEqual([
        { id: b, serial: SERIAL(7), ...flags(false, true, false) },
        { id: a, serial: SERIAL(7), ...flags(false, true, false) },
      ]);
      let rows = await stored(plant.id);
      // The re-flagged element carries the write's version: the sync change feed sends it.
      expect(rows.find((r) => r.id === a)!.row_version).toBeGreaterThan(before.row_version);
      expect(rows.find((r) => r.id === a)!.row_version).toBe(dup.body.elements_version);

      // A third holder: the two others are already flagged, so only the new one is answered.
      const third = await scan(plant.id, [{ element_id: c, serial: SERIAL(7) }]);
      expect(third.body.elements).toEqual([{ id: c, serial: SERIAL(7), ...flags(false, true, false) }]);

      // b and c move away: a holds the serial alone again and is unflagged.
      const moved = await scan(plant.id, [
        { element_id: b, serial: SERIAL(8) },
        { element_id: c, serial: '' },
      ]);
      expect(moved.body.elements).toEqual([
        { id: b, serial: SERIAL(8), ...flags(false, false, false) },
        { id: c, serial: '', ...flags(false, false, false) },
        { id: a, serial: SERIAL(7), ...flags(false, false, false) },
      ]);
      rows = await stored(plant.id);
      expect(rows.filter((r) => r.is_serial_duplicated === 1)).toEqual([]);
    });

    it('flags two elements of one request that share a serial', async () => {
      const plant = await newPlant();
      const [a, b] = plant.modules;
      const res = await scan(plant.id, [
        { element_id: a, serial: SERIAL(9) },
        { element_id: b, serial: SERIAL(9) },
      ]);
      expect(res.body.elements.map((e: { is_serial_duplicated: boolean }) => e.is_serial_duplicated)).toEqual(
        [true, true],
      );
    });

    it('does not count the same serial in another plant as a duplicate', async () => {
      const one = await newPlant();
      const two = await newPlant();
      await scan(one.id, [{ element_id: one.modules[0], serial: SERIAL(11) }]);
      const res = await scan(two.id, [{ element_id: two.modules[0], serial: SERIAL(11) }]);
      expect(res.body.elements).toEqual([
        { id: two.modules[0], serial: SERIAL(11), ...flags(false, false, false) },
      ]);
    });

    it('answers a resent client uuid with the first answer and writes nothing', async () => {
      const plant = await newPlant();
      const uuid = randomUUID();
      const first = await scan(plant.id, [{ element_id: plant.modules[0], serial: SERIAL(21) }], { uuid });
      const afterFirst = await stored(plant.id);
      const again = await scan(plant.id, [{ element_id: plant.modules[0], serial: 'SOMETHING ELSE' }], {
        uuid,
      });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await stored(plant.id)).toEqual(afterFirst);
    });

    it('writes once when the same client uuid arrives several times at once', async () => {
      const plant = await newPlant();
      const uuid = randomUUID();
      const version = async () =>
        (
          await get()
            .db.selectFrom('plants')
            .select('elements_version')
            .where('id', '=', plant.id)
            .executeTakeFirstOrThrow()
        ).elements_version;
      const start = await version();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          scan(
            plant.id,
            plant.modules.map((id, i) => ({ element_id: id, serial: SERIAL(100 + i) })),
            { uuid },
          ),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      for (const answer of answers) expect(answer.body).toEqual(answers[0].body);
      expect(await version()).toBe(start + 1);
      const writes = await get()
        .db.selectFrom('serial_scan_writes')
        .select('client_uuid')
        .where('client_uuid', '=', uuid)
        .execute();
      expect(writes).toHaveLength(1);
    });

    it('edits the serial of one element (a list of one)', async () => {
      const plant = await newPlant();
      await scan(plant.id, [{ element_id: plant.modules[0], serial: SERIAL(31) }]);
      const res = await scan(plant.id, [{ element_id: plant.modules[0], serial: SERIAL(32) }], {
        as: USERS.admin,
      });
      expect(res.body.elements).toEqual([
        { id: plant.modules[0], serial: SERIAL(32), ...flags(false, false, false) },
      ]);
      expect((await stored(plant.id))[0].serial).toBe(SERIAL(32));
    });

    it('answers 403 when the plant does not have serial scanning enabled, writing nothing', async () => {
      const plant = await newPlant({ enabled: false });
      const res = await scan(plant.id, [{ element_id: plant.modules[0], serial: SERIAL(1) }], {
        language: 'en',
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        detail: 'Serial scanning is not enabled on this plant.',
        code: 'serial_scan_disabled',
      });
      expect((await stored(plant.id)).every((r) => r.serial === '')).toBe(true);
    });

    it('answers 404 for a plant the user is not authorised on', async () => {
      const plant = await newPlant();
      const res = await scan(plant.id, [{ element_id: plant.modules[0], serial: SERIAL(1) }], {
        as: USERS.inspector,
      });
      expect(res.status).toBe(404);
    });

    it('refuses an element of another plant naming it, in the language of the request, and writes nothing', async () => {
      const plant = await newPlant();
      const other = await newPlant();
      const res = await scan(
        plant.id,
        [
          { element_id: plant.modules[0], serial: SERIAL(41) },
          { element_id: other.modules[0], serial: SERIAL(42) },
        ],
        { language: 'en' },
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        'serials.1.element_id': [`Element ${other.modules[0]} does not exist in this plant.`],
      });
      expect((await stored(plant.id)).every((r) => r.serial === '')).toBe(true);
    });

    it('refuses bad input with field errors', async () => {
      const plant = await newPlant();
      const [a] = plant.modules;
      const cases: [Record<string, unknown>, string][] = [
        [{ client_uuid: 'not-a-uuid', serials: [{ element_id: a, serial: 'X' }] }, 'client_uuid'],
        [{ client_uuid: randomUUID(), serials: [] }, 'serials'],
        [{ client_uuid: randomUUID(), serials: [{ element_id: a, serial: 42 }] }, 'serials.0.serial'],
        [
          { client_uuid: randomUUID(), serials: [{ element_id: a, serial: 'X'.repeat(101) }] },
          'serials.0.serial',
        ],
        [
          {
            client_uuid: randomUUID(),
            serials: [
              { element_id: a, serial: 'X' },
              { element_id: a, serial: 'Y' },
            ],
          },
          'serials.1.element_id',
        ],
        [
          { client_uuid: randomUUID(), max_code_length: 0, serials: [{ element_id: a, serial: 'X' }] },
          'max_code_length',
        ],
      ];
      for (const [payload, field] of cases) {
        const res = await get().call('POST', `/api/plants/${plant.id}/serial-scan/`, {
          as: USERS.technician,
          payload,
        });
        expect(res.status, JSON.stringify(payload)).toBe(400);
        expect(Object.keys(res.body), JSON.stringify(payload)).toContain(field);
      }
      expect((await stored(plant.id)).every((r) => r.serial === '')).toBe(true);
    });
  });

  describe("the plant's delivered serials", () => {
    it('previews an import without writing, then imports it', async () => {
      const plant = await newPlant();
      const sheet = `Albarán;Número de serie\nA-1;${SERIAL(1)}\nA-1;${SERIAL(2)}\n;\nA-2;${SERIAL(2)}\nA-2;${SERIAL(3)}\n`;
      const preview = await importSheet(plant.id, csv(sheet), { dryRun: true });
      expect(preview.status).toBe(200);
      expect(preview.body).toEqual({
        dry_run: true,
        total: 4,
        added: 3,
        already_listed: 0,
        repeated: 1,
        sample: [SERIAL(1), SERIAL(2), SERIAL(3)],
        errors: [],
        error_count: 0,
        list_count: 0,
      });
      expect((await get().call('GET', `/api/plants/${plant.id}/delivered-serials/`)).body.count).toBe(0);

      const done = await importSheet(plant.id, csv(sheet));
      expect(done.body).toMatchObject({ dry_run: false, added: 3, list_count: 3 });
      const again = await importSheet(plant.id, csv(`${SERIAL(3)}\n${SERIAL(4)}\n`));
      expect(again.body).toMatchObject({ added: 1, already_listed: 1, list_count: 4, sample: [SERIAL(4)] });

      const page = await get().call(
        'GET',
        `/api/plants/${plant.id}/delivered-serials/?page_size=2&search=${SERIAL(2).toLowerCase()}`,
        { as: USERS.technician },
      );
      expect(page.body).toMatchObject({ count: 1, results: [{ serial: SERIAL(2) }] });
      const all = await get().call('GET', `/api/plants/${plant.id}/delivered-serials/all/`, {
        as: USERS.technician,
      });
      expect(all.body).toEqual({ count: 4, serials: [SERIAL(1), SERIAL(2), SERIAL(3), SERIAL(4)] });
    });

    it('reads an xlsx sheet', async () => {
      const plant = await newPlant();
      const res = await importSheet(plant.id, await xlsx([['Serial number'], [SERIAL(5)], [SERIAL(6)]]));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ added: 2, list_count: 2 });
    });

    it('refuses a sheet with errors naming the rows, and lists them in a preview', async () => {
      const plant = await newPlant();
      const sheet = `serial\n${SERIAL(1)}\n${'X'.repeat(101)}\n`;
      const refused = await importSheet(plant.id, csv(sheet), { language: 'en' });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ 'rows.3': ['A serial may have at most 100 characters.'] });
      expect((await get().call('GET', `/api/plants/${plant.id}/delivered-serials/`)).body.count).toBe(0);
      const preview = await importSheet(plant.id, csv(sheet), { dryRun: true, language: 'en' });
      expect(preview.body).toMatchObject({
        added: 1,
        error_count: 1,
        errors: [{ row: 3, message: 'A serial may have at most 100 characters.' }],
      });

      const empty = await importSheet(plant.id, csv('serial\n\n'));
      expect(empty.status).toBe(400);
      expect(Object.keys(empty.body)).toEqual(['file']);
      const pdf = multipart([
        { field: 'file', name: 'albaran.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4\n') },
      ]);
      expect((await importSheet(plant.id, pdf)).status).toBe(400);
    });

    it('is imported and deleted by administrators only', async () => {
      const plant = await newPlant();
      expect((await importSheet(plant.id, csv(`${SERIAL(1)}\n`), { as: USERS.technician })).status).toBe(403);
      expect(
        (await get().call('DELETE', `/api/plants/${plant.id}/delivered-serials/`, { as: USERS.technician }))
          .status,
      ).toBe(403);
    });

    it('decides the unregistered flag, and a change of the list re-flags the elements', async () => {
      const plant = await newPlant();
      const [a, b] = plant.modules;
      // No list: nothing is unregistered.
      const before = await scan(plant.id, [
        { element_id: a, serial: SERIAL(1) },
        { element_id: b, serial: SERIAL(2) },
      ]);
      expect(
        before.body.elements.map((e: { is_serial_unregistered: boolean }) => e.is_serial_unregistered),
      ).toEqual([false, false]);

      // A list holding only the first: the second becomes unregistered, with a new row version.
      const versionBefore = (await stored(plant.id)).find((r) => r.id === b)!.row_version;
      await importSheet(plant.id, csv(`${SERIAL(1)}\n`));
      let rows = await stored(plant.id);
      expect(rows.find((r) => r.id === a)!.is_serial_unregistered).toBe(0);
      expect(rows.find((r) => r.id === b)!.is_serial_unregistered).toBe(1);
      expect(rows.find((r) => r.id === b)!.row_version).toBeGreaterThan(versionBefore);

      // Scanning checks against the list.
      const c = plant.modules[2];
      const res = await scan(plant.id, [{ element_id: c, serial: SERIAL(3) }]);
      expect(res.body.elements[0]).toMatchObject(flags(false, false, true));

      // The second is delivered after all.
      await importSheet(plant.id, csv(`${SERIAL(2)}\n`));
      rows = await stored(plant.id);
      expect(rows.find((r) => r.id === b)!.is_serial_unregistered).toBe(0);
      expect(rows.find((r) => r.id === c)!.is_serial_unregistered).toBe(1);

      // Without a list nothing is unregistered.
      expect((await get().call('DELETE', `/api/plants/${plant.id}/delivered-serials/`)).status).toBe(204);
      rows = await stored(plant.id);
      expect(rows.filter((r) => r.is_serial_unregistered === 1)).toEqual([]);
      expect((await get().call('GET', `/api/plants/${plant.id}/delivered-serials/all/`)).body).toEqual({
        count: 0,
        serials: [],
      });
    });

    it('sends the written serials through the sync change feed', async () => {
      const plant = await newPlant();
      // NDJSON: a header line, then one JSON array per element (Answer would read it as one JSON body).
      const download = async (cursor?: string) => {
        const query = cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`;
        const res = await get().app.inject({
          method: 'GET',
          url: `/api/plants/${plant.id}/sync/${query}`,
          headers: await get().as(USERS.technician),
        });
        expect(res.statusCode).toBe(200);
        const lines = res.body.trim().split('\n');
        const header = JSON.parse(lines[0]) as { cursor: string; columns: string[] };
        return {
          header,
          elements: lines
            .slice(1)
            .map((l) => JSON.parse(l) as unknown)
            .filter(Array.isArray),
        };
      };
      const full = await download();
      await scan(plant.id, [{ element_id: plant.modules[4], serial: SERIAL(55) }]);
      const changes = await download(full.header.cursor);
      const { columns } = changes.header;
      expect(changes.elements).toHaveLength(1);
      expect(changes.elements[0][columns.indexOf('id')]).toBe(plant.modules[4]);
      expect(changes.elements[0][columns.indexOf('serial')]).toBe(SERIAL(55));
    });
  });
});
