/**
 * Web Mercator tile maths and a Mapbox Vector Tile (MVT 2.1) encoder, shared by the server's
 * `GET /api/plants/{id}/tiles/{z}/{x}/{y}.pbf` and the offline mode, which builds the same tiles on
 * the device from the local database through MapLibre's `addProtocol`. Plain TypeScript, no Node
 * APIs; the only dependency is `pbf`, which writes the protocol buffer.
 *
 * Tiles use the XYZ scheme of OSM and MapLibre: tile (0, 0) is the north-west corner, x grows east,
 * y grows south. Geometries are longitude/latitude degrees (SRID 4326, see ./geometry).
 *
 * What the encoder does to a geometry, in order:
 * 1. Skip it when its longitude/latitude bbox does not touch the tile plus its buffer (cheap, no
 *    projection). Those entirely inside go the fast path; only the few that stick out of the
 *    buffered tile are clipped (step 3), so coordinates always stay within the buffered tile.
 * 2. Project to tile coordinates: [0, extent) across the tile, y down. Positions are computed in
 *    world coordinates first, so a vertex shared by two neighbouring tiles rounds the same in both.
 * 3. Clip to the tile plus `buffer`, as geojson-vt does: points outside are dropped, lines are cut
 *    into the parts inside, polygon rings are clipped with Sutherland–Hodgman (concave rings may get
 *    zero-width edges along the clip border, which lies in the buffer and is never drawn). Without
 *    clipping, MapLibre would clamp each vertex farther than about one tile beyond the tile's edges
 *    (its load_geometry), which bends the edges that do cross the tile: this is the "clamp nothing
 *    silently wrong" part.
 * 4. Round to integers and drop consecutive duplicates (and a ring's closing repeat: ClosePath
 *    closes it). Polygon rings are reoriented to the specification's winding: exterior rings have a
 *    positive surveyor's-formula area in tile coordinates (clockwise on screen, y down), holes a
 *    negative one.
 * 5. Collapsed geometries: see `encodeTile`.
 */
import Pbf from 'pbf';
import type { BBox, Geometry, Position } from './geometry';

export const DEFAULT_EXTENT = 4096;
export const DEFAULT_BUFFER = 64;
/** Deepest zoom the tile maths accept; 4096 × 2^30 world coordinates are still exact doubles. */
export const MAX_TILE_ZOOM = 30;
/** The latitude where Web Mercator's square world ends: atan(sinh(π)) in degrees. */
export const MAX_MERCATOR_LATITUDE = 85.0511287798066;

export interface TileCoord {
  z: number;
  x: number;
  y: number;
}

export type TilePropertyValue = string | number | boolean;

export interface TileFeature {
  /** Written as the MVT feature id: a non-negative safe integer (element ids are). */
  id?: number;
  geometry: Geometry;
  /** null and undefined values are left out (MVT has no null); every other value is written. */
  properties: Record<string, TilePropertyValue | null | undefined>;
}

export interface TileLayer {
  /** Unique within a tile. */
  name: string;
  features: readonly TileFeature[];
}

export interface EncodeTileOptions {
  /** Tile coordinates across one tile; default 4096. */
  extent?: number;
  /** How far, in tile coordinates, geometry is kept beyond the tile's edges; default 64. */
  buffer?: number;
}

// ---------------------------------------------------------------------------------------------
// Tile maths
// ---------------------------------------------------------------------------------------------

const DEGREES = 180 / Math.PI;
const RADIANS = Math.PI / 180;
const FOUR_PI = 4 * Math.PI;

/** Web Mercator x in [0, 1] of the world, west to east. */
function mercatorX(lon: number): number {
  return (lon + 180) / 360;
}

/** Web Mercator y in [0, 1] of the world, north to south; latitudes beyond the square world are clamped. */
function mercatorY(lat: number): number {
  const clamped =
    lat > MAX_MERCATOR_LATITUDE
      ? MAX_MERCATOR_LATITUDE
      : lat < -MAX_MERCATOR_LATITUDE
        ? -MAX_MERCATOR_LATITUDE
        : lat;
  const sin = Math.sin(clamped * RADIANS);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / FOUR_PI;
}

function longitudeOf(mercX: number): number {
  return mercX * 360 - 180;
}

/** Inverse of mercatorY; values outside [0, 1] give latitudes beyond the square world, which is fine for bounds. */
function latitudeOf(mercY: number): number {
  return Math.atan(Math.sinh(Math.PI * (1 - 2 * mercY))) * DEGREES;
}

function checkZoom(z: number): void {
  if (!Number.isInteger(z) || z < 0 || z > MAX_TILE_ZOOM) {
    throw new RangeError(`Tile zoom must be an integer from 0 to ${MAX_TILE_ZOOM}, got ${z}`);
  }
}

