import { describe, expect, it, vi } from 'vitest';
import {
  bbox,
  centroid,
  elementsInsidePolygon,
  isInsidePolygon,
  isPointInRing,
  MAX_POLYGON_POINTS,
  metresToDegrees,
  parsePolygonParam,
  parseWkt,
  PolygonParamError,
  ringBbox,
  toWkt,
  vertices,
  WktFormatError,
  type Geometry,
  type PolygonParamErrorReason,
  type Ring,
} from './geometry';
import { EARTH_RADIUS_M } from './constants';

function polygonReason(text: string): PolygonParamErrorReason | undefined {
  try {
    parsePolygonParam(text);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(PolygonParamError);
    return (error as PolygonParamError).reason;
  }
}

describe('parseWkt', () => {
  it('reads a point without an SRID', () => {
    expect(parseWkt('POINT(-3.70379 40.416775)')).toEqual({
      type: 'Point',
      coordinates: [-3.70379, 40.416775],
      srid: null,
    });
  });

  it('reads the SRID prefix', () => {
    expect(parseWkt('SRID=4326;LINESTRING(1 2,3 4)')).toEqual({
      type: 'LineString',
      coordinates: [
        [1, 2],
        [3, 4],
      ],
      srid: 4326,
    });
    expect(parseWkt('SRID=25830;POINT(440000 4474000)').srid).toBe(25830);
  });

  it('is case-insensitive', () => {
    expect(parseWkt('srid=4326;linestring(1 2,3 4)')).toEqual(parseWkt('SRID=4326;LINESTRING(1 2,3 4)'));
    expect(parseWkt('Polygon((0 0,1 0,1 1,0 0))').type).toBe('Polygon');
  });

  it('tolerates spaces, tabs and newlines anywhere between tokens', () => {
    const spaced = '  SRID = 4326 ;\n POLYGON ( (\t0 0 ,  1   0, 1 1 ,0 0 ) )  \n';
    expect(parseWkt(spaced)).toEqual(parseWkt('SRID=4326;POLYGON((0 0,1 0,1 1,0 0))'));
  });

  it('reads and drops Z and M values, however the dimension is written', () => {
    const flat = parseWkt('LINESTRING(1 2,4 5)').coordinates;
    expect(parseWkt('LINESTRING Z (1 2 3, 4 5 6)').coordinates).toEqual(flat);
    expect(parseWkt('LINESTRING(1 2 3, 4 5 6)').coordinates).toEqual(flat);
    expect(parseWkt('LINESTRINGZ(1 2 3,4 5 6)').coordinates).toEqual(flat);
    expect(parseWkt('linestring zm (1 2 3 7, 4 5 6 8)').coordinates).toEqual(flat);
    expect(parseWkt('LINESTRING M (1 2 7, 4 5 8)').coordinates).toEqual(flat);
    expect(parseWkt('POINT Z (1 2 3)')).toEqual({ type: 'Point', coordinates: [1, 2], srid: null });
  });

  it('reads polygon holes as further rings', () => {
    const geometry = parseWkt('POLYGON((0 0,10 0,10 10,0 10,0 0),(2 2,2 4,4 4,4 2,2 2))');
    expect(geometry.type).toBe('Polygon');
    expect(geometry.coordinates).toEqual([
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ],
      [
        [2, 2],
        [2, 4],
        [4, 4],
        [4, 2],
        [2, 2],
      ],
    ]);
  });

  it('reads the multi types, MULTIPOINT with and without inner parentheses', () => {
    expect(parseWkt('MULTIPOINT((1 2),(3 4))').coordinates).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(parseWkt('MULTIPOINT(1 2, 3 4)').coordinates).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(parseWkt('MULTILINESTRING((0 0,1 1),(2 2,3 3,4 4))').coordinates).toEqual([
      [
        [0, 0],
        [1, 1],
      ],
      [
        [2, 2],
        [3, 3],
        [4, 4],
      ],
    ]);
    const multi = parseWkt(
      'SRID=4326;MULTIPOLYGON(((0 0,1 0,1 1,0 0)),((5 5,6 5,6 6,5 5),(5.2 5.1,5.8 5.1,5.8 5.7,5.2 5.1)))',
    );
    expect(multi.type).toBe('MultiPolygon');
    expect(multi.coordinates).toHaveLength(2);
    expect((multi.coordinates as number[][][][])[1]).toHaveLength(2);
  });

  it('reads signs, exponents and leading points', () => {
    expect(parseWkt('POINT(-1.5 +2)').coordinates).toEqual([-1.5, 2]);
    expect(parseWkt('POINT(1e3 -2.5E-2)').coordinates).toEqual([1000, -0.025]);
    expect(parseWkt('POINT(.5 5.)').coordinates).toEqual([0.5, 5]);
  });

  it('gives exactly the double that Number() gives, on the fast path and off it', () => {
    // Deterministic pseudo-random decimals of 1 to 18 significant digits, so both number paths run.
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5000; i++) {
      const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
      const text = `${random() < 0.5 ? '-' : ''}${digits(1 + Math.floor(random() * 4))}.${digits(Math.floor(random() * 14))}`;
      const [x] = parseWkt(`POINT(${text} 0)`).coordinates as number[];
      expect(Object.is(x, Number(text)), text).toBe(true);
    }
    for (const text of ['-3.7037910000000003', '40.41677500000001', '0.1', '-0', '123456789012345.6']) {
      expect(Object.is((parseWkt(`POINT(${text} 0)`).coordinates as number[])[0], Number(text)), text).toBe(
        true,
      );
    }
  });

  const invalid = [
    '',
    '   ',
    'POINT',
    'POINT()',
    'POINT(1)',
    'POINT(1 2',
    'POINT 1 2)',
    'POINT(1 2))',
    'POINT(1 2) extra',
    'POINT(1 2, 3 4)',
    'POINT(1 2 3 4 5)',
    'POINT EMPTY',
    'LINESTRING EMPTY',
    'LINESTRING(1 2, x y)',
    'LINESTRING(1 2)',
    'LINESTRING(1 2,,3 4)',
    'LINESTRING(1 2,3 4,)',
    'LINESTRING(1 2;3 4)',
    'POLYGON((0 0,1 0,1 1,0 0)',
    'POLYGON(0 0,1 0,1 1,0 0)',
    'POLYGON((0 0,1 1))',
    'MULTIPOLYGON((0 0,1 0,1 1,0 0))',
    'CIRCLE(1 2)',
    'GEOMETRYCOLLECTION(POINT(1 2))',
    'POINT Q (1 2)',
    'SRID=4326;',
    'SRID=abc;POINT(1 2)',
    'SRID=4326 POINT(1 2)',
    'SRID4326;POINT(1 2)',
    'POINT(Infinity 2)',
    'POINT(NaN 2)',
    'POINT(0x10 2)',
    'POINT(1e999 2)',
    'POINT(1-2 3)',
    'POINT(1..2 3)',
    'POINT(- 3)',
    'POINT(1e 3)',
    '{"type":"Point","coordinates":[1,2]}',
  ];
  it.each(invalid)('refuses %j with "Invalid WKT format"', (text) => {
    expect(() => parseWkt(text)).toThrow(WktFormatError);
    expect(() => parseWkt(text)).toThrow(/^Invalid WKT format$/);
  });

  it('refuses what is not a string', () => {
    expect(() => parseWkt(null as unknown as string)).toThrow('Invalid WKT format');
    expect(() => parseWkt(42 as unknown as string)).toThrow('Invalid WKT format');
  });

  it('says what went wrong in detail, for logs', () => {
    try {
      parseWkt('LINESTRING(1 2, x y)');
      expect.unreachable();
    } catch (error) {
      expect((error as WktFormatError).message).toBe('Invalid WKT format');
      expect((error as WktFormatError).detail).toMatch(/number at character 16/);
    }
  });
});

