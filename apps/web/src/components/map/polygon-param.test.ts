import { describe, expect, it } from 'vitest';
import { parsePolygonParam, type Position } from '@heliotrack/domain/geometry';
import { ringToPolygonParam } from './polygon-param';

describe('polygon parameter from a drawn ring', () => {
  it('writes x y pairs separated by commas and closes an open ring with its first point', () => {
    const ring: Position[] = [
      [-5.6, 37.44],
      [-5.59, 37.44],
      [-5.59, 37.45],
    ];
    expect(ringToPolygonParam(ring)).toBe('-5.6 37.44,-5.59 37.44,-5.59 37.45,-5.6 37.44');
  });

  it('does not repeat the first point of a ring that is already closed (as terra-draw gives it)', () => {
    const ring: Position[] = [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 1],
    ];
    expect(ringToPolygonParam(ring)).toBe('1 1,2 1,2 2,1 1');
  });

  it('keeps every digit, so the server reads back exactly the drawn ring', () => {
    const ring: Position[] = [
      [-5.600123456789012, 37.44000000000001],
      [-5.5912, 37.4401],
      [-5.5913, 37.45],
      [-5.600123456789012, 37.44000000000001],
    ];
    expect(parsePolygonParam(ringToPolygonParam(ring))).toEqual(ring);
  });

  it('refuses fewer than three points', () => {
    expect(() =>
      ringToPolygonParam([
        [1, 1],
        [2, 2],
      ]),
    ).toThrow(RangeError);
  });
});