function checkTile(z: number, x: number, y: number): void {
  checkZoom(z);
  const count = 2 ** z;
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= count || y >= count) {
    throw new RangeError(`Tile ${z}/${x}/${y} does not exist`);
  }
}

/** The tile's bounds, [west, south, east, north] in longitude/latitude degrees. */
export function tileBbox(z: number, x: number, y: number): BBox {
  checkTile(z, x, y);
  const count = 2 ** z;
  return [
    longitudeOf(x / count),
    latitudeOf((y + 1) / count),
    longitudeOf((x + 1) / count),
    latitudeOf(y / count),
  ];
}

/**
 * The tile containing a position. A position on a tile edge belongs to the tile east/south of it,
 * like the tile's own west and north edges do. Longitude 180 and latitudes beyond ±85.0511° belong to
 * the last tile of the row/column.
 */
export function lonLatToTile(lon: number, lat: number, z: number): TileCoord {
  checkZoom(z);
  if (!Number.isFinite(lon) || !Number.isFinite(lat))
    throw new RangeError('Longitude and latitude must be finite');
  const count = 2 ** z;
  const clampIndex = (value: number) => Math.min(count - 1, Math.max(0, Math.floor(value)));
  return { z, x: clampIndex(mercatorX(lon) * count), y: clampIndex(mercatorY(lat) * count) };
}

/** A bbox edge this close (in tiles) to a tile edge does not pull in the next tile: it is rounding noise. */
const EDGE_TOLERANCE = 1e-9;

/**
 * The tiles of zoom `z` a bbox [west, south, east, north] overlaps, row by row from the north-west.
 * A bbox that only touches a tile along its edge does not include it, so
 * `tilesCoveringBbox(tileBbox(z, x, y), z)` is just that tile. A point bbox gives its tile.
 * The count grows 4× per zoom level; callers bound the zoom (a plant at z22 is thousands of tiles).
 */
export function tilesCoveringBbox(bbox: BBox, z: number): TileCoord[] {
  checkZoom(z);
  const [west, south, east, north] = bbox;
  if (![west, south, east, north].every(Number.isFinite)) throw new RangeError('Bbox values must be finite');
  if (west > east || south > north) throw new RangeError('Bbox must be [west, south, east, north]');
  const count = 2 ** z;
  const clampIndex = (value: number) => Math.min(count - 1, Math.max(0, value));
  const minX = clampIndex(Math.floor(mercatorX(west) * count + EDGE_TOLERANCE));
  const maxX = Math.max(minX, clampIndex(Math.ceil(mercatorX(east) * count - EDGE_TOLERANCE) - 1));
  const minY = clampIndex(Math.floor(mercatorY(north) * count + EDGE_TOLERANCE));
  const maxY = Math.max(minY, clampIndex(Math.ceil(mercatorY(south) * count - EDGE_TOLERANCE) - 1));
  const tiles: TileCoord[] = [];
  for (let y = minY; y <= maxY; y++) for (let x = minX; x <= maxX; x++) tiles.push({ z, x, y });
  return tiles;
}

// ---------------------------------------------------------------------------------------------
// Geometry encoding
// ---------------------------------------------------------------------------------------------

const MOVE_TO = 1;
const LINE_TO = 2;
const CLOSE_PATH = 7;
const CLOSE_PATH_COMMAND = CLOSE_PATH | (1 << 3);

const GEOM_UNKNOWN = 0;
const GEOM_POINT = 1;
const GEOM_LINESTRING = 2;
const GEOM_POLYGON = 3;
type GeomType = typeof GEOM_UNKNOWN | typeof GEOM_POINT | typeof GEOM_LINESTRING | typeof GEOM_POLYGON;

function commandInteger(id: number, count: number): number {
  return (id | (count << 3)) >>> 0;
}

/** Coordinates stay within the buffered tile, so deltas are far from the int32 limits of zigzag. */
function zigzag(n: number): number {
  return ((n << 1) ^ (n >> 31)) >>> 0;
}

const OUTSIDE = 0;
const INSIDE = 1;
const CROSSING = 2;

/** Grows a typed array to hold at least `size` items, keeping the first `keep`. */
function grow<T extends Float64Array | Int32Array | Uint32Array>(array: T, size: number, keep: number): T {
  if (array.length >= size) return array;
  let length = array.length * 2;
  while (length < size) length *= 2;
  const bigger = new (array.constructor as new (n: number) => T)(length);
  bigger.set(array.subarray(0, keep));
  return bigger;
}

/**
 * Turns one geometry at a time into MVT commands in `commands[0 .. commandCount)`. Reuses its
 * buffers from feature to feature; the fast path allocates nothing per coordinate.
 */
class GeometryEncoder {
  commands = new Uint32Array(1024);
  commandCount = 0;
  private cursorX = 0;
  private cursorY = 0;
  /** Projected float coordinates of the current line or ring, interleaved x, y. */
  private projected = new Float64Array(1024);
  /** Rounded, de-duplicated coordinates of the current line or ring, interleaved x, y. */
  private rounded = new Int32Array(1024);

