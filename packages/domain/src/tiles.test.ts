import { describe, expect, it } from 'vitest';
import Pbf from 'pbf';
import { VectorTile, VectorTileFeature, type VectorTileLayer } from '@mapbox/vector-tile';
import type { Geometry, Position } from './geometry';
import {
  DEFAULT_BUFFER,
  DEFAULT_EXTENT,
  encodeTile,
  lonLatToTile,
  MAX_MERCATOR_LATITUDE,
  tileBbox,
  tilesCoveringBbox,
  type TileFeature,
  type TileLayer,
} from './tiles';

// The tile holding the default map centre (Madrid) at z16, and helpers to place positions in it.
const Z = 16;
const CENTRE: Position = [-3.70379, 40.416775];
const { x: X, y: Y } = lonLatToTile(CENTRE[0], CENTRE[1], Z);
const EXTENT = DEFAULT_EXTENT;
/** One tile unit in degrees of longitude; a unit of latitude is smaller there, so this bounds both. */
const UNIT = 360 / (2 ** Z * EXTENT);

/** Independent Web Mercator (the OSM wiki formulas), in tiles of zoom z. */
function tileXOf(lon: number, z: number): number {
  return ((lon + 180) / 360) * 2 ** z;
}
function tileYOf(lat: number, z: number): number {
  const r = (lat * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z;
}

/** The position at fraction (fx, fy) of tile z/x/y from its north-west corner; fractions may leave the tile. */
function at(fx: number, fy: number, z = Z, x = X, y = Y): Position {
  const lon = ((x + fx) / 2 ** z) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * (y + fy)) / 2 ** z))) * 180) / Math.PI;
  return [lon, lat];
}

/** A geometry at tile fractions: the tests think in tile space and write degrees. */
function point(fx: number, fy: number): Geometry {
  return { type: 'Point', coordinates: at(fx, fy), srid: 4326 };
}
function rect(fx0: number, fy0: number, fx1: number, fy1: number): Position[] {
  // North-west, north-east, south-east, south-west, closed: clockwise on screen, counter-clockwise in degrees.
  return [at(fx0, fy0), at(fx1, fy0), at(fx1, fy1), at(fx0, fy1), at(fx0, fy0)];
}
function polygon(...rings: Position[][]): Geometry {
  return { type: 'Polygon', coordinates: rings, srid: 4326 };
}
function line(...positions: Position[]): Geometry {
  return { type: 'LineString', coordinates: positions, srid: 4326 };
}

function decode(data: Uint8Array): VectorTile {
  return new VectorTile(new Pbf(data));
}

function only(data: Uint8Array, name = 'elements'): VectorTileLayer {
  const layer = decode(data).layers[name];
  expect(layer).toBeDefined();
  return layer;
}

function encodeOne(geometry: Geometry, options?: { extent?: number; buffer?: number }, z = Z, x = X, y = Y) {
  return encodeTile([{ name: 'elements', features: [{ geometry, properties: {} }] }], z, x, y, options);
}

/** Twice the surveyor's-formula area of a decoded (closed) ring in tile coordinates, y down. */
function doubleArea(ring: { x: number; y: number }[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) sum += ring[i].x * ring[i + 1].y - ring[i + 1].x * ring[i].y;
  return sum;
}

function expectClose(actual: number[], expected: Position, tolerance = UNIT): void {
  expect(Math.abs(actual[0] - expected[0])).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(actual[1] - expected[1])).toBeLessThanOrEqual(tolerance);
}

function rawTables(layer: VectorTileLayer): { keys: string[]; values: unknown[] } {
  const raw = layer as unknown as { _keys: string[]; _values: unknown[] };
  return { keys: raw._keys, values: raw._values };
}