describe('toWkt', () => {
  it('writes EWKT with the geometry SRID, an explicit one, or none', () => {
    const line = parseWkt('SRID=4326;LINESTRING( 1 2 , 3.5 -4 )');
    expect(toWkt(line)).toBe('SRID=4326;LINESTRING(1 2,3.5 -4)');
    expect(toWkt(line, 25830)).toBe('SRID=25830;LINESTRING(1 2,3.5 -4)');
    expect(toWkt(line, null)).toBe('LINESTRING(1 2,3.5 -4)');
    expect(toWkt(parseWkt('POINT(1 2)'))).toBe('POINT(1 2)');
  });

  it('round-trips every type exactly', () => {
    const texts = [
      'SRID=4326;POINT(-3.7037910000000003 40.416775)',
      'LINESTRING(0 0,1 1,2 0)',
      'POLYGON((0 0,10 0,10 10,0 10,0 0),(2 2,2 4,4 4,4 2,2 2))',
      'MULTIPOINT((1 2),(3 4))',
      'MULTILINESTRING((0 0,1 1),(2 2,3 3))',
      'SRID=4326;MULTIPOLYGON(((0 0,1 0,1 1,0 0)),((5 5,6 5,6 6,5 5)))',
    ];
    for (const text of texts) {
      expect(toWkt(parseWkt(text))).toBe(text);
      expect(parseWkt(toWkt(parseWkt(text)))).toEqual(parseWkt(text));
    }
  });
});