  private readonly scale: number;
  private readonly originX: number;
  private readonly originY: number;
  /** The buffered tile in tile coordinates: [low, high] on both axes. */
  private readonly low: number;
  private readonly high: number;
  /** The buffered tile in degrees. */
  private readonly west: number;
  private readonly east: number;
  private readonly south: number;
  private readonly north: number;
  // The current geometry's bbox in degrees, filled by `relation`.
  private minLon = 0;
  private minLat = 0;
  private maxLon = 0;
  private maxLat = 0;

  constructor(z: number, x: number, y: number, extent: number, buffer: number) {
    this.scale = extent * 2 ** z;
    this.originX = x * extent;
    this.originY = y * extent;
    this.low = -buffer;
    this.high = extent + buffer;
    this.west = longitudeOf((this.originX + this.low) / this.scale);
    this.east = longitudeOf((this.originX + this.high) / this.scale);
    this.north = latitudeOf((this.originY + this.low) / this.scale);
    this.south = latitudeOf((this.originY + this.high) / this.scale);
  }

  /** Encodes a geometry; returns its MVT type, or 0 when nothing of it is on the tile. */
  encode(geometry: Geometry): GeomType {
    this.commandCount = 0;
    this.cursorX = 0;
    this.cursorY = 0;
    const relation = this.relation(geometry);
    if (relation === OUTSIDE) return GEOM_UNKNOWN;
    const clip = relation === CROSSING;
    let type: GeomType;
    switch (geometry.type) {
      case 'Point':
        this.points([geometry.coordinates], clip);
        type = GEOM_POINT;
        break;
      case 'MultiPoint':
        this.points(geometry.coordinates, clip);
        type = GEOM_POINT;
        break;
      case 'LineString':
        this.line(geometry.coordinates, clip);
        type = GEOM_LINESTRING;
        break;
      case 'MultiLineString':
        for (const line of geometry.coordinates) this.line(line, clip);
        type = GEOM_LINESTRING;
        break;
      case 'Polygon':
        this.polygon(geometry.coordinates, clip);
        type = GEOM_POLYGON;
        break;
      case 'MultiPolygon':
        for (const polygon of geometry.coordinates) this.polygon(polygon, clip);
        type = GEOM_POLYGON;
        break;
      default:
        throw new TypeError(`Unsupported geometry type ${(geometry as { type: unknown }).type}`);
    }
    return this.commandCount === 0 ? GEOM_UNKNOWN : type;
  }

  // --- bbox test ------------------------------------------------------------------------------

  private extendBbox(positions: readonly Position[]): void {
    let { minLon, minLat, maxLon, maxLat } = this;
    for (let i = 0; i < positions.length; i++) {
      const position = positions[i];
      const lon = position[0];
      const lat = position[1];
      if (!Number.isFinite(lon) || !Number.isFinite(lat))
        throw new RangeError('Geometry coordinates must be finite');
      if (lon < minLon) minLon = lon;
      if (lon > maxLon) maxLon = lon;
      if (lat < minLat) minLat = lat;
      if (lat > maxLat) maxLat = lat;
    }
    this.minLon = minLon;
    this.minLat = minLat;
    this.maxLon = maxLon;
    this.maxLat = maxLat;
  }

  private relation(geometry: Geometry): typeof OUTSIDE | typeof INSIDE | typeof CROSSING {
    this.minLon = Infinity;
    this.minLat = Infinity;
    this.maxLon = -Infinity;
    this.maxLat = -Infinity;
    switch (geometry.type) {
      case 'Point':
        this.extendBbox([geometry.coordinates]);
        break;
      case 'MultiPoint':
      case 'LineString':
        this.extendBbox(geometry.coordinates);
        break;
      case 'Polygon':
      case 'MultiLineString':
        for (const positions of geometry.coordinates) this.extendBbox(positions);
        break;
      case 'MultiPolygon':
        for (const polygon of geometry.coordinates) for (const ring of polygon) this.extendBbox(ring);
        break;
    }
    if (
      this.maxLon < this.west ||
      this.minLon > this.east ||
      this.maxLat < this.south ||
      this.minLat > this.north
    ) {
      return OUTSIDE; // also an empty geometry, whose bbox stays inverted
    }
    if (
      this.minLon >= this.west &&
      this.maxLon <= this.east &&
      this.minLat >= this.south &&
      this.maxLat <= this.north
    ) {
      return INSIDE;
    }
    return CROSSING;
  }

  // --- projection -----------------------------------------------------------------------------

  private projectX(lon: number): number {
    return mercatorX(lon) * this.scale - this.originX;
  }

  private projectY(lat: number): number {
    return mercatorY(lat) * this.scale - this.originY;
  }