describe('tile maths', () => {
  it('gives the world at zoom 0 and quarters at zoom 1', () => {
    const [w, s, e, n] = tileBbox(0, 0, 0);
    expect([w, e]).toEqual([-180, 180]);
    expect(n).toBeCloseTo(MAX_MERCATOR_LATITUDE, 10);
    expect(s).toBeCloseTo(-MAX_MERCATOR_LATITUDE, 10);
    const ne = tileBbox(1, 1, 0);
    expect(ne[0]).toBe(0);
    expect(ne[1]).toBeCloseTo(0, 12);
    expect(ne[2]).toBe(180);
    expect(ne[3]).toBeCloseTo(MAX_MERCATOR_LATITUDE, 10);
  });

  it('finds the tile of a position like the OSM formulas do', () => {
    for (const z of [0, 5, 10, 16, 22]) {
      expect(lonLatToTile(CENTRE[0], CENTRE[1], z)).toEqual({
        z,
        x: Math.floor(tileXOf(CENTRE[0], z)),
        y: Math.floor(tileYOf(CENTRE[1], z)),
      });
    }
  });

  it('round-trips tileBbox with lonLatToTile and tilesCoveringBbox', () => {
    const cases: [number, number, number][] = [
      [0, 0, 0],
      [1, 1, 0],
      [3, 2, 5],
      [Z, X, Y],
      [22, 2_074_000, 1_588_000],
      [22, 0, 2 ** 22 - 1],
    ];
    for (const [z, x, y] of cases) {
      const [w, s, e, n] = tileBbox(z, x, y);
      const dx = (e - w) * 1e-6;
      const dy = (n - s) * 1e-6;
      expect(lonLatToTile((w + e) / 2, (s + n) / 2, z)).toEqual({ z, x, y });
      expect(lonLatToTile(w + dx, n - dy, z)).toEqual({ z, x, y });
      expect(lonLatToTile(e - dx, s + dy, z)).toEqual({ z, x, y });
      expect(lonLatToTile(w, (s + n) / 2, z)).toEqual({ z, x, y }); // the west edge belongs to the tile
      expect(tilesCoveringBbox([w, s, e, n], z)).toEqual([{ z, x, y }]);
    }
  });

  it('clamps positions on or beyond the world edge into the edge tiles', () => {
    expect(lonLatToTile(180, 89.9, 3)).toEqual({ z: 3, x: 7, y: 0 });
    expect(lonLatToTile(-180, -90, 3)).toEqual({ z: 3, x: 0, y: 7 });
  });

  it('lists the tiles a bbox overlaps, row by row from the north-west', () => {
    const a = tileBbox(Z, X, Y);
    const b = tileBbox(Z, X + 1, Y + 2);
    const inside = (a[2] - a[0]) * 0.5;
    const tiles = tilesCoveringBbox([a[0] + inside, b[1] + 1e-6, b[2] - inside, a[3] - 1e-6], Z);
    expect(tiles).toEqual([
      { z: Z, x: X, y: Y },
      { z: Z, x: X + 1, y: Y },
      { z: Z, x: X, y: Y + 1 },
      { z: Z, x: X + 1, y: Y + 1 },
      { z: Z, x: X, y: Y + 2 },
      { z: Z, x: X + 1, y: Y + 2 },
    ]);
    expect(tilesCoveringBbox([CENTRE[0], CENTRE[1], CENTRE[0], CENTRE[1]], Z)).toEqual([
      { z: Z, x: X, y: Y },
    ]);
  });

  it('refuses tiles that do not exist', () => {
    expect(() => tileBbox(-1, 0, 0)).toThrow(RangeError);
    expect(() => tileBbox(31, 0, 0)).toThrow(RangeError);
    expect(() => tileBbox(2, 4, 0)).toThrow(RangeError);
    expect(() => tileBbox(2, 0, 1.5)).toThrow(RangeError);
    expect(() => lonLatToTile(Number.NaN, 0, 1)).toThrow(RangeError);
    expect(() => tilesCoveringBbox([1, 1, 0, 2], 3)).toThrow(RangeError);
  });
});