describe('vertices and bbox', () => {
  const polygon = parseWkt('POLYGON((0 0,10 0,10 10,0 10,0 0),(2 2,2 4,4 4,4 2,2 2))');

  it('lists every vertex in order, holes included', () => {
    expect(vertices(polygon)).toHaveLength(10);
    expect(vertices(polygon)[5]).toEqual([2, 2]);
    expect(vertices(parseWkt('POINT(1 2)'))).toEqual([[1, 2]]);
    expect(vertices(parseWkt('MULTIPOLYGON(((0 0,1 0,1 1,0 0)),((5 5,6 5,6 6,5 5)))'))).toHaveLength(8);
  });

  it('bounds all vertices', () => {
    expect(bbox(polygon)).toEqual([0, 0, 10, 10]);
    expect(bbox(parseWkt('LINESTRING(3 -1,-2 7,5 2)'))).toEqual([-2, -1, 5, 7]);
    expect(bbox(parseWkt('POINT(1 2)'))).toEqual([1, 2, 1, 2]);
    expect(ringBbox(parsePolygonParam('1 1,4 -2,3 6'))).toEqual([1, -2, 4, 6]);
  });
});

describe('parsePolygonParam', () => {
  it('closes an open ring by repeating the first point', () => {
    expect(parsePolygonParam('0 0,10 0,10 10,0 10')).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ]);
  });

  it('keeps a closed ring as it is', () => {
    expect(parsePolygonParam('0 0,10 0,10 10,0 0')).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 0],
    ]);
  });

  it('reads longitude latitude decimals with spaces around the points', () => {
    expect(parsePolygonParam(' -3.70379 40.416775 , -3.7 40.416775,-3.7  40.42 ')).toEqual([
      [-3.70379, 40.416775],
      [-3.7, 40.416775],
      [-3.7, 40.42],
      [-3.70379, 40.416775],
    ]);
  });

  it('needs 3 distinct points', () => {
    expect(polygonReason('0 0,1 1')).toBe('too_few_points');
    expect(polygonReason('0 0,1 1,0 0')).toBe('too_few_points');
    expect(polygonReason('0 0,1 1,1 1,0 0')).toBe('too_few_points');
    expect(polygonReason('5 5')).toBe('too_few_points');
  });

  it('refuses values that are not numbers', () => {
    expect(polygonReason('0 0,1 x,1 1')).toBe('not_a_number');
    expect(polygonReason('NaN 0,1 0,1 1')).toBe('not_a_number');
    expect(polygonReason('0 0,Infinity 0,1 1')).toBe('not_a_number');
    expect(polygonReason('0 0,0x10 0,1 1')).toBe('not_a_number');
    expect(polygonReason('0 0,1e999 0,1 1')).toBe('not_a_number');
  });

  it('refuses points that are not two values', () => {
    expect(polygonReason('0 0 0,1 0 0,1 1 0')).toBe('malformed');
    expect(polygonReason('0,0,1,0,1,1')).toBe('malformed');
    expect(polygonReason('0 0,1 0,1 1,')).toBe('malformed');
    expect(polygonReason('0 0;1 0;1 1')).toBe('malformed');
    expect(polygonReason('0 0,1 0,1')).toBe('malformed');
    expect(polygonReason('POLYGON((0 0,1 0,1 1,0 0))')).toBe('not_a_number'); // WKT is not the parameter
  });

  it('refuses an empty parameter', () => {
    expect(polygonReason('')).toBe('empty');
    expect(polygonReason('  ')).toBe('empty');
    expect(polygonReason(undefined as unknown as string)).toBe('empty');
  });

  it('refuses points all on one line, but not a self-crossing ring', () => {
    expect(polygonReason('0 0,1 1,2 2,3 3')).toBe('degenerate');
    expect(polygonReason('0 0,1 1,2 2,0 0')).toBe('degenerate');
    // A "figure 8" has zero signed area yet encloses points.
    expect(polygonReason('0 0,2 2,2 0,0 2')).toBeUndefined();
  });

  it('bounds the number of points', () => {
    const points = (n: number) => Array.from({ length: n }, (_, i) => `${Math.cos(i)} ${Math.sin(i)}`);
    expect(parsePolygonParam(points(MAX_POLYGON_POINTS).join(','))).toHaveLength(MAX_POLYGON_POINTS + 1);
    expect(polygonReason(points(MAX_POLYGON_POINTS + 2).join(','))).toBe('too_many_points');
  });

  it('carries a readable message beside the reason', () => {
    expect(() => parsePolygonParam('0 0,1 1')).toThrow('at least 3 distinct points');
  });
});

