import { describe, expect, it, vi } from 'vitest';
import { elementsAlongPolyline, firstCrossingAlong, parseWkt, type Polyline } from './geometry';

/** A module 2 × 1 with its lower-left corner at (x, y). */
const module = (id: number, x: number, y: number) => ({
  id,
  geom: `SRID=4326;POLYGON((${x} ${y},${x + 2} ${y},${x + 2} ${y + 1},${x} ${y + 1},${x} ${y}))`,
});

describe('firstCrossingAlong', () => {
  const square = parseWkt('POLYGON((2 -1,4 -1,4 1,2 1,2 -1))');

  it('is the distance along the polyline where it first enters a polygon', () => {
    expect(
      firstCrossingAlong(square, [
        [0, 0],
        [10, 0],
      ]),
    ).toBe(2);
  });

  it('adds the lengths of the segments before the one that crosses', () => {
    // 3 up, 3 back down (6), then 2 more to the right reach the edge at x = 2.
    expect(
      firstCrossingAlong(square, [
        [0, 0],
        [0, 3],
        [0, 0],
        [10, 0],
      ]),
    ).toBe(8);
  });

  it('is 0 when the polyline starts inside the polygon', () => {
    expect(
      firstCrossingAlong(square, [
        [3, 0],
        [10, 0],
      ]),
    ).toBe(0);
  });

  it('counts a line drawn wholly inside a polygon', () => {
    expect(
      firstCrossingAlong(square, [
        [2.5, 0],
        [3.5, 0],
      ]),
    ).toBe(0);
  });

  it('counts touching an edge or a corner', () => {
    expect(
      firstCrossingAlong(square, [
        [0, 1],
        [10, 1],
      ]),
    ).toBe(2); // along the top edge
    expect(
      firstCrossingAlong(square, [
        [0, 3],
        [4, -1],
      ]),
    ).toBeCloseTo(Math.hypot(2, 2)); // through the corner (2, 1)
  });

  it('is null when the polyline passes by, even through the bbox', () => {
    const triangle = parseWkt('POLYGON((0 0,4 0,0 4,0 0))');
    expect(
      firstCrossingAlong(triangle, [
        [3, 3],
        [4, 2],
      ]),
    ).toBeNull(); // inside the bbox, beyond the hypotenuse
    expect(
      firstCrossingAlong(square, [
        [0, 5],
        [10, 5],
      ]),
    ).toBeNull();
  });

  it('does not count a polyline inside a hole', () => {
    const framed = parseWkt('POLYGON((0 0,10 0,10 10,0 10,0 0),(2 2,8 2,8 8,2 8,2 2))');
    expect(
      firstCrossingAlong(framed, [
        [4, 5],
        [6, 5],
      ]),
    ).toBeNull();
    expect(
      firstCrossingAlong(framed, [
        [4, 5],
        [9, 5],
      ]),
    ).toBe(4); // leaves the hole at x = 8
  });

  it('crosses line strings, and collinear overlaps meet where they start', () => {
    const tracker = parseWkt('LINESTRING(5 -5,5 5)');
    expect(
      firstCrossingAlong(tracker, [
        [0, 0],
        [10, 0],
      ]),
    ).toBe(5);
    const along = parseWkt('LINESTRING(3 0,6 0)');
    expect(
      firstCrossingAlong(along, [
        [0, 0],
        [10, 0],
      ]),
    ).toBe(3);
    expect(
      firstCrossingAlong(along, [
        [10, 0],
        [0, 0],
      ]),
    ).toBeCloseTo(4);
  });

  it('never crosses points', () => {
    expect(
      firstCrossingAlong(parseWkt('POINT(5 0)'), [
        [0, 0],
        [10, 0],
      ]),
    ).toBeNull();
    expect(
      firstCrossingAlong(parseWkt('MULTIPOINT((5 0))'), [
        [0, 0],
        [10, 0],
      ]),
    ).toBeNull();
  });

  it('crosses any part of a multi geometry', () => {
    const parts = parseWkt('MULTIPOLYGON(((20 -1,21 -1,21 1,20 1,20 -1)),((6 -1,7 -1,7 1,6 1,6 -1)))');
    expect(
      firstCrossingAlong(parts, [
        [0, 0],
        [30, 0],
      ]),
    ).toBe(6);
  });

  it('is null for a polyline of fewer than two points', () => {
    expect(firstCrossingAlong(square, [[3, 0]])).toBeNull();
  });
});

describe('elementsAlongPolyline', () => {
  // A row of modules along x, given out of order.
  const row = [module(3, 6, 0), module(1, 0, 0), module(2, 3, 0), module(4, 9, 0)];

  it('orders the crossed elements by where the polyline first meets them', () => {
    const line: Polyline = [
      [-1, 0.5],
      [20, 0.5],
    ];
    expect(elementsAlongPolyline(row, line).map((e) => e.id)).toEqual([1, 2, 3, 4]);
  });

  it('follows the direction of drawing', () => {
    const line: Polyline = [
      [20, 0.5],
      [-1, 0.5],
    ];
    expect(elementsAlongPolyline(row, line).map((e) => e.id)).toEqual([4, 3, 2, 1]);
  });

  it('leaves out the elements the polyline does not reach', () => {
    const line: Polyline = [
      [-1, 0.5],
      [4, 0.5],
    ];
    expect(elementsAlongPolyline([...row, module(5, 0, 5)], line).map((e) => e.id)).toEqual([1, 2]);
  });

  it('follows a polyline that turns back along a second row', () => {
    const rows = [module(1, 0, 0), module(2, 3, 0), module(11, 0, 3), module(12, 3, 3)];
    const line: Polyline = [
      [-1, 0.5],
      [6, 0.5],
      [6, 3.5],
      [-1, 3.5],
    ];
    expect(elementsAlongPolyline(rows, line).map((e) => e.id)).toEqual([1, 2, 12, 11]);
  });

  it('keeps input order for elements met at the same distance', () => {
    const stacked = [
      { id: 'b', geom: 'LINESTRING(5 -1,5 1)' },
      { id: 'a', geom: 'LINESTRING(5 -2,5 0)' },
    ];
    expect(
      elementsAlongPolyline(stacked, [
        [0, 0],
        [10, 0],
      ]).map((e) => e.id),
    ).toEqual(['b', 'a']);
  });

  it('skips elements without geometry and reports unreadable ones', () => {
    const onInvalid = vi.fn();
    const elements = [module(1, 0, 0), { id: 2, geom: null }, { id: 3, geom: 'POLYGON((nonsense))' }];
    expect(
      elementsAlongPolyline(
        elements,
        [
          [-1, 0.5],
          [5, 0.5],
        ],
        onInvalid,
      ).map((e) => e.id),
    ).toEqual([1]);
    expect(onInvalid).toHaveBeenCalledTimes(1);
    expect(onInvalid.mock.calls[0][0].id).toBe(3);
  });
});