describe('encodeTile', () => {
  const module = rect(0.25, 0.25, 0.26, 0.255);
  const layers: TileLayer[] = [
    {
      name: 'elements',
      features: [
        { id: 17, geometry: polygon(module), properties: { state: 'installed', type: 'module', power: 550 } },
        {
          id: 18,
          geometry: line(at(0.1, 0.1), at(0.5, 0.1), at(0.5, 0.6)),
          properties: { state: 'pending', type: 'string' },
        },
        {
          id: 19,
          geometry: point(0.75, 0.8),
          properties: { state: 'installed', type: 'pile', inspected: true },
        },
        {
          id: 2 ** 40,
          geometry: { type: 'MultiPoint', coordinates: [at(0.2, 0.9), at(0.3, 0.9)], srid: 4326 },
          properties: { type: 'mast', height: -1.5, note: null, extra: undefined },
        },
        {
          geometry: {
            type: 'MultiPolygon',
            coordinates: [[rect(0.6, 0.1, 0.7, 0.2)], [rect(0.8, 0.1, 0.9, 0.2)]],
            srid: 4326,
          },
          properties: { type: 'inverter', offset: -3, ratio: 0.25 },
        },
        {
          id: 21,
          geometry: {
            type: 'MultiLineString',
            coordinates: [
              [at(0.1, 0.7), at(0.2, 0.7)],
              [at(0.1, 0.75), at(0.2, 0.75)],
            ],
            srid: 4326,
          },
          properties: {},
        },
      ],
    },
    {
      name: 'plant',
      features: [{ id: 1, geometry: polygon(rect(0.05, 0.05, 0.95, 0.95)), properties: { name: 'Solar 1' } }],
    },
  ];
  const tile = decode(encodeTile(layers, Z, X, Y));

  it('writes every layer with its name, version, extent and features', () => {
    expect(Object.keys(tile.layers).sort()).toEqual(['elements', 'plant']);
    const elements = tile.layers.elements;
    expect(elements.name).toBe('elements');
    expect(elements.version).toBe(2);
    expect(elements.extent).toBe(DEFAULT_EXTENT);
    expect(elements.length).toBe(6);
    expect(tile.layers.plant.length).toBe(1);
  });

  it('writes ids, geometry types and properties of every kind', () => {
    const features = Array.from({ length: 6 }, (_, i) => tile.layers.elements.feature(i));
    expect(features.map((f) => f.id)).toEqual([17, 18, 19, 2 ** 40, undefined, 21]);
    expect(features.map((f) => VectorTileFeature.types[f.type])).toEqual([
      'Polygon',
      'LineString',
      'Point',
      'Point',
      'Polygon',
      'LineString',
    ]);
    expect(features.map((f) => f.properties)).toEqual([
      { state: 'installed', type: 'module', power: 550 },
      { state: 'pending', type: 'string' },
      { state: 'installed', type: 'pile', inspected: true },
      { type: 'mast', height: -1.5 },
      { type: 'inverter', offset: -3, ratio: 0.25 },
      {},
    ]);
  });

  it('stores each key and value once per layer', () => {
    const { keys, values } = rawTables(tile.layers.elements);
    expect(keys).toEqual(['state', 'type', 'power', 'inspected', 'height', 'offset', 'ratio']);
    expect(values).toEqual([
      'installed',
      'module',
      550,
      'pending',
      'string',
      'pile',
      true,
      'mast',
      -1.5,
      'inverter',
      -3,
      0.25,
    ]);
    expect(rawTables(tile.layers.plant)).toEqual({ keys: ['name'], values: ['Solar 1'] });
  });

  it('keeps numbers, strings and booleans apart and exact', () => {
    const properties = {
      a: 1,
      b: '1',
      c: true,
      d: false,
      e: 0,
      f: -(2 ** 40),
      g: 2 ** 53,
      h: 1e-7,
      i: 'true',
      j: -0.5,
    };
    const data = encodeTile(
      [{ name: 'elements', features: [{ geometry: point(0.5, 0.5), properties }] }],
      Z,
      X,
      Y,
    );
    const layer = only(data);
    expect(layer.feature(0).properties).toEqual(properties);
    expect(rawTables(layer).values).toHaveLength(10);
  });

  it('decodes back to the input positions within a tile unit', () => {
    const elements = tile.layers.elements;
    const [f0, f1, f2, f3, f4, f5] = Array.from(
      { length: 6 },
      (_, i) => elements.feature(i).toGeoJSON(X, Y, Z).geometry,
    );
    expect(f0.type).toBe('Polygon');
    const ring = (f0 as { coordinates: number[][][] }).coordinates[0];
    expect(ring).toHaveLength(module.length);
    ring.forEach((position, i) => expectClose(position, module[i]));

    const path = (f1 as { coordinates: number[][] }).coordinates;
    expect(path).toHaveLength(3);
    path.forEach((position, i) =>
      expectClose(position, (layers[0].features[1].geometry as { coordinates: Position[] }).coordinates[i]),
    );

    expect(f2.type).toBe('Point');
    expectClose((f2 as { coordinates: number[] }).coordinates, at(0.75, 0.8));

    expect(f3.type).toBe('MultiPoint');
    const points = (f3 as { coordinates: number[][] }).coordinates;
    expectClose(points[0], at(0.2, 0.9));
    expectClose(points[1], at(0.3, 0.9));

    expect(f4.type).toBe('MultiPolygon');
    const parts = (f4 as { coordinates: number[][][][] }).coordinates;
    expect(parts).toHaveLength(2);
    expectClose(parts[1][0][2], at(0.9, 0.2));

    expect(f5.type).toBe('MultiLineString');
    expectClose((f5 as { coordinates: number[][][] }).coordinates[1][1], at(0.2, 0.75));
  });

  it('projects to the tile coordinates of the OSM formulas', () => {
    const [lon, lat] = at(0.3712, 0.6034);
    const layer = only(encodeOne({ type: 'Point', coordinates: [lon, lat], srid: 4326 }));
    expect(layer.feature(0).loadGeometry()).toEqual([
      [{ x: Math.round((tileXOf(lon, Z) - X) * EXTENT), y: Math.round((tileYOf(lat, Z) - Y) * EXTENT) }],
    ]);
  });

  it('writes the exact command integers of the specification', () => {
    // Tile-unit fractions: 2/4096 and so on land exactly on integers.
    const u = (n: number) => n / EXTENT;
    const data = encodeOne(polygon([at(u(3), u(6)), at(u(8), u(12)), at(u(20), u(34)), at(u(3), u(6))]));
    const feature = new Pbf(data);
    // Walk tile → layer → feature → geometry by hand rather than trusting a decoder.
    let geometry: number[] = [];
    feature.readFields((tag, _r, pbf) => {
      if (tag !== 3) return;
      pbf.readMessage((layerTag, _l, layerPbf) => {
        if (layerTag !== 2) return;
        layerPbf.readMessage((featureTag, _f, featurePbf) => {
          if (featureTag === 4) geometry = featurePbf.readPackedVarint();
        }, {});
      }, {});
    }, {});
    // The specification's own example (4.3.5, "Geometry Example 3: Polygon"): the same ring.
    expect(geometry).toEqual([9, 6, 12, 18, 10, 12, 24, 44, 15]);
  });

  it('orients exterior rings clockwise and holes counter-clockwise on screen, whatever the input', () => {
    const outer = rect(0.1, 0.1, 0.9, 0.9);
    const hole = rect(0.4, 0.4, 0.6, 0.6);
    const reversed = (ring: Position[]) => [...ring].reverse();
    for (const rings of [
      [outer, hole],
      [reversed(outer), hole],
      [outer, reversed(hole)],
      [reversed(outer), reversed(hole)],
    ]) {
      const feature = only(encodeOne(polygon(...rings))).feature(0);
      const decoded = feature.loadGeometry();
      expect(decoded).toHaveLength(2);
      expect(doubleArea(decoded[0])).toBeGreaterThan(0);
      expect(doubleArea(decoded[1])).toBeLessThan(0);
      const geojson = feature.toGeoJSON(X, Y, Z).geometry as { type: string; coordinates: number[][][] };
      expect(geojson.type).toBe('Polygon');
      expect(geojson.coordinates).toHaveLength(2);
    }
    const multi: Geometry = {
      type: 'MultiPolygon',
      coordinates: [[reversed(outer)], [rect(1.1, 0.1, 1.2, 0.2)]],
      srid: 4326,
    };
    const rings = only(encodeOne(multi, { buffer: 1024 }))
      .feature(0)
      .loadGeometry();
    expect(rings.map(doubleArea).every((area) => area > 0)).toBe(true);
  });

  it('drops consecutive duplicate points and the closing repeat of rings', () => {
    const a = at(0.1, 0.1);
    const b = at(0.1 + 0.1 / EXTENT, 0.1); // rounds to the same unit as a
    const c = at(0.5, 0.1);
    const layer = only(encodeOne(line(a, b, a, c, c)));
    expect(layer.feature(0).loadGeometry()[0]).toHaveLength(2);
    const unclosed = only(encodeOne(polygon(rect(0.1, 0.1, 0.2, 0.2).slice(0, 4))));
    expect(unclosed.feature(0).loadGeometry()[0]).toHaveLength(5); // 4 points + the decoder's closing copy
  });

  it('leaves out features and layers that are not on the tile or its buffer', () => {
    const bufferFraction = DEFAULT_BUFFER / EXTENT;
    const features: TileFeature[] = [
      { id: 1, geometry: point(0.5, 0.5), properties: {} },
      { id: 2, geometry: point(1 + bufferFraction / 2, 0.5), properties: {} }, // in the buffer
      { id: 3, geometry: point(1 + 2 * bufferFraction, 0.5), properties: {} }, // beyond it
      { id: 4, geometry: point(0.5, -2), properties: {} },
      { id: 5, geometry: polygon(rect(3, 3, 4, 4)), properties: {} },
      { id: 6, geometry: line(at(-3, 0.5), at(-2, 0.5)), properties: {} },
      { id: 7, geometry: polygon(rect(-0.5, -0.5, -bufferFraction / 2, 0.3)), properties: {} }, // reaches into the buffer
    ];
    const data = encodeTile(
      [
        { name: 'elements', features },
        { name: 'far', features: [{ geometry: point(5, 5), properties: { a: 1 } }] },
        { name: 'none', features: [] },
      ],
      Z,
      X,
      Y,
    );
    const tile = decode(data);
    expect(Object.keys(tile.layers)).toEqual(['elements']);
    const layer = tile.layers.elements;
    expect(Array.from({ length: layer.length }, (_, i) => layer.feature(i).id)).toEqual([1, 2, 7]);
    expect(layer.feature(1).loadGeometry()[0][0].x).toBe(EXTENT + DEFAULT_BUFFER / 2);
  });

  it('encodes a tile with nothing on it as a valid, empty buffer', () => {
    for (const layers of [
      [],
      [{ name: 'elements', features: [] }],
      [{ name: 'elements', features: [{ geometry: point(9, 9), properties: {} }] }],
    ]) {
      const data = encodeTile(layers, Z, X, Y);
      expect(data).toBeInstanceOf(Uint8Array);
      expect(data.byteLength).toBe(0);
      expect(decode(data).layers).toEqual({});
    }
  });

  it('returns a buffer that is exactly the tile, for addProtocol', () => {
    const data = encodeOne(point(0.5, 0.5));
    expect(data.byteOffset).toBe(0);
    expect(data.buffer.byteLength).toBe(data.byteLength);
    expect(decode(new Uint8Array(data.buffer)).layers.elements.length).toBe(1);
  });

  it('honours extent and buffer options', () => {
    const layer = only(encodeOne(point(0.5, 0.25), { extent: 512, buffer: 0 }));
    expect(layer.extent).toBe(512);
    expect(layer.feature(0).loadGeometry()).toEqual([[{ x: 256, y: 128 }]]);
    expect(encodeOne(point(1 + 1 / 1024, 0.5), { extent: 512, buffer: 0 }).byteLength).toBe(0);
    expect(encodeOne(point(1 + 1 / 1024, 0.5), { extent: 512, buffer: 1 }).byteLength).toBeGreaterThan(0);
  });

  it('rounds a vertex on a tile edge to the same place in both tiles', () => {
    const shared = at(1, 0.3);
    const west = only(encodeOne({ type: 'Point', coordinates: shared, srid: 4326 }));
    const east = only(encodeOne({ type: 'Point', coordinates: shared, srid: 4326 }, undefined, Z, X + 1, Y));
    const pw = west.feature(0).loadGeometry()[0][0];
    const pe = east.feature(0).loadGeometry()[0][0];
    expect(pw.x).toBe(EXTENT);
    expect(pe.x).toBe(0);
    expect(pw.y).toBe(pe.y);
  });

  it('refuses bad input loudly', () => {
    const feature = { geometry: point(0.5, 0.5), properties: {} };
    expect(() => encodeTile([], 3, 8, 0)).toThrow(RangeError);
    expect(() =>
      encodeTile(
        [
          { name: 'a', features: [] },
          { name: 'a', features: [] },
        ],
        Z,
        X,
        Y,
      ),
    ).toThrow(/used twice/);
    expect(() => encodeTile([{ name: 'a', features: [{ ...feature, id: -1 }] }], Z, X, Y)).toThrow(
      RangeError,
    );
    expect(() => encodeTile([{ name: 'a', features: [{ ...feature, id: 1.5 }] }], Z, X, Y)).toThrow(
      RangeError,
    );
    expect(() => encodeTile([], Z, X, Y, { extent: 0 })).toThrow(RangeError);
    expect(() => encodeTile([], Z, X, Y, { buffer: -1 })).toThrow(RangeError);
    const nan: Geometry = { type: 'Point', coordinates: [Number.NaN, 40], srid: 4326 };
    expect(() => encodeOne(nan)).toThrow(RangeError);
    const object = { geometry: point(0.5, 0.5), properties: { when: new Date() as unknown as string } };
    expect(() => encodeTile([{ name: 'a', features: [object] }], Z, X, Y)).toThrow(TypeError);
  });
});

