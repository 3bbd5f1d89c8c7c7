import { describe, expect, it } from 'vitest';
import {
  applyServerFlags,
  progress,
  readSerial,
  selectElement,
  skip,
  startSession,
  undo,
  type PlanElement,
  type ScanContext,
} from './scan-session';

const element = (id: number, list_index: number, serial = ''): PlanElement => ({
  id,
  code: `M-${id}`,
  list_index,
  serial,
  is_serial_invalid_length: false,
  is_serial_duplicated: false,
  is_serial_unregistered: false,
});

const context: ScanContext = {
  maxCodeLength: 14,
  delivered: new Set(['AAAAAAAAAAAAA1', 'AAAAAAAAAAAAA2', 'AAAAAAAAAAAAA3']),
};

describe('scan session', () => {
  it('orders by list index and reads into the next element without a serial', () => {
    let session = startSession([element(3, 2), element(1, 0, 'AAAAAAAAAAAAA1'), element(2, 1)]);
    expect(session.elements.map((e) => e.id)).toEqual([1, 2, 3]);
    expect(session.cursor).toBe(1);
    session = readSerial(session, ' AAAAAAAAAAAAA2\r\n', context);
    expect(session.elements[1].serial).toBe('AAAAAAAAAAAAA2');
    expect(session.cursor).toBe(2);
    expect(progress(session)).toEqual({ expected: 3, read: 2, left: 1, status: 0 });
    session = readSerial(session, 'AAAAAAAAAAAAA3', context);
    expect(progress(session)).toEqual({ expected: 3, read: 3, left: 0, status: 1 });
    expect(session.cursor).toBe(3);
    // Nothing left to read: a further read changes nothing.
    expect(readSerial(session, 'AAAAAAAAAAAAA9', context)).toBe(session);
  });

  it('flags each rule at once: length, duplicated (both elements), unregistered', () => {
    let session = startSession([element(1, 0), element(2, 1), element(3, 2)]);
    session = readSerial(session, 'SHORT', context);
    expect(session.elements[0]).toMatchObject({
      is_serial_invalid_length: true,
      is_serial_unregistered: true,
    });
    session = readSerial(session, 'AAAAAAAAAAAAA1', context);
    session = readSerial(session, 'AAAAAAAAAAAAA1', context);
    expect(session.elements[1].is_serial_duplicated).toBe(true);
    expect(session.elements[2].is_serial_duplicated).toBe(true);
    expect(session.elements[1].is_serial_unregistered).toBe(false);
    // Undo: the third is empty again and the second no longer duplicated.
    const undone = undo(session);
    expect(undone.element?.id).toBe(3);
    expect(undone.session.elements[2].serial).toBe('');
    expect(undone.session.elements[1].is_serial_duplicated).toBe(false);
    expect(undone.session.cursor).toBe(2);
  });

  it('counts a serial held outside the plan as duplicated, and flags nothing unregistered without a list', () => {
    let session = startSession([element(1, 0)]);
    session = readSerial(session, 'BBBBBBBBBBBBB1', {
      maxCodeLength: 14,
      delivered: null,
      heldOutside: (serial) => serial === 'BBBBBBBBBBBBB1',
    });
    expect(session.elements[0]).toMatchObject({
      is_serial_duplicated: true,
      is_serial_unregistered: false,
      is_serial_invalid_length: false,
    });
  });

  it('skips to the next element, wraps, and a correction reads into the chosen element', () => {
    let session = startSession([element(1, 0), element(2, 1)]);
    session = skip(session);
    expect(session.cursor).toBe(1);
    session = readSerial(session, 'AAAAAAAAAAAAA2', context);
    // The skipped first element is the one left.
    expect(session.cursor).toBe(0);
    session = selectElement(session, 1);
    session = readSerial(session, 'AAAAAAAAAAAAA3', context);
    expect(session.elements[1].serial).toBe('AAAAAAAAAAAAA3');
    expect(session.cursor).toBe(0);
    expect(undo(startSession([])).element).toBeNull();
  });

  it("takes the server's flags over the device's", () => {
    let session = startSession([element(1, 0)]);
    session = readSerial(session, 'AAAAAAAAAAAAA1', context);
    session = applyServerFlags(session, [
      {
        id: 1,
        serial: 'AAAAAAAAAAAAA1',
        is_serial_duplicated: true,
        is_serial_invalid_length: false,
        is_serial_unregistered: false,
      },
      {
        id: 99,
        serial: 'AAAAAAAAAAAAA1',
        is_serial_duplicated: true,
        is_serial_invalid_length: false,
        is_serial_unregistered: false,
      },
    ]);
    expect(session.elements).toHaveLength(1);
    expect(session.elements[0].is_serial_duplicated).toBe(true);
  });
});