  /**
   * Projects positions into `projected`; returns their count. Rings repeat coordinates (the closing
   * position; the two corners of a module's edge share a latitude), so the last longitude and
   * latitude are remembered: that saves about half of the sine and logarithm calls.
   */
  private project(positions: readonly Position[]): number {
    const n = positions.length;
    this.projected = grow(this.projected, 2 * n, 0);
    const out = this.projected;
    let lastLon = NaN;
    let lastLat = NaN;
    let px = 0;
    let py = 0;
    for (let i = 0; i < n; i++) {
      const position = positions[i];
      const lon = position[0];
      const lat = position[1];
      if (lon !== lastLon) {
        px = this.projectX(lon);
        lastLon = lon;
      }
      if (lat !== lastLat) {
        py = this.projectY(lat);
        lastLat = lat;
      }
      out[2 * i] = px;
      out[2 * i + 1] = py;
    }
    return n;
  }

  /** Projects positions into a fresh interleaved array, for clipping (the slow path only). */
  private projectToArray(positions: readonly Position[]): number[] {
    const out = new Array<number>(2 * positions.length);
    for (let i = 0; i < positions.length; i++) {
      out[2 * i] = this.projectX(positions[i][0]);
      out[2 * i + 1] = this.projectY(positions[i][1]);
    }
    return out;
  }

  /** Copies clipped interleaved coordinates into `projected`; returns their count. */
  private load(coordinates: readonly number[]): number {
    this.projected = grow(this.projected, coordinates.length, 0);
    for (let i = 0; i < coordinates.length; i++) this.projected[i] = coordinates[i];
    return coordinates.length / 2;
  }

  /** Rounds `projected[0 .. n)` into `rounded`, dropping consecutive duplicates; returns the count kept. */
  private round(n: number): number {
    this.rounded = grow(this.rounded, 2 * n, 0);
    const from = this.projected;
    const to = this.rounded;
    let m = 0;
    for (let i = 0; i < n; i++) {
      const x = Math.round(from[2 * i]);
      const y = Math.round(from[2 * i + 1]);
      if (m > 0 && x === to[2 * m - 2] && y === to[2 * m - 1]) continue;
      to[2 * m] = x;
      to[2 * m + 1] = y;
      m++;
    }
    return m;
  }

  // --- commands -------------------------------------------------------------------------------

  private reserve(count: number): void {
    this.commands = grow(this.commands, this.commandCount + count, this.commandCount);
  }

  private pushPoint(x: number, y: number): void {
    const commands = this.commands;
    commands[this.commandCount++] = zigzag(x - this.cursorX);
    commands[this.commandCount++] = zigzag(y - this.cursorY);
    this.cursorX = x;
    this.cursorY = y;
  }

  // --- points ---------------------------------------------------------------------------------

  private points(positions: readonly Position[], clip: boolean): void {
    this.reserve(1 + 2 * positions.length);
    const header = this.commandCount++;
    const { low, high } = this;
    let count = 0;
    let lastX = 0;
    let lastY = 0;
    for (let i = 0; i < positions.length; i++) {
      const fx = this.projectX(positions[i][0]);
      const fy = this.projectY(positions[i][1]);
      if (clip && (fx < low || fx > high || fy < low || fy > high)) continue;
      const x = Math.round(fx);
      const y = Math.round(fy);
      if (count > 0 && x === lastX && y === lastY) continue;
      this.pushPoint(x, y);
      lastX = x;
      lastY = y;
      count++;
    }
    if (count === 0) this.commandCount = header;
    else this.commands[header] = commandInteger(MOVE_TO, count);
  }

  // --- lines ----------------------------------------------------------------------------------

  private line(positions: readonly Position[], clip: boolean): void {
    if (!clip) {
      this.writeLine(this.project(positions));
      return;
    }
    for (const part of clipLine(this.projectToArray(positions), this.low, this.high))
      this.writeLine(this.load(part));
  }

  /** Writes `projected[0 .. n)` as one line; a line that rounds to one point becomes a 1-unit segment. */
  private writeLine(n: number): void {
    const m = this.round(n);
    if (m === 0) return;
    const pts = this.rounded;
    this.reserve(2 + 2 * Math.max(m, 2));
    this.commands[this.commandCount++] = commandInteger(MOVE_TO, 1);
    this.pushPoint(pts[0], pts[1]);
    if (m === 1) {
      // Collapsed: a unit step along the line's main direction keeps it visible as a dot.
      const dx = this.projected[2 * n - 2] - this.projected[0];
      const dy = this.projected[2 * n - 1] - this.projected[1];
      const alongX = Math.abs(dx) >= Math.abs(dy);
      this.commands[this.commandCount++] = commandInteger(LINE_TO, 1);
      this.pushPoint(pts[0] + (alongX ? (dx < 0 ? -1 : 1) : 0), pts[1] + (alongX ? 0 : dy < 0 ? -1 : 1));
      return;
    }
    this.commands[this.commandCount++] = commandInteger(LINE_TO, m - 1);
    for (let i = 1; i < m; i++) this.pushPoint(pts[2 * i], pts[2 * i + 1]);
  }