describe('encodeTile clipping', () => {
  const bound = (n: number) => n >= -DEFAULT_BUFFER && n <= EXTENT + DEFAULT_BUFFER;

  it('clips a polygon larger than the tile to the buffered tile', () => {
    // The plant's boundary seen at a deep zoom: far larger than the tile, with a hole crossing it.
    const outer = rect(-20, -20, 20, 20);
    const hole = rect(0.5, -5, 5, 0.5);
    const feature = only(encodeOne(polygon(outer, hole))).feature(0);
    const rings = feature.loadGeometry();
    expect(rings).toHaveLength(2);
    for (const ring of rings) for (const p of ring) expect(bound(p.x) && bound(p.y)).toBe(true);
    expect(doubleArea(rings[0])).toBe(2 * (EXTENT + 2 * DEFAULT_BUFFER) ** 2);
    expect(doubleArea(rings[1])).toBeLessThan(0);
    // The hole's corner inside the tile is where it was.
    const corner = rings[1].find((p) => p.x === EXTENT / 2 && p.y === EXTENT / 2);
    expect(corner).toBeDefined();
  });

  it('drops the holes of a polygon whose exterior is clipped away, and holes off the tile', () => {
    const concave = polygon([
      at(-3, -3),
      at(-0.5, -3),
      at(-0.5, 4),
      at(4, 4),
      at(4, 4.5),
      at(-3, 4.5),
      at(-3, -3),
    ]);
    expect(encodeOne(concave).byteLength).toBe(0); // its bbox covers the tile, its area does not
    // A "C" around the tile: clipping leaves only a zero-width edge along the buffer's west side.
    const around = polygon([
      at(3, -3),
      at(-3, -3),
      at(-3, 4),
      at(3, 4),
      at(3, 3),
      at(-2, 3),
      at(-2, -2),
      at(3, -2),
      at(3, -3),
    ]);
    expect(encodeOne(around).byteLength).toBe(0);
    const withFarHole = only(encodeOne(polygon(rect(-1, -1, 2, 2), rect(1.5, 1.5, 1.8, 1.8)))).feature(0);
    expect(withFarHole.loadGeometry()).toHaveLength(1);
  });

  it('cuts lines into the parts inside the buffered tile', () => {
    // In, out through the east side, back in through it, out through the south.
    const zigzag = line(at(-5, 0.2), at(5, 0.2), at(5, 0.6), at(0.5, 0.6), at(0.5, 7));
    const feature = only(encodeOne(zigzag)).feature(0);
    const parts = feature.loadGeometry();
    expect(parts).toHaveLength(2);
    for (const part of parts) for (const p of part) expect(bound(p.x) && bound(p.y)).toBe(true);
    expect(parts[0].map((p) => [p.x, p.y])).toEqual([
      [-DEFAULT_BUFFER, Math.round(0.2 * EXTENT)],
      [EXTENT + DEFAULT_BUFFER, Math.round(0.2 * EXTENT)],
    ]);
    expect(parts[1].map((p) => [p.x, p.y])).toEqual([
      [EXTENT + DEFAULT_BUFFER, Math.round(0.6 * EXTENT)],
      [EXTENT / 2, Math.round(0.6 * EXTENT)],
      [EXTENT / 2, EXTENT + DEFAULT_BUFFER],
    ]);
    expect(VectorTileFeature.types[feature.type]).toBe('LineString');
  });

  it('keeps only the points of a MultiPoint that are on the buffered tile', () => {
    const geometry: Geometry = {
      type: 'MultiPoint',
      coordinates: [at(-1, 0.5), at(0.5, 0.5), at(0.5, 9)],
      srid: 4326,
    };
    expect(only(encodeOne(geometry)).feature(0).loadGeometry()).toEqual([[{ x: EXTENT / 2, y: EXTENT / 2 }]]);
  });
});