describe('isPointInRing', () => {
  // A diamond: rays from points level with its left and right vertices must not count those twice.
  const diamond = parsePolygonParam('5 0,10 5,5 10,0 5');

  it('handles rays through ring vertices', () => {
    expect(isPointInRing([1, 5], diamond)).toBe(true);
    expect(isPointInRing([9.9, 5], diamond)).toBe(true);
    expect(isPointInRing([-1, 5], diamond)).toBe(false);
    expect(isPointInRing([11, 5], diamond)).toBe(false);
    expect(isPointInRing([5, 10.5], diamond)).toBe(false);
    expect(isPointInRing([1, 1], diamond)).toBe(false);
  });

  it('counts a point on an edge or a vertex as inside', () => {
    expect(isPointInRing([2.5, 2.5], diamond)).toBe(true); // on the edge 5 0 – 0 5
    expect(isPointInRing([10, 5], diamond)).toBe(true); // a vertex
    expect(isPointInRing([5, 0], diamond)).toBe(true); // the first (and closing) vertex
  });

  it('gives the same answers for an open ring', () => {
    const open = diamond.slice(0, -1);
    for (const point of [
      [1, 5],
      [-1, 5],
      [2.5, 2.5],
      [1, 1],
      [5, 5],
    ] as [number, number][]) {
      expect(isPointInRing(point, open)).toBe(isPointInRing(point, diamond));
    }
  });
});

