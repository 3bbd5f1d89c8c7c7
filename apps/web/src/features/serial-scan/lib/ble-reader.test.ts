import { describe, expect, it } from 'vitest';
import { BleCodeReader } from './ble-reader';
import { WedgeReader } from './wedge-reader';

const bytes = (text: string) => new TextEncoder().encode(text);
/** As the plugin hands a notification over: a DataView on the packet's bytes. */
const packet = (text: string) => {
  const data = bytes(text);
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
};

function readsOf(...packets: (DataView | Uint8Array)[]): string[] {
  const codes: string[] = [];
  const reader = new BleCodeReader((code) => codes.push(code));
  for (const value of packets) reader.push(value);
  return codes;
}

/** What the keyboard wedge reads when a scanner types `text` fast, each line ended by Enter. */
function wedgeReadsOf(text: string): string[] {
  const codes: string[] = [];
  const reader = new WedgeReader((code) => codes.push(code));
  let time = 1000;
  for (const char of text) {
    if (char === '\r') continue;
    reader.key({ key: char === '\n' ? 'Enter' : char, time: (time += 5) });
  }
  return codes;
}

describe('the Bluetooth scanner reader', () => {
  it('joins a read split over several notifications', () => {
    expect(readsOf(packet('SN2026'), packet('1128000'), packet('1\r'))).toEqual(['SN20261128000' + '1']);
  });

  it('ends a read at CR, LF, CR LF or Tab, a CR LF split across packets making one end', () => {
    expect(readsOf(packet('AAAA0001\r'), packet('\nBBBB0002\n'), packet('CCCC0003\r\n'), packet('DDDD0004\t'))).toEqual([
      'AAAA0001',
      'BBBB0002',
      'CCCC0003',
      'DDDD0004',
    ]);
  });

  it('hands over two reads of one notification, and keeps the start of a third', () => {
    const codes: string[] = [];
    const reader = new BleCodeReader((code) => codes.push(code));
    reader.push(packet('SN0001\r\nSN0002\r\nSN00'));
    expect(codes).toEqual(['SN0001', 'SN0002']);
    reader.push(packet('03\r\n'));
    expect(codes).toEqual(['SN0001', 'SN0002', 'SN0003']);
  });

  it('keeps a UTF-8 character split between packets whole', () => {
    const data = bytes('MÓD-0001\n');
    const cut = 2; // inside the two bytes of Ó
    expect(readsOf(data.subarray(0, cut), data.subarray(cut))).toEqual(['MÓD-0001']);
  });

  it('gives the same reads as the keyboard wedge for the same scans (trimmed, lone terminators and scraps dropped)', () => {
    const scans = 'JA7230901000123\r\n\r\n  SN-77  \r\nAB\r\nTRINA-0000042\r\n';
    const chunks = ['JA72309', '01000123\r', '\n\r\n  SN-77  \r\nA', 'B\r\nTRINA-00000', '42\r\n'];
    const ble = readsOf(...chunks.map(packet));
    expect(ble).toEqual(['JA7230901000123', 'SN-77', 'TRINA-0000042']);
    expect(wedgeReadsOf(scans).map((code) => code.trim())).toEqual(ble);
  });

  it('reset drops a read cut by a lost connection', () => {
    const codes: string[] = [];
    const reader = new BleCodeReader((code) => codes.push(code));
    reader.push(packet('SN00'));
    reader.reset();
    reader.push(packet('SN0009\n'));
    expect(codes).toEqual(['SN0009']);
  });
});
