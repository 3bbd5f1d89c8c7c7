import { describe, expect, it } from 'vitest';
import { WedgeReader } from './wedge-reader';

function typeAt(reader: WedgeReader, text: string, start: number, gap: number): number {
  let time = start;
  for (const key of [...text, 'Enter']) {
    reader.key({ key, time });
    time += gap;
  }
  return time;
}

describe('WedgeReader', () => {
  it('hands over a fast burst ended by Enter', () => {
    const codes: string[] = [];
    const reader = new WedgeReader((code) => codes.push(code));
    typeAt(reader, 'ABC12345678901', 1000, 5);
    expect(codes).toEqual(['ABC12345678901']);
  });

  it('reads two codes one after the other', () => {
    const codes: string[] = [];
    const reader = new WedgeReader((code) => codes.push(code));
    const end = typeAt(reader, 'FIRST0000000001', 0, 4);
    typeAt(reader, 'SECOND000000002', end + 500, 4);
    expect(codes).toEqual(['FIRST0000000001', 'SECOND000000002']);
  });

  it('ignores slow typing, a too short burst and a lone Enter', () => {
    const codes: string[] = [];
    const reader = new WedgeReader((code) => codes.push(code));
    typeAt(reader, 'slow', 0, 200);
    typeAt(reader, 'ab', 3000, 5);
    reader.key({ key: 'Enter', time: 5000 });
    expect(codes).toEqual([]);
  });

  it('keeps a read whole when one key comes late', () => {
    const codes: string[] = [];
    const reader = new WedgeReader((code) => codes.push(code));
    let time = 0;
    for (const key of [...'JAM0001000', 'Enter']) reader.key({ key, time: (time += key === '1' ? 180 : 5) });
    expect(codes).toEqual(['JAM0001000']);
  });

  it('drops what a person typed before a burst and skips modifier keys', () => {
    const codes: string[] = [];
    const reader = new WedgeReader((code) => codes.push(code));
    reader.key({ key: 'x', time: 0 });
    let time = 600;
    for (const key of ['Shift', 'A', 'Shift', 'B', '1', '2', 'Enter']) reader.key({ key, time: (time += 3) });
    expect(codes).toEqual(['AB12']);
  });

  it('reports the keys of a burst as taken, not the first one', () => {
    const reader = new WedgeReader(() => {});
    expect(reader.key({ key: 'A', time: 0 })).toBe(false);
    expect(reader.key({ key: 'B', time: 5 })).toBe(true);
    reader.key({ key: 'C', time: 8 });
    reader.key({ key: 'D', time: 11 });
    expect(reader.key({ key: 'Enter', time: 14 })).toBe(true);
  });
});
