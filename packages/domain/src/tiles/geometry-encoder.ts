/**
 * One geometry at a time into MVT geometry commands (`GeometryEncoder`), used by `encodeTile` in
 * ./mvt-writer.
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
 * 5. Collapsed geometries: see `encodeTile` (./mvt-writer).
 */
import type { Geometry, Position } from '../geometry';
import { clipLine, clipRing, floatDoubleArea } from './clip';
import { latitudeOf, longitudeOf, mercatorX, mercatorY } from './tile-math';

const MOVE_TO = 1;
const LINE_TO = 2;
const CLOSE_PATH = 7;
const CLOSE_PATH_COMMAND = CLOSE_PATH | (1 << 3);

export const GEOM_UNKNOWN = 0;
const GEOM_POINT = 1;
const GEOM_LINESTRING = 2;
const GEOM_POLYGON = 3;
export type GeomType = typeof GEOM_UNKNOWN | typeof GEOM_POINT | typeof GEOM_LINESTRING | typeof GEOM_POLYGON;

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
export function grow<T extends Float64Array | Int32Array | Uint32Array>(
  array: T,
  size: number,
  keep: number,
): T {
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
export class GeometryEncoder {
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