describe('encodeTile at low zoom (collapsed geometries)', () => {
  // A 2 m × 1 m module near Madrid, seen at z8: a tile unit is about 29 m there.
  const z = 8;
  const { x, y } = lonLatToTile(CENTRE[0], CENTRE[1], z);
  const metre = 1 / 111_320; // degrees of latitude; longitude needs / cos(lat), close enough here
  const [lon, lat] = CENTRE;
  const moduleRing: Position[] = [
    [lon, lat],
    [lon + 2 * metre, lat],
    [lon + 2 * metre, lat + metre],
    [lon, lat + metre],
    [lon, lat],
  ];
  const encodeLow = (geometry: Geometry) =>
    encodeTile(
      [{ name: 'elements', features: [{ id: 1, geometry, properties: { state: 'done' } }] }],
      z,
      x,
      y,
    );

  it('turns a module smaller than a unit into a 1-unit square, still a polygon', () => {
    const feature = only(encodeLow(polygon(moduleRing))).feature(0);
    expect(VectorTileFeature.types[feature.type]).toBe('Polygon');
    const rings = feature.loadGeometry();
    expect(rings).toHaveLength(1);
    expect(rings[0]).toHaveLength(5);
    expect(doubleArea(rings[0])).toBe(2); // one square unit, exterior winding
    const [cx, cy] = [(tileXOf(lon, z) - x) * EXTENT, (tileYOf(lat, z) - y) * EXTENT];
    for (const p of rings[0]) {
      expect(Math.abs(p.x - cx)).toBeLessThanOrEqual(1.5);
      expect(Math.abs(p.y - cy)).toBeLessThanOrEqual(1.5);
    }
  });

  it('turns a row narrower than a unit into a 1-unit-wide strip along it, and drops its holes', () => {
    // A tracker row 300 m north–south and 4 m wide, with a hole: about 10 units long, 0 wide.
    const row: Position[] = [
      [lon, lat],
      [lon + 4 * metre, lat],
      [lon + 4 * metre, lat + 300 * metre],
      [lon, lat + 300 * metre],
      [lon, lat],
    ];
    const hole: Position[] = [
      [lon + metre, lat + metre],
      [lon + metre, lat + 2 * metre],
      [lon + 2 * metre, lat + 2 * metre],
      [lon + metre, lat + metre],
    ];
    const rings = only(encodeLow(polygon(row, hole)))
      .feature(0)
      .loadGeometry();
    expect(rings).toHaveLength(1);
    const xs = rings[0].map((p) => p.x);
    const ys = rings[0].map((p) => p.y);
    expect(Math.max(...xs) - Math.min(...xs)).toBe(1);
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThanOrEqual(9);
    expect(doubleArea(rings[0])).toBeGreaterThan(0);
  });

  it('drops a hole that collapses but keeps the polygon around it', () => {
    const outer = rect(0.1, 0.1, 0.9, 0.9);
    const speck = rect(0.5, 0.5, 0.5 + 0.1 / EXTENT, 0.5 + 0.1 / EXTENT);
    const rings = only(encodeOne(polygon(outer, speck)))
      .feature(0)
      .loadGeometry();
    expect(rings).toHaveLength(1);
  });

  it('turns a line shorter than a unit into a 1-unit segment along it', () => {
    const cable = line([lon, lat], [lon, lat - 5 * metre]); // 5 m southwards
    const feature = only(encodeLow(cable)).feature(0);
    expect(VectorTileFeature.types[feature.type]).toBe('LineString');
    const [[a, b]] = feature.loadGeometry();
    expect(b.x - a.x).toBe(0);
    expect(b.y - a.y).toBe(1); // south is down
  });

  it('keeps thousands of modules of one pixel as thousands of valid features', () => {
    const features: TileFeature[] = [];
    for (let i = 0; i < 2000; i++) {
      const dx = (i % 50) * 2.2 * metre;
      const dy = Math.floor(i / 50) * 1.1 * metre;
      const ring = moduleRing.map(([mx, my]): Position => [mx + dx, my + dy]);
      features.push({ id: i + 1, geometry: polygon(ring), properties: { state: i % 2 ? 'done' : 'todo' } });
    }
    const layer = only(encodeTile([{ name: 'elements', features }], z, x, y));
    expect(layer.length).toBe(2000);
    for (let i = 0; i < layer.length; i += 97) {
      const rings = layer.feature(i).loadGeometry();
      expect(rings).toHaveLength(1);
      expect(doubleArea(rings[0])).toBeGreaterThan(0);
    }
  });
});
