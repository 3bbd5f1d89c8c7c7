import { describe, expect, it } from 'vitest';
import { NO_SERIAL_FLAGS, readDeliveredSerialSheet, SerialScanRequest, serialFlags } from './serials';

const delivered = new Set(['ABCDEFGHIJKLMN', 'ZZZZZZZZZZZZZZ']);

describe('serialFlags', () => {
  it('flags a serial whose length differs from the code length (default 14)', () => {
    expect(
      serialFlags('ABC', { heldByAnotherElement: false, delivered: null }).is_serial_invalid_length,
    ).toBe(true);
    expect(
      serialFlags('ABCDEFGHIJKLMN', { heldByAnotherElement: false, delivered: null })
        .is_serial_invalid_length,
    ).toBe(false);
    expect(
      serialFlags('ABCDEFGHIJKLMNO', { heldByAnotherElement: false, delivered: null })
        .is_serial_invalid_length,
    ).toBe(true);
  });

  it("uses the plan's code length and counts characters, not UTF-16 units", () => {
    expect(
      serialFlags('ABCDE', { maxCodeLength: 5, heldByAnotherElement: false, delivered: null })
        .is_serial_invalid_length,
    ).toBe(false);
    expect(
      serialFlags('ÁB😀D', { maxCodeLength: 4, heldByAnotherElement: false, delivered: null })
        .is_serial_invalid_length,
    ).toBe(false);
  });

  it('ignores the spaces and line ends a scanner sends around a read', () => {
    expect(serialFlags(' ABCDEFGHIJKLMN\r\n', { heldByAnotherElement: false, delivered })).toEqual(
      NO_SERIAL_FLAGS,
    );
  });

  it('flags a serial another element of the plant holds', () => {
    expect(
      serialFlags('ABCDEFGHIJKLMN', { heldByAnotherElement: true, delivered: null }).is_serial_duplicated,
    ).toBe(true);
  });

  it('flags a serial missing from the delivered list', () => {
    expect(
      serialFlags('ABCDEFGHIJKLMX', { heldByAnotherElement: false, delivered }).is_serial_unregistered,
    ).toBe(true);
    expect(
      serialFlags('ABCDEFGHIJKLMN', { heldByAnotherElement: false, delivered }).is_serial_unregistered,
    ).toBe(false);
  });

  it('flags nothing as unregistered on a plant without a delivered list', () => {
    expect(
      serialFlags('ABCDEFGHIJKLMX', { heldByAnotherElement: false, delivered: null }).is_serial_unregistered,
    ).toBe(false);
  });

  it('flags nothing on an empty serial', () => {
    expect(serialFlags('  ', { heldByAnotherElement: true, delivered })).toEqual(NO_SERIAL_FLAGS);
  });
});

describe('SerialScanRequest', () => {
  const uuid = '6b1f0a52-8a7e-4b0e-9a3e-2f4f7c0d9e11';

  it('defaults the code length to 14 and trims serials', () => {
    const parsed = SerialScanRequest.parse({
      client_uuid: uuid,
      serials: [{ element_id: 1, serial: ' X \n' }],
    });
    expect(parsed).toEqual({
      client_uuid: uuid,
      max_code_length: 14,
      serials: [{ element_id: 1, serial: 'X' }],
    });
  });

  it('refuses a bad uuid, an empty list, a repeated element and a serial too long', () => {
    expect(
      SerialScanRequest.safeParse({ client_uuid: 'x', serials: [{ element_id: 1, serial: 'A' }] }).success,
    ).toBe(false);
    expect(SerialScanRequest.safeParse({ client_uuid: uuid, serials: [] }).success).toBe(false);
    const repeated = SerialScanRequest.safeParse({
      client_uuid: uuid,
      serials: [
        { element_id: 1, serial: 'A' },
        { element_id: 1, serial: 'B' },
      ],
    });
    expect(repeated.success).toBe(false);
    expect(repeated.error?.issues[0].path).toEqual(['serials', 1, 'element_id']);
    expect(
      SerialScanRequest.safeParse({
        client_uuid: uuid,
        serials: [{ element_id: 1, serial: 'A'.repeat(101) }],
      }).success,
    ).toBe(false);
  });
});

describe('readDeliveredSerialSheet', () => {
  it('reads the first column when there is no header', () => {
    const sheet = readDeliveredSerialSheet([['S1', 'x'], [''], ['S2']]);
    expect(sheet.serials).toEqual([
      { row: 1, serial: 'S1' },
      { row: 3, serial: 'S2' },
    ]);
    expect(sheet.total).toBe(2);
  });

  it('finds the serial column by its header in es, en or it', () => {
    for (const header of ['Número de serie', 'Serial number', 'Numero di serie', 'S/N']) {
      const sheet = readDeliveredSerialSheet([
        ['Albarán', header],
        ['A-1', 'S1'],
        ['A-1', 'S2'],
      ]);
      expect(
        sheet.serials.map((s) => s.serial),
        header,
      ).toEqual(['S1', 'S2']);
    }
  });

  it('counts a repeated serial once', () => {
    const sheet = readDeliveredSerialSheet([['S1'], ['S1'], ['S2']]);
    expect(sheet.serials.map((s) => s.serial)).toEqual(['S1', 'S2']);
    expect(sheet.repeated).toBe(1);
    expect(sheet.total).toBe(3);
  });

  it('names the rows of serials too long, and a sheet without serials', () => {
    const sheet = readDeliveredSerialSheet([['serial'], ['S'.repeat(101)], ['S2']]);
    expect(sheet.errors).toEqual([{ row: 2, key: 'serials.import.tooLong', params: { max: 100 } }]);
    expect(readDeliveredSerialSheet([['serial'], ['']]).errors).toEqual([
      { row: 1, key: 'serials.import.empty' },
    ]);
    expect(readDeliveredSerialSheet([]).errors).toEqual([{ row: 1, key: 'serials.import.empty' }]);
  });
});