  // --- polygons -------------------------------------------------------------------------------

  private polygon(rings: readonly Position[][], clip: boolean): void {
    for (let r = 0; r < rings.length; r++) {
      let n: number;
      if (clip) {
        const clipped = clipRing(this.projectToArray(rings[r]), this.low, this.high);
        // Clipping a concave ring that only goes around the buffered tile can leave zero-width
        // edges along its border and nothing else: that is no part of the polygon, not a tiny one.
        if (r === 0 && floatDoubleArea(clipped) === 0) return;
        n = this.load(clipped);
      } else {
        n = this.project(rings[r]);
      }
      if (r === 0) {
        if (n === 0) return; // the exterior is off the buffered tile: so are its holes
        // A collapsed exterior is written as a small stand-in; the holes of a shape that small go.
        if (!this.writeRing(n, true)) return;
      } else if (n > 0) {
        this.writeRing(n, false);
      }
    }
  }

  /**
   * Writes `projected[0 .. n)` as a ring, exterior or hole. Returns false when the ring collapsed
   * (fewer than 3 distinct points or zero area after rounding): a collapsed hole is dropped, a
   * collapsed exterior is replaced by `writeCollapsedExterior`.
   */
  private writeRing(n: number, exterior: boolean): boolean {
    let m = this.round(n);
    const pts = this.rounded;
    while (m > 1 && pts[0] === pts[2 * m - 2] && pts[1] === pts[2 * m - 1]) m--; // ClosePath closes it
    const area = m >= 3 ? doubleArea(pts, m) : 0;
    if (area !== 0) {
      this.emitRing(m, exterior ? area < 0 : area > 0);
      return true;
    }
    if (exterior) this.writeCollapsedExterior(m);
    return false;
  }

  /**
   * The stand-in for an exterior ring whose rounded points `rounded[0 .. m)` (m ≥ 1) enclose no
   * area: they all lie on one segment A–B (or one point). It becomes the thinnest polygon the grid
   * allows over that footprint: A, B, B + o, A + o with o one unit across the segment's main
   * direction, or a 1-unit square when everything rounded to one point. So a module smaller than a
   * tile unit is a unit square and a tracker row narrower than a unit is a 1-unit-wide strip along
   * its real direction: still a Polygon, still drawn by the fill layer in its state colour, and a
   * zoomed-out plant reads as its blocks and rows instead of vanishing (dropping such polygons would
   * empty the map below about z13) or turning into points a fill layer would not draw.
   */
  private writeCollapsedExterior(m: number): void {
    const pts = this.rounded;
    let minXi = 0;
    let maxXi = 0;
    let minYi = 0;
    let maxYi = 0;
    for (let i = 1; i < m; i++) {
      if (pts[2 * i] < pts[2 * minXi]) minXi = i;
      if (pts[2 * i] > pts[2 * maxXi]) maxXi = i;
      if (pts[2 * i + 1] < pts[2 * minYi + 1]) minYi = i;
      if (pts[2 * i + 1] > pts[2 * maxYi + 1]) maxYi = i;
    }
    const spanX = pts[2 * maxXi] - pts[2 * minXi];
    const spanY = pts[2 * maxYi + 1] - pts[2 * minYi + 1];
    const alongX = spanX >= spanY;
    const a = alongX ? minXi : minYi;
    const b = alongX ? maxXi : maxYi;
    const ax = pts[2 * a];
    const ay = pts[2 * a + 1];
    let bx = pts[2 * b];
    const by = pts[2 * b + 1];
    if (bx === ax && by === ay) bx = ax + 1; // a single point: the square's first edge
    const ox = alongX ? 0 : 1;
    const oy = alongX ? 1 : 0;
    this.rounded = grow(this.rounded, 8, 0);
    const out = this.rounded;
    out[0] = ax;
    out[1] = ay;
    out[2] = bx;
    out[3] = by;
    out[4] = bx + ox;
    out[5] = by + oy;
    out[6] = ax + ox;
    out[7] = ay + oy;
    this.emitRing(4, doubleArea(out, 4) < 0);
  }

  /** Writes `rounded[0 .. m)` as MoveTo, LineTo(m - 1), ClosePath, reversed after the first point if asked. */
  private emitRing(m: number, reverse: boolean): void {
    const pts = this.rounded;
    this.reserve(3 + 2 * m);
    this.commands[this.commandCount++] = commandInteger(MOVE_TO, 1);
    this.pushPoint(pts[0], pts[1]);
    this.commands[this.commandCount++] = commandInteger(LINE_TO, m - 1);
    if (reverse) for (let i = m - 1; i >= 1; i--) this.pushPoint(pts[2 * i], pts[2 * i + 1]);
    else for (let i = 1; i < m; i++) this.pushPoint(pts[2 * i], pts[2 * i + 1]);
    this.commands[this.commandCount++] = CLOSE_PATH_COMMAND;
  }
}