describe('isInsidePolygon (selection rule)', () => {
  const square = parsePolygonParam('0 0,10 0,10 10,0 10');
  // An L: the notch x > 4, y > 4 lies inside the bounding box but outside the ring.
  const lShape = parsePolygonParam('0 0,10 0,10 4,4 4,4 10,0 10');
  const inside = (wkt: string, ring: Ring) => isInsidePolygon(parseWkt(wkt), ring);

  it('selects a line whose vertices are all inside', () => {
    expect(inside('LINESTRING(1 1,5 5,9 2)', square)).toBe(true);
  });

  it('excludes a line with a single vertex outside', () => {
    expect(inside('LINESTRING(1 1,5 5,9 2,11 2)', square)).toBe(false);
    expect(inside('LINESTRING(-0.001 5,5 5)', square)).toBe(false);
  });

  it('selects a polygon inside, and excludes one sticking out', () => {
    expect(inside('POLYGON((1 1,3 1,3 2,1 2,1 1))', square)).toBe(true);
    expect(inside('POLYGON((1 1,3 1,3 12,1 2,1 1))', square)).toBe(false);
    expect(inside('POLYGON((1 1,9 1,9 9,1 9,1 1),(2 2,3 2,3 3,2 2))', square)).toBe(true);
  });

  it('checks hole vertices too', () => {
    // Not valid as a polygon, but it shows every vertex is checked, not only the outer ring.
    expect(inside('POLYGON((1 1,9 1,9 9,1 9,1 1),(2 2,30 2,3 3,2 2))', square)).toBe(false);
  });

  it('excludes points and every other type, even when inside', () => {
    expect(inside('POINT(5 5)', square)).toBe(false);
    expect(inside('MULTIPOINT((5 5),(6 6))', square)).toBe(false);
    expect(inside('MULTILINESTRING((1 1,2 2))', square)).toBe(false);
    expect(inside('MULTIPOLYGON(((1 1,3 1,3 2,1 1)))', square)).toBe(false);
  });

  it('follows a concave ring, not its bounding box', () => {
    expect(inside('LINESTRING(1 1,8 2)', lShape)).toBe(true);
    expect(inside('LINESTRING(1 8,2 9)', lShape)).toBe(true);
    expect(inside('LINESTRING(1 1,8 2,7 7)', lShape)).toBe(false); // 7 7 is in the notch
    expect(inside('POLYGON((6 6,8 6,8 8,6 6))', lShape)).toBe(false);
  });

  it('judges vertices only, as the specification says', () => {
    // Both vertices lie in the arms of the L; the segment between them crosses the notch.
    expect(inside('LINESTRING(8 2,2 8)', lShape)).toBe(true);
  });

  it('counts vertices on the boundary as inside', () => {
    expect(inside('LINESTRING(0 0,10 0,10 10)', square)).toBe(true);
    expect(inside('POLYGON((0 0,10 0,10 10,0 10,0 0))', square)).toBe(true);
    expect(inside('LINESTRING(4 4,4 10)', lShape)).toBe(true);
    expect(inside('LINESTRING(5 5,10.000001 5)', square)).toBe(false);
  });

  it('ignores the SRID prefix', () => {
    expect(inside('SRID=4326;LINESTRING(1 1,5 5)', square)).toBe(true);
  });

  it('works with real coordinates around a plant', () => {
    const ring = parsePolygonParam('-3.7040 40.4165,-3.7030 40.4165,-3.7030 40.4170,-3.7040 40.4170');
    const module =
      'SRID=4326;POLYGON((-3.70379 40.416775,-3.70377 40.416775,-3.70377 40.416785,-3.70379 40.416785,-3.70379 40.416775))';
    expect(inside(module, ring)).toBe(true);
    expect(inside(module.replaceAll('40.416785', '40.4171'), ring)).toBe(false);
  });
});

describe('elementsInsidePolygon', () => {
  const square = parsePolygonParam('0 0,10 0,10 10,0 10');

  it('keeps inside elements in order, skips outsiders and reports unreadable geometry', () => {
    const elements = [
      { id: 1, geom: 'SRID=4326;LINESTRING(1 1,2 2)' },
      { id: 2, geom: 'LINESTRING(1 1,20 2)' },
      { id: 3, geom: 'POLYGON((0 0,1 1' },
      { id: 4, geom: 'POINT(5 5)' },
      { id: 5, geom: null },
      { id: 6, geom: 'srid=4326;polygon((2 2,3 2,3 3,2 2))' },
      { id: 7, geom: '' },
      { id: 8, geom: 'LINESTRING(50 50,60 60)' },
    ];
    const onInvalid = vi.fn();
    const selected = elementsInsidePolygon(elements, square, onInvalid);
    expect(selected.map((e) => e.id)).toEqual([1, 6]);
    expect(onInvalid).toHaveBeenCalledTimes(2);
    expect(onInvalid.mock.calls.map(([element]) => element.id)).toEqual([3, 7]);
    expect(onInvalid.mock.calls[0][1]).toBeInstanceOf(WktFormatError);
    expect(onInvalid.mock.calls[0][1].message).toBe('Invalid WKT format');
  });

  it('skips unreadable geometry without a callback too', () => {
    expect(
      elementsInsidePolygon([{ geom: 'garbage' }, { geom: 'LINESTRING(1 1,2 2)' }], square),
    ).toHaveLength(1);
  });

  it('agrees with isInsidePolygon element by element', () => {
    const lShape = parsePolygonParam('0 0,10 0,10 4,4 4,4 10,0 10');
    const elements: { geom: string }[] = [];
    for (let x = -1; x <= 11; x += 0.5) {
      for (let y = -1; y <= 11; y += 0.5)
        elements.push({ geom: `LINESTRING(${x} ${y},${x + 0.5} ${y + 0.25})` });
    }
    const expected = elements.filter((e) => isInsidePolygon(parseWkt(e.geom), lShape));
    expect(elementsInsidePolygon(elements, lShape)).toEqual(expected);
    // Sanity: the L holds about 64% of its bounding box, so the answer is neither everything nor nothing.
    expect(expected.length).toBeGreaterThan(100);
    expect(expected.length).toBeLessThan(elements.length / 2);
  });
});