/**
 * Twice the surveyor's-formula area of an interleaved ring in tile coordinates. Positive means an
 * exterior ring in MVT terms (clockwise on screen, y down). Relative to the first point; integers
 * this small sum exactly.
 */
function doubleArea(pts: Int32Array, m: number): number {
  const ox = pts[0];
  const oy = pts[1];
  let sum = 0;
  for (let i = 0, j = m - 1; i < m; j = i++) {
    sum += (pts[2 * j] - ox) * (pts[2 * i + 1] - oy) - (pts[2 * i] - ox) * (pts[2 * j + 1] - oy);
  }
  return sum;
}

// ---------------------------------------------------------------------------------------------
// Clipping (slow path: only geometries sticking out of the buffered tile)
// ---------------------------------------------------------------------------------------------

/** Sutherland–Hodgman against one side of the box: keeps coordinate `axis` ≥ bound (or ≤ when `below`). */
function clipRingSide(ring: number[], axis: 0 | 1, bound: number, below: boolean): number[] {
  const out: number[] = [];
  const n = ring.length / 2;
  if (n === 0) return out;
  let px = ring[2 * n - 2];
  let py = ring[2 * n - 1];
  let pv = axis === 0 ? px : py;
  let pIn = below ? pv <= bound : pv >= bound;
  for (let i = 0; i < n; i++) {
    const cx = ring[2 * i];
    const cy = ring[2 * i + 1];
    const cv = axis === 0 ? cx : cy;
    const cIn = below ? cv <= bound : cv >= bound;
    if (cIn !== pIn) {
      const t = (bound - pv) / (cv - pv);
      if (axis === 0) out.push(bound, py + t * (cy - py));
      else out.push(px + t * (cx - px), bound);
    }
    if (cIn) out.push(cx, cy);
    px = cx;
    py = cy;
    pv = cv;
    pIn = cIn;
  }
  return out;
}

/** Twice the signed area of an interleaved float ring; exactly 0 for a ring of collinear border points. */
function floatDoubleArea(ring: readonly number[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
    sum += ring[j] * ring[i + 1] - ring[i] * ring[j + 1];
  }
  return sum;
}

/** The ring clipped to the square [low, high]²; empty when nothing is inside. */
function clipRing(ring: number[], low: number, high: number): number[] {
  let out = clipRingSide(ring, 0, low, false);
  out = clipRingSide(out, 0, high, true);
  out = clipRingSide(out, 1, low, false);
  return clipRingSide(out, 1, high, true);
}

/** The parts of a polyline inside the square [low, high]² (Liang–Barsky per segment). */
function clipLine(line: number[], low: number, high: number): number[][] {
  const parts: number[][] = [];
  let current: number[] | null = null;
  for (let i = 0; i + 3 < line.length; i += 2) {
    const ax = line[i];
    const ay = line[i + 1];
    const dx = line[i + 2] - ax;
    const dy = line[i + 3] - ay;
    let t0 = 0;
    let t1 = 1;
    let rejected = false;
    // Each side as p·t ≤ q.
    const sides = [-dx, ax - low, dx, high - ax, -dy, ay - low, dy, high - ay];
    for (let s = 0; s < 8 && !rejected; s += 2) {
      const p = sides[s];
      const q = sides[s + 1];
      if (p === 0) {
        if (q < 0) rejected = true;
      } else {
        const r = q / p;
        if (p < 0) {
          if (r > t1) rejected = true;
          else if (r > t0) t0 = r;
        } else if (r < t0) rejected = true;
        else if (r < t1) t1 = r;
      }
    }
    if (rejected) {
      current = null;
      continue;
    }
    if (current === null || t0 > 0) {
      current = [ax + t0 * dx, ay + t0 * dy];
      parts.push(current);
    }
    current.push(ax + t1 * dx, ay + t1 * dy);
    if (t1 < 1) current = null;
  }
  return parts;
}

// ---------------------------------------------------------------------------------------------
// Layers and the tile
// ---------------------------------------------------------------------------------------------

/** Keys and values of one layer, each stored once; tags point into them. */
class LayerTables {
  readonly keys: string[] = [];
  readonly values: TilePropertyValue[] = [];
  private readonly keyIndex = new Map<string, number>();
  private readonly stringIndex = new Map<string, number>();
  private readonly numberIndex = new Map<number, number>();
  private trueIndex = -1;
  private falseIndex = -1;

  key(key: string): number {
    let index = this.keyIndex.get(key);
    if (index === undefined) {
      index = this.keys.push(key) - 1;
      this.keyIndex.set(key, index);
    }
    return index;
  }

  value(value: TilePropertyValue): number {
    if (typeof value === 'boolean') {
      if (value) return this.trueIndex >= 0 ? this.trueIndex : (this.trueIndex = this.values.push(true) - 1);
      return this.falseIndex >= 0 ? this.falseIndex : (this.falseIndex = this.values.push(false) - 1);
    }
    return typeof value === 'string' ? this.stringValue(value) : this.numberValue(value);
  }

  // Separate maps, each with one key type: a string '1' and a number 1 are different values.
  private stringValue(value: string): number {
    let index = this.stringIndex.get(value);
    if (index === undefined) {
      index = this.values.push(value) - 1;
      this.stringIndex.set(value, index);
    }
    return index;
  }

  private numberValue(value: number): number {
    let index = this.numberIndex.get(value);
    if (index === undefined) {
      index = this.values.push(value) - 1;
      this.numberIndex.set(value, index);
    }
    return index;
  }
}

/** What the pbf callbacks need; one per tile, reused for every layer and feature. */
interface EncodeState {
  geometry: GeometryEncoder;
  extent: number;
  layer: TileLayer;
  tables: LayerTables;
  featureCount: number;
  feature: TileFeature;
  type: GeomType;
  tags: Uint32Array;
  tagCount: number;
}

function writeValue(value: TilePropertyValue, pbf: Pbf): void {
  if (typeof value === 'string') pbf.writeStringField(1, value);
  else if (typeof value === 'boolean') pbf.writeBooleanField(7, value);
  else if (Number.isSafeInteger(value)) {
    if (value >= 0)
      pbf.writeVarintField(5, value); // uint_value
    else pbf.writeSVarintField(6, value); // sint_value
  } else pbf.writeDoubleField(3, value); // fractions, huge integers, NaN and ±Infinity
}