describe('centroid', () => {
  const at = (wkt: string) => centroid(parseWkt(wkt));

  it('is the point itself, or the mean of points', () => {
    expect(at('POINT(1 2)')).toEqual([1, 2]);
    expect(at('MULTIPOINT((0 0),(2 4))')).toEqual([1, 2]);
  });

  it('weights polygons by area, whatever the ring direction', () => {
    expect(at('POLYGON((0 0,4 0,4 2,0 2,0 0))')).toEqual([2, 1]);
    expect(at('POLYGON((0 0,0 2,4 2,4 0,0 0))')).toEqual([2, 1]);
    // L of a 2x1 bar (centre 1 0.5) and a 1x2 bar on top (centre 0.5 2): area 2 each.
    const [x, y] = at('POLYGON((0 0,2 0,2 1,1 1,1 3,0 3,0 0))');
    expect(x).toBeCloseTo(0.75, 12);
    expect(y).toBeCloseTo(1.25, 12);
  });

  it('subtracts holes', () => {
    // 4x4 square (area 16, x 2) minus a 2x2 hole on its right (area 4, x 3): (32 - 12) / 12.
    const [x, y] = at('POLYGON((0 0,4 0,4 4,0 4,0 0),(2 1,4 1,4 3,2 3,2 1))');
    expect(x).toBeCloseTo(20 / 12, 12);
    expect(y).toBeCloseTo(2, 12);
  });

  it('weights lines by length, not by vertex count', () => {
    const [x, y] = at('LINESTRING(0 0,10 0,10 1)');
    expect(x).toBeCloseTo(60 / 11, 12);
    expect(y).toBeCloseTo(0.5 / 11, 12);
  });

  it('falls back to the vertex mean for zero area', () => {
    expect(at('POLYGON((0 0,2 0,4 0,0 0))')).toEqual([1.5, 0]);
  });

  it('stays precise for a module-sized polygon in degrees', () => {
    const [x, y] = at(
      'POLYGON((-3.70379 40.416775,-3.70377 40.416775,-3.70377 40.416785,-3.70379 40.416785,-3.70379 40.416775))',
    );
    expect(x).toBeCloseTo(-3.70378, 10);
    expect(y).toBeCloseTo(40.41678, 10);
  });
});

describe('metresToDegrees', () => {
  const oneDegree = (EARTH_RADIUS_M * Math.PI) / 180; // about 111,195 m

  it('uses the specification earth radius', () => {
    const { latitude, longitude } = metresToDegrees(oneDegree, 0);
    expect(latitude).toBeCloseTo(1, 12);
    expect(longitude).toBeCloseTo(1, 12);
    // One degree is 111,195.08 m on 6371008.8 m; a 6371000 m or 6378137 m sphere would miss this.
    expect(metresToDegrees(111_195.08, 0).latitude).toBeCloseTo(1, 6);
  });

  it('widens longitude away from the equator', () => {
    const { latitude, longitude } = metresToDegrees(oneDegree, 60);
    expect(latitude).toBeCloseTo(1, 12);
    expect(longitude).toBeCloseTo(2, 12);
    expect(metresToDegrees(100, -60).longitude).toBeCloseTo(metresToDegrees(100, 60).longitude, 12);
  });
});

// Keep the type exports honest: a geometry literal must match the parser's output shape.
const sample: Geometry = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ],
  ],
  srid: 4326,
};
void sample;