/** Writes uint32 varints straight into pbf's buffer: one bounds check for the lot instead of one each. */
function writeVarints(values: Uint32Array, count: number, pbf: Pbf): void {
  pbf.realloc(5 * count);
  const buf = pbf.buf;
  let pos = pbf.pos;
  for (let i = 0; i < count; i++) {
    let value = values[i];
    while (value > 0x7f) {
      buf[pos++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    buf[pos++] = value;
  }
  pbf.pos = pos;
}

function writeTags(state: EncodeState, pbf: Pbf): void {
  writeVarints(state.tags, state.tagCount, pbf);
}

function writeGeometry(state: EncodeState, pbf: Pbf): void {
  writeVarints(state.geometry.commands, state.geometry.commandCount, pbf);
}

function writeFeature(state: EncodeState, pbf: Pbf): void {
  const { id } = state.feature;
  if (id !== undefined) pbf.writeVarintField(1, id);
  if (state.tagCount > 0) pbf.writeMessage(2, writeTags, state);
  pbf.writeVarintField(3, state.type);
  pbf.writeMessage(4, writeGeometry, state);
}

/** Fills `state.tags` with the feature's key/value index pairs. */
function collectTags(state: EncodeState, properties: TileFeature['properties']): void {
  state.tagCount = 0;
  for (const key in properties) {
    if (!Object.hasOwn(properties, key)) continue;
    const value = properties[key];
    if (value === null || value === undefined) continue;
    const kind = typeof value;
    if (kind !== 'string' && kind !== 'number' && kind !== 'boolean') {
      throw new TypeError(
        `Property "${key}" of layer "${state.layer.name}" is a ${kind}; tiles hold strings, numbers and booleans`,
      );
    }
    state.tags = grow(state.tags, state.tagCount + 2, state.tagCount);
    state.tags[state.tagCount++] = state.tables.key(key);
    state.tags[state.tagCount++] = state.tables.value(value);
  }
}

/** Writes the fields of one layer message (without its tag and length). */
function writeLayer(state: EncodeState, pbf: Pbf): void {
  const { layer, geometry } = state;
  pbf.writeVarintField(15, 2); // version
  pbf.writeStringField(1, layer.name);
  for (const feature of layer.features) {
    const type = geometry.encode(feature.geometry);
    if (type === GEOM_UNKNOWN) continue;
    const { id } = feature;
    if (id !== undefined && !(Number.isSafeInteger(id) && id >= 0)) {
      throw new RangeError(`Feature id ${id} in layer "${layer.name}" is not a non-negative safe integer`);
    }
    state.feature = feature;
    state.type = type;
    collectTags(state, feature.properties);
    pbf.writeMessage(2, writeFeature, state);
    state.featureCount++;
  }
  for (const key of state.tables.keys) pbf.writeStringField(3, key);
  for (const value of state.tables.values) pbf.writeMessage(4, writeValue, value);
  pbf.writeVarintField(5, state.extent);
}

/** Largest extent + 2 × buffer for which every coordinate delta zigzags within 32 bits. */
const MAX_SPAN = 2 ** 28;

/**
 * Encodes layers of longitude/latitude features as the MVT 2.1 tile z/x/y (see the module comment
 * for projection, clipping, rounding and winding).
 *
 * - Features whose geometry is not on the tile plus its buffer are left out, and so is a layer with
 *   no feature left; a tile with nothing on it is an empty buffer, which is a valid tile.
 * - Keys and values are stored once per layer. Numbers are written as uint_value (non-negative safe
 *   integers), sint_value (negative ones) or double_value (anything else), strings as string_value,
 *   booleans as bool_value; null and undefined properties are left out.
 * - Collapsed geometries, what most of a plant becomes at low zoom (at z12 a tile unit is about 2.4 m
 *   at the equator, larger than a module): nothing is dropped for being small, so the map of a plant
 *   never empties as one zooms out. A polygon whose exterior ring rounds to fewer than 3 distinct
 *   points or to no area becomes a 1-unit-wide polygon over its footprint (see
 *   `writeCollapsedExterior`), its holes dropped; a collapsed hole is dropped (it could not be seen);
 *   a line that rounds to one point becomes a 1-unit segment along its direction; points never
 *   collapse, but consecutive points of a MultiPoint that round to the same spot are written once.
 *   At such zooms the server should rather send fewer, aggregated features: 500,000 unit squares
 *   are a valid but heavy tile.
 * - Throws RangeError for a tile that does not exist, a bad extent or buffer, a layer name used
 *   twice, an id that is not a non-negative safe integer, non-finite coordinates; TypeError for a
 *   property value that is not a string, number, boolean, null or undefined.
 *
 * Returns a Uint8Array that owns its ArrayBuffer exactly (`result.buffer` is the whole tile), ready
 * for an HTTP body or for MapLibre's `addProtocol` ({ data: result.buffer }).
 */
export function encodeTile(
  layers: readonly TileLayer[],
  z: number,
  x: number,
  y: number,
  options: EncodeTileOptions = {},
): Uint8Array {
  checkTile(z, x, y);
  const extent = options.extent ?? DEFAULT_EXTENT;
  const buffer = options.buffer ?? DEFAULT_BUFFER;
  if (!Number.isInteger(extent) || extent < 1)
    throw new RangeError(`Tile extent must be a positive integer, got ${extent}`);
  if (!Number.isFinite(buffer) || buffer < 0)
    throw new RangeError(`Tile buffer must be a non-negative number, got ${buffer}`);
  if (extent + 2 * buffer > MAX_SPAN)
    throw new RangeError('Tile extent plus twice the buffer must be at most 2^28');

  const names = new Set<string>();
  for (const layer of layers) {
    if (names.has(layer.name)) throw new RangeError(`Layer name "${layer.name}" is used twice`);
    names.add(layer.name);
  }

  // Layer bodies are written one after the other into one buffer, then copied once into the tile
  // behind their tag and length. Letting pbf nest them would shift each (megabyte-sized) layer by a
  // byte-by-byte loop once its length is known.
  const pbf = new Pbf(new Uint8Array(64 * 1024));
  const bodies: { start: number; end: number }[] = [];
  const state: EncodeState = {
    geometry: new GeometryEncoder(z, x, y, extent, buffer),
    extent,
    layer: layers[0],
    tables: new LayerTables(),
    featureCount: 0,
    feature: undefined as unknown as TileFeature,
    type: GEOM_UNKNOWN,
    tags: new Uint32Array(64),
    tagCount: 0,
  };
  for (const layer of layers) {
    state.layer = layer;
    state.tables = new LayerTables();
    state.featureCount = 0;
    const start = pbf.pos;
    writeLayer(state, pbf);
    if (state.featureCount > 0) bodies.push({ start, end: pbf.pos });
    else pbf.pos = start; // an empty layer is left out
  }
  let size = 0;
  for (const { start, end } of bodies) size += 1 + varintLength(end - start) + (end - start);
  const tile = new Uint8Array(size);
  let pos = 0;
  for (const { start, end } of bodies) {
    tile[pos++] = TILE_LAYERS_KEY;
    for (let length = end - start; ; length = Math.floor(length / 128)) {
      if (length < 128) {
        tile[pos++] = length;
        break;
      }
      tile[pos++] = (length % 128) | 0x80;
    }
    tile.set(pbf.buf.subarray(start, end), pos);
    pos += end - start;
  }
  return tile;
}

/** Field 3 (layers) of the Tile message, wire type 2 (length-delimited). */
const TILE_LAYERS_KEY = (3 << 3) | 2;

function varintLength(value: number): number {
  let length = 1;
  while (value >= 128) {
    value = Math.floor(value / 128);
    length++;
  }
  return length;
}
