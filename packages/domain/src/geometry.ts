/**
 * The one geometry module of Heliotrack, shared by the server, the web app and the offline code:
 * EWKT reading and writing, the `polygon` query parameter, the polygon-selection rule of the
 * specification (section 5): an element is inside only if every vertex of its LINESTRING or POLYGON
 * is inside the ring; every other geometry type is excluded; and the polyline rule of serial
 * scanning (the elements a drawn line crosses, in order along it).
 *
 * Plain TypeScript with no dependencies and no Node APIs, so it runs in the browser and Workers too.
 * Coordinates are [x, y]; for SRID 4326 (the only one Heliotrack uses) that is [longitude, latitude]
 * in degrees. Every computation here is planar in those units, which is what the selection rule and
 * small map helpers need for elements a few metres across.
 */
import { EARTH_RADIUS_M } from './constants';

export type Position = [x: number, y: number];
/** A closed or open ring of positions; the selection code treats both the same. */
export type Ring = Position[];
export type BBox = [minX: number, minY: number, maxX: number, maxY: number];

interface GeometryOf<T extends string, C> {
  type: T;
  coordinates: C;
  /** The SRID of an `SRID=NNNN;` prefix, or null when the text had none. */
  srid: number | null;
}
export type Point = GeometryOf<'Point', Position>;
export type LineString = GeometryOf<'LineString', Position[]>;
/** Outer ring first, then holes. */
export type Polygon = GeometryOf<'Polygon', Position[][]>;
export type MultiPoint = GeometryOf<'MultiPoint', Position[]>;
export type MultiLineString = GeometryOf<'MultiLineString', Position[][]>;
export type MultiPolygon = GeometryOf<'MultiPolygon', Position[][][]>;
/** Type names and coordinate nesting follow GeoJSON, so a geometry can go straight to MapLibre. */
export type Geometry = Point | LineString | Polygon | MultiPoint | MultiLineString | MultiPolygon;
export type GeometryType = Geometry['type'];

// ---------------------------------------------------------------------------------------------
// Reading EWKT
// ---------------------------------------------------------------------------------------------

/** The message of the specification's error catalogue; clients may show or match it verbatim. */
export const INVALID_WKT_MESSAGE = 'Invalid WKT format';

/** Thrown by `parseWkt`. `message` is always 'Invalid WKT format'; `detail` says what was wrong, for logs. */
export class WktFormatError extends Error {
  readonly detail: string;
  constructor(detail: string) {
    super(INVALID_WKT_MESSAGE);
    this.name = 'WktFormatError';
    this.detail = detail;
  }
}

const WKT_NAMES: Record<GeometryType, string> = {
  Point: 'POINT',
  LineString: 'LINESTRING',
  Polygon: 'POLYGON',
  MultiPoint: 'MULTIPOINT',
  MultiLineString: 'MULTILINESTRING',
  MultiPolygon: 'MULTIPOLYGON',
};
const TYPES_BY_WKT_NAME = new Map<string, GeometryType>(
  Object.entries(WKT_NAMES).map(([type, name]) => [name, type as GeometryType]),
);
const DIMENSIONS = new Set(['Z', 'M', 'ZM']);

const POWERS_OF_TEN = Array.from({ length: 16 }, (_, exponent) => 10 ** exponent);

const OPEN = 40; // (
const CLOSE = 41; // )
const COMMA = 44; // ,
const EQUALS = 61; // =
const SEMICOLON = 59; // ;

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}
function isLetter(code: number): boolean {
  const lower = code | 32;
  return lower >= 97 && lower <= 122;
}
function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
/** Characters a number may contain: digits, sign, point, exponent. Number() then judges the token. */
function isNumberChar(code: number): boolean {
  return isDigit(code) || code === 45 || code === 43 || code === 46 || code === 101 || code === 69;
}

/**
 * A hand-written scanner rather than regular expressions: it reads each character once and only
 * allocates the numbers' substrings, which keeps parsing cheap when the server tests tens of
 * thousands of candidate elements per polygon request.
 */
class WktReader {
  private pos = 0;
  constructor(private readonly text: string) {}

  fail(what: string): never {
    throw new WktFormatError(`${what} at character ${this.pos}`);
  }

  /** The next non-space character code, not consumed; NaN at the end of the text. */
  peek(): number {
    const { text } = this;
    while (this.pos < text.length && isSpace(text.charCodeAt(this.pos))) this.pos++;
    return text.charCodeAt(this.pos);
  }

  tryRead(code: number): boolean {
    if (this.peek() !== code) return false;
    this.pos++;
    return true;
  }

  expect(code: number): void {
    if (!this.tryRead(code)) this.fail(`expected "${String.fromCharCode(code)}"`);
  }

  expectEnd(): void {
    if (!Number.isNaN(this.peek())) this.fail('unexpected text after the geometry');
  }

  /** A run of letters, upper-cased. */
  readWord(): string {
    const start = this.pos;
    while (isLetter(this.text.charCodeAt(this.pos))) this.pos++;
    if (this.pos === start) this.fail('expected a word');
    return this.text.slice(start, this.pos).toUpperCase();
  }

  readInteger(): number {
    this.peek();
    const start = this.pos;
    while (isDigit(this.text.charCodeAt(this.pos))) this.pos++;
    if (this.pos === start) this.fail('expected an integer');
    return Number(this.text.slice(start, this.pos));
  }

  /**
   * Fast path for the common plain decimal with at most 15 significant digits (`-3.703791`): the
   * digits form an exact integer below 2^53 and 10^scale is exact too, so one division gives the
   * correctly rounded double, the same value Number() would. This avoids a substring and Number()
   * per coordinate, which made up most of the parsing time. Anything else takes the general path.
   */
  readNumber(): number {
    const { text } = this;
    let code = this.peek();
    let pos = this.pos;
    const negative = code === 45;
    if (negative || code === 43) code = text.charCodeAt(++pos);
    let mantissa = 0;
    let digits = 0;
    let scale = -1; // digits after the point; -1 until a point is seen
    for (; ; code = text.charCodeAt(++pos)) {
      if (isDigit(code)) {
        mantissa = mantissa * 10 + (code - 48);
        digits++;
        if (scale >= 0) scale++;
      } else if (code === 46 && scale < 0) scale = 0;
      else break;
    }
    if (digits === 0 || digits > 15 || isNumberChar(code)) return this.readNumberToken();
    this.pos = pos;
    const value = scale > 0 ? mantissa / POWERS_OF_TEN[scale] : mantissa;
    return negative ? -value : value;
  }

  /** The general path: the whole number-like token, judged by Number(). */
  readNumberToken(): number {
    const start = this.pos;
    while (isNumberChar(this.text.charCodeAt(this.pos))) this.pos++;
    if (this.pos === start) this.fail('expected a number');
    // Number() rejects '-', '1e', '1-2', '..' as NaN; the character set above already keeps out
    // 'Infinity', hex and the like.
    const value = Number(this.text.slice(start, this.pos));
    if (!Number.isFinite(value)) this.fail('malformed number');
    return value;
  }

  /** `x y`, optionally followed by Z and/or M values, which are read and dropped. */
  readPosition(): Position {
    const x = this.readNumber();
    const y = this.readNumber();
    for (let extra = 0; extra < 2 && isNumberChar(this.peek()); extra++) this.readNumber();
    return [x, y];
  }

  /** `(x y, x y, …)` with at least `min` positions. */
  readPositions(min: number): Position[] {
    this.expect(OPEN);
    const positions = [this.readPosition()];
    while (this.tryRead(COMMA)) positions.push(this.readPosition());
    this.expect(CLOSE);
    if (positions.length < min) this.fail(`expected at least ${min} positions`);
    return positions;
  }

  /** `(x y)`: exactly one position. */
  readSinglePosition(): Position {
    this.expect(OPEN);
    const position = this.readPosition();
    this.expect(CLOSE);
    return position;
  }

  /** `(item, item, …)` where `readItem` reads one parenthesised item. */
  readList<T>(readItem: () => T): T[] {
    this.expect(OPEN);
    const items = [readItem()];
    while (this.tryRead(COMMA)) items.push(readItem());
    this.expect(CLOSE);
    return items;
  }

  /** Polygon rings. At least 3 positions each; closure is not demanded (see `parseWkt`). */
  readRings(): Position[][] {
    return this.readList(() => this.readPositions(3));
  }

  /** MULTIPOINT accepts both `((1 2),(3 4))` (OGC) and `(1 2, 3 4)` (common in the wild). */
  readMultiPointItem(): Position {
    return this.peek() === OPEN ? this.readSinglePosition() : this.readPosition();
  }

  readSrid(): number {
    this.expect(EQUALS);
    const srid = this.readInteger();
    this.expect(SEMICOLON);
    return srid;
  }

  /** The type word, accepting `POINT Z`, `POINTZ`, `POINT ZM`, `POINT M`; EMPTY is refused. */
  readType(word: string): GeometryType {
    let type = TYPES_BY_WKT_NAME.get(word);
    if (!type) {
      const suffix = ['ZM', 'Z', 'M'].find((s) => word.endsWith(s));
      if (suffix) type = TYPES_BY_WKT_NAME.get(word.slice(0, -suffix.length));
    }
    if (!type) this.fail(`unknown geometry type ${word}`);
    if (isLetter(this.peek()) && !DIMENSIONS.has(this.readWord())) this.fail('expected Z, M, ZM or "("');
    return type;
  }

  readGeometry(): Geometry {
    this.peek();
    let word = this.readWord();
    let srid: number | null = null;
    if (word === 'SRID') {
      srid = this.readSrid();
      this.peek();
      word = this.readWord();
    }
    const type = this.readType(word);
    switch (type) {
      case 'Point':
        return { type, coordinates: this.readSinglePosition(), srid };
      case 'LineString':
        return { type, coordinates: this.readPositions(2), srid };
      case 'Polygon':
        return { type, coordinates: this.readRings(), srid };
      case 'MultiPoint':
        return { type, coordinates: this.readList(() => this.readMultiPointItem()), srid };
      case 'MultiLineString':
        return { type, coordinates: this.readList(() => this.readPositions(2)), srid };
      case 'MultiPolygon':
        return { type, coordinates: this.readList(() => this.readRings()), srid };
    }
  }
}

/**
 * Reads (E)WKT such as `SRID=4326;POLYGON((x y, …))`. Case-insensitive and whitespace-tolerant;
 * Z and M values are accepted and dropped. POINT, LINESTRING, POLYGON (with holes) and their MULTI
 * forms are understood.
 *
 * Throws `WktFormatError` (message 'Invalid WKT format') for anything else: empty text, EMPTY
 * geometries (an element without coordinates cannot be drawn or selected), GEOMETRYCOLLECTION,
 * non-finite numbers, a line of fewer than 2 positions or a ring of fewer than 3.
 * Polygon rings are kept as written: an unclosed ring is accepted (imported layouts sometimes omit
 * the closing position, and every use here treats rings as implicitly closed).
 */
export function parseWkt(text: string): Geometry {
  if (typeof text !== 'string') throw new WktFormatError('not a string');
  const reader = new WktReader(text);
  const geometry = reader.readGeometry();
  reader.expectEnd();
  return geometry;
}

// ---------------------------------------------------------------------------------------------
// Writing EWKT
// ---------------------------------------------------------------------------------------------

function positionText(position: Position): string {
  return `${position[0]} ${position[1]}`;
}
function positionsText(positions: Position[]): string {
  return `(${positions.map(positionText).join(',')})`;
}
function ringsText(rings: Position[][]): string {
  return `(${rings.map(positionsText).join(',')})`;
}

function coordinatesText(geometry: Geometry): string {
  switch (geometry.type) {
    case 'Point':
      return positionsText([geometry.coordinates]);
    case 'LineString':
      return positionsText(geometry.coordinates);
    case 'Polygon':
      return ringsText(geometry.coordinates);
    case 'MultiPoint':
      return `(${geometry.coordinates.map((p) => positionsText([p])).join(',')})`;
    case 'MultiLineString':
      return ringsText(geometry.coordinates);
    case 'MultiPolygon':
      return `(${geometry.coordinates.map(ringsText).join(',')})`;
  }
}

/**
 * Writes EWKT, e.g. `SRID=4326;LINESTRING(1 2,3 4)`. `srid` defaults to the geometry's own; pass
 * null to write plain WKT. Numbers are written in JavaScript's shortest exact form, so
 * `parseWkt(toWkt(g))` gives back the same coordinates.
 */
export function toWkt(geometry: Geometry, srid: number | null = geometry.srid): string {
  const prefix = srid === null ? '' : `SRID=${srid};`;
  return prefix + WKT_NAMES[geometry.type] + coordinatesText(geometry);
}

// ---------------------------------------------------------------------------------------------
// Vertices and bounding boxes
// ---------------------------------------------------------------------------------------------

/** The geometry's positions grouped in lists (lines, rings, points), without copying positions. */
function positionLists(geometry: Geometry): Position[][] {
  switch (geometry.type) {
    case 'Point':
      return [[geometry.coordinates]];
    case 'LineString':
    case 'MultiPoint':
      return [geometry.coordinates];
    case 'Polygon':
    case 'MultiLineString':
      return geometry.coordinates;
    case 'MultiPolygon':
      return geometry.coordinates.flat();
  }
}

/** Every position of the geometry, in order, as written (a closed ring's repeated first position included). */
export function vertices(geometry: Geometry): Position[] {
  return positionLists(geometry).flat();
}

function positionsBbox(lists: Position[][]): BBox {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const positions of lists) {
    for (const [x, y] of positions) {
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return [minX, minY, maxX, maxY];
}

/** [minX, minY, maxX, maxY] of all vertices (the server stores it per element to find candidates). */
export function bbox(geometry: Geometry): BBox {
  return positionsBbox(positionLists(geometry));
}

/** [minX, minY, maxX, maxY] of a selection ring: query candidates whose bbox lies within it. */
export function ringBbox(ring: Ring): BBox {
  return positionsBbox([ring]);
}

// ---------------------------------------------------------------------------------------------
// The `polygon` query parameter
// ---------------------------------------------------------------------------------------------

/** Bounds the work of one request: a hand-drawn polygon has tens of vertices, never thousands. */
export const MAX_POLYGON_POINTS = 10_000;

export type PolygonParamErrorReason =
  | 'empty' // no text at all
  | 'malformed' // a point is not exactly two values ('1 2 3', '1', a trailing comma…)
  | 'not_a_number' // a value is not a finite decimal number
  | 'too_few_points' // fewer than 3 distinct points
  | 'too_many_points' // more than MAX_POLYGON_POINTS points
  | 'degenerate'; // 3 or more distinct points, all on one line: the ring encloses nothing

const POLYGON_PARAM_MESSAGES: Record<PolygonParamErrorReason, string> = {
  empty: 'The polygon is empty.',
  malformed: "Each polygon point must be two numbers 'x y', points separated by commas.",
  not_a_number: 'Polygon coordinates must be numbers.',
  too_few_points: 'The polygon needs at least 3 distinct points.',
  too_many_points: `The polygon may have at most ${MAX_POLYGON_POINTS} points.`,
  degenerate: 'The polygon points are all on one line.',
};

/** Thrown by `parsePolygonParam`; `reason` is stable, for the server to translate into a 400. */
export class PolygonParamError extends Error {
  readonly reason: PolygonParamErrorReason;
  constructor(reason: PolygonParamErrorReason) {
    super(POLYGON_PARAM_MESSAGES[reason]);
    this.name = 'PolygonParamError';
    this.reason = reason;
  }
}

/** A plain decimal, optionally with an exponent. Number() alone would accept '0x1f', 'Infinity', ''. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function parseCoordinate(token: string): number {
  if (!DECIMAL.test(token)) throw new PolygonParamError('not_a_number');
  const value = Number(token);
  if (!Number.isFinite(value)) throw new PolygonParamError('not_a_number'); // e.g. 1e999
  return value;
}

function parsePoint(text: string): Position {
  const tokens = text.trim().split(/\s+/);
  if (tokens.length !== 2) throw new PolygonParamError('malformed');
  return [parseCoordinate(tokens[0]), parseCoordinate(tokens[1])];
}

/** True when every point lies on the line through the first two distinct ones. */
function areCollinear(points: Position[]): boolean {
  const [ax, ay] = points[0];
  const second = points.find(([x, y]) => x !== ax || y !== ay);
  if (!second) return true;
  const [bx, by] = second;
  return points.every(([x, y]) => (bx - ax) * (y - ay) - (by - ay) * (x - ax) === 0);
}

/** Twice the signed area (shoelace), relative to the first point to keep precision with degrees. */
function doubleSignedArea(ring: Position[]): number {
  const [ox, oy] = ring[0];
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j][0] - ox) * (ring[i][1] - oy) - (ring[i][0] - ox) * (ring[j][1] - oy);
  }
  return sum;
}

function samePosition(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/**
 * Reads the `polygon` query parameter, `x y,x y,…` (longitude latitude), into a closed ring: the
 * first point is repeated at the end unless it is there already. Throws `PolygonParamError`.
 */
export function parsePolygonParam(text: string): Ring {
  if (typeof text !== 'string' || text.trim() === '') throw new PolygonParamError('empty');
  const parts = text.split(',');
  // +1: a closed ring repeats its first point.
  if (parts.length > MAX_POLYGON_POINTS + 1) throw new PolygonParamError('too_many_points');
  const ring = parts.map(parsePoint);
  const distinct = new Set(ring.map(([x, y]) => `${x} ${y}`));
  if (distinct.size < 3) throw new PolygonParamError('too_few_points');
  // Not a zero-area test: a self-crossing "figure 8" ring can have zero signed area yet enclose points.
  if (areCollinear(ring)) throw new PolygonParamError('degenerate');
  if (!samePosition(ring[0], ring[ring.length - 1])) ring.push([ring[0][0], ring[0][1]]);
  return ring;
}

// ---------------------------------------------------------------------------------------------
// The selection rule
// ---------------------------------------------------------------------------------------------

/**
 * Even-odd ray casting. A point exactly on an edge or a vertex of the ring counts as INSIDE: a field
 * user drawing around elements, or snapping the polygon to an element's corner, means to include it.
 * "Exactly" is floating-point exact, which is what happens when the ring reuses element coordinates.
 */
export function isPointInRing(point: Position, ring: Ring): boolean {
  const x = point[0];
  const y = point[1];
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i][0];
    const yi = ring[i][1];
    const xj = ring[j][0];
    const yj = ring[j][1];
    if (isOnSegment(x, y, xi, yi, xj, yj)) return true;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function isOnSegment(x: number, y: number, ax: number, ay: number, bx: number, by: number): boolean {
  if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) !== 0) return false; // not collinear
  return x >= Math.min(ax, bx) && x <= Math.max(ax, bx) && y >= Math.min(ay, by) && y <= Math.max(ay, by);
}

/** Every position inside the ring; the bbox test first rejects most outsiders for the price of 4 comparisons. */
function allInside(positions: Position[], ring: Ring, box: BBox): boolean {
  for (const position of positions) {
    const [x, y] = position;
    if (x < box[0] || y < box[1] || x > box[2] || y > box[3]) return false;
    if (!isPointInRing(position, ring)) return false;
  }
  return true;
}

/** The every-vertex rule for one parsed geometry (`box`: the ring's ringBbox); for callers that keep parsed geometries. */
export function isInsideRing(geometry: Geometry, ring: Ring, box: BBox): boolean {
  switch (geometry.type) {
    case 'LineString':
      return allInside(geometry.coordinates, ring, box);
    case 'Polygon':
      return geometry.coordinates.every((positions) => allInside(positions, ring, box));
    default:
      // The specification excludes every other type, points included.
      return false;
  }
}

/**
 * The selection rule: true only if the geometry is a LINESTRING or POLYGON and EVERY one of its
 * vertices (holes included) is inside the ring or on its boundary. Only vertices count, as the
 * specification says: a line whose vertices are inside but which crosses the notch of a concave
 * ring is still selected. POINT and every other type give false. SRIDs are not compared; both sides
 * are expected in longitude/latitude degrees.
 */
export function isInsidePolygon(geometry: Geometry, ring: Ring): boolean {
  return isInsideRing(geometry, ring, ringBbox(ring));
}

/** What `elementsInsidePolygon` needs of an element; a missing geometry is simply not selectable. */
export interface ElementWithGeom {
  geom: string | null | undefined;
}

/**
 * The elements whose geometry is inside the ring, in input order. A geometry that cannot be read is
 * skipped and passed to `onInvalid` (the caller logs it, as the specification asks); an element with
 * no geometry at all (null, undefined) is skipped silently.
 */
export function elementsInsidePolygon<T extends ElementWithGeom>(
  elements: Iterable<T>,
  ring: Ring,
  onInvalid?: (element: T, error: WktFormatError) => void,
): T[] {
  const box = ringBbox(ring);
  const selected: T[] = [];
  for (const element of elements) {
    if (element.geom == null) continue;
    let geometry: Geometry;
    try {
      geometry = parseWkt(element.geom);
    } catch (error) {
      if (!(error instanceof WktFormatError)) throw error;
      onInvalid?.(element, error);
      continue;
    }
    if (isInsideRing(geometry, ring, box)) selected.push(element);
  }
  return selected;
}

// ---------------------------------------------------------------------------------------------
// The polyline rule (serial scanning)
// ---------------------------------------------------------------------------------------------

/** A line drawn along a row of modules: at least two positions, in drawing order. */
export type Polyline = Position[];

const cross = (ax: number, ay: number, bx: number, by: number) => ax * by - ay * bx;

/**
 * Where segment a→b first meets segment c→d, as the fraction t of a→b (0 at a, 1 at b); null when
 * they do not meet. Touching counts. Collinear overlapping segments meet where the overlap starts.
 */
function segmentMeets(a: Position, b: Position, c: Position, d: Position): number | null {
  const rx = b[0] - a[0];
  const ry = b[1] - a[1];
  const sx = d[0] - c[0];
  const sy = d[1] - c[1];
  const qx = c[0] - a[0];
  const qy = c[1] - a[1];
  const denominator = cross(rx, ry, sx, sy);
  if (denominator !== 0) {
    const t = cross(qx, qy, sx, sy) / denominator;
    const u = cross(qx, qy, rx, ry) / denominator;
    return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : null;
  }
  if (cross(qx, qy, rx, ry) !== 0) return null; // parallel, on different lines
  const rr = rx * rx + ry * ry;
  if (rr === 0) return isOnSegment(a[0], a[1], c[0], c[1], d[0], d[1]) ? 0 : null; // a→b is a point
  // Collinear: c and d as fractions of a→b; the overlap of [t0, t1] with [0, 1] starts at max(0, min).
  const t0 = (qx * rx + qy * ry) / rr;
  const t1 = t0 + (sx * rx + sy * ry) / rr;
  const start = Math.max(0, Math.min(t0, t1));
  return start <= Math.min(1, Math.max(t0, t1)) ? start : null;
}

/** A position inside a polygon (outer ring, not inside a hole); on a boundary counts as inside. */
function isInPolygonRings(position: Position, rings: Position[][]): boolean {
  if (!isPointInRing(position, rings[0])) return false;
  // A position on a hole's edge touches the polygon: the edge test finds it.
  return !rings.slice(1).some((hole) => isPointInRing(position, hole));
}

/** The lines and polygons of a geometry the polyline can cross; null for points, which have no extent. */
function crossableParts(geometry: Geometry): { lines: Position[][]; polygons: Position[][][] } | null {
  switch (geometry.type) {
    case 'LineString':
      return { lines: [geometry.coordinates], polygons: [] };
    case 'MultiLineString':
      return { lines: geometry.coordinates, polygons: [] };
    case 'Polygon':
      return { lines: geometry.coordinates, polygons: [geometry.coordinates] };
    case 'MultiPolygon':
      return { lines: geometry.coordinates.flat(), polygons: geometry.coordinates };
    default:
      return null;
  }
}

/**
 * The distance along the polyline (in coordinate units, the sum of the segments' planar lengths)
 * of the first point where the polyline meets the geometry, or null when it never does.
 *
 * "Meets" (the rule of serial scanning, issue 19): the polyline touches the element's geometry, the
 * geometry itself and not its bbox: a segment of the polyline crosses or touches an edge of a
 * POLYGON (holes included) or a segment of a LINESTRING, or a vertex of the polyline lies inside a
 * POLYGON (a line drawn wholly inside a module). Multi types: any of their parts. POINTs (and
 * MULTIPOINTs) never: a hand-drawn line does not hit a point of no width. Ordering by this distance
 * is the same as ordering by (segment, fraction of the segment), so it does not depend on the
 * scale of the coordinates: degrees give the order metres would.
 */
export function firstCrossingAlong(geometry: Geometry, polyline: Polyline): number | null {
  const parts = crossableParts(geometry);
  if (!parts || polyline.length < 2) return null;
  const [minX, minY, maxX, maxY] = bbox(geometry);
  let travelled = 0;
  for (let i = 1; i < polyline.length; i++) {
    const a = polyline[i - 1];
    const b = polyline[i];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    // The bbox test rejects most segments for the price of 4 comparisons.
    const outside =
      Math.max(a[0], b[0]) < minX ||
      Math.min(a[0], b[0]) > maxX ||
      Math.max(a[1], b[1]) < minY ||
      Math.min(a[1], b[1]) > maxY;
    if (!outside) {
      let first = parts.polygons.some((rings) => isInPolygonRings(a, rings)) ? 0 : Infinity;
      for (const line of first === 0 ? [] : parts.lines) {
        for (let j = 1; j < line.length; j++) {
          const t = segmentMeets(a, b, line[j - 1], line[j]);
          if (t !== null && t < first) first = t;
        }
      }
      if (first !== Infinity) return travelled + first * length;
    }
    travelled += length;
  }
  return null;
}

/**
 * The elements a polyline crosses (see firstCrossingAlong), ordered by the distance along the
 * polyline of their first crossing: a scan plan's order, the order an installer walks the row in.
 * Elements first met at the same distance keep their input order. Unreadable geometries are skipped
 * and passed to `onInvalid`; elements without a geometry are skipped silently.
 */
export function elementsAlongPolyline<T extends ElementWithGeom>(
  elements: Iterable<T>,
  polyline: Polyline,
  onInvalid?: (element: T, error: WktFormatError) => void,
): T[] {
  const crossed: { element: T; distance: number }[] = [];
  for (const element of elements) {
    if (element.geom == null) continue;
    let geometry: Geometry;
    try {
      geometry = parseWkt(element.geom);
    } catch (error) {
      if (!(error instanceof WktFormatError)) throw error;
      onInvalid?.(element, error);
      continue;
    }
    const distance = firstCrossingAlong(geometry, polyline);
    if (distance !== null) crossed.push({ element, distance });
  }
  // Array.prototype.sort is stable: equal distances keep input order.
  return crossed.sort((x, y) => x.distance - y.distance).map((c) => c.element);
}

// ---------------------------------------------------------------------------------------------
// Map helpers
// ---------------------------------------------------------------------------------------------

function meanPosition(positions: Position[]): Position {
  let sx = 0;
  let sy = 0;
  for (const [x, y] of positions) {
    sx += x;
    sy += y;
  }
  return [sx / positions.length, sy / positions.length];
}

/** Area-weighted centroid of rings (outer rings add, holes subtract); null when the area is zero. */
function ringsCentroid(polygons: Position[][][]): Position | null {
  const [ox, oy] = polygons[0][0][0]; // a local origin keeps precision for small areas in degrees
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (const rings of polygons) {
    rings.forEach((ring, index) => {
      const sign = index === 0 ? 1 : -1;
      const twice = doubleSignedArea(ring);
      const orientation = twice < 0 ? -1 : 1; // rings may be written in either direction
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const xj = ring[j][0] - ox;
        const yj = ring[j][1] - oy;
        const xi = ring[i][0] - ox;
        const yi = ring[i][1] - oy;
        const cross = (xj * yi - xi * yj) * orientation * sign;
        cx += (xj + xi) * cross;
        cy += (yj + yi) * cross;
      }
      area += Math.abs(twice) * sign;
    });
  }
  if (area === 0) return null;
  return [ox + cx / (3 * area), oy + cy / (3 * area)];
}

/** Length-weighted centroid of lines (midpoint of each segment weighted by its length); null when length is zero. */
function linesCentroid(lines: Position[][]): Position | null {
  let length = 0;
  let cx = 0;
  let cy = 0;
  for (const line of lines) {
    for (let i = 1; i < line.length; i++) {
      const [ax, ay] = line[i - 1];
      const [bx, by] = line[i];
      const segment = Math.hypot(bx - ax, by - ay);
      length += segment;
      cx += ((ax + bx) / 2) * segment;
      cy += ((ay + by) / 2) * segment;
    }
  }
  return length === 0 ? null : [cx / length, cy / length];
}

/**
 * The centre of mass (planar, in the geometry's units): by area for polygons, by length for lines,
 * the mean for points. Degenerate shapes (zero area or length) fall back to the mean of the vertices.
 * Used to place labels and markers and to centre the map on an element.
 */
export function centroid(geometry: Geometry): Position {
  let result: Position | null = null;
  if (geometry.type === 'Polygon') result = ringsCentroid([geometry.coordinates]);
  else if (geometry.type === 'MultiPolygon') result = ringsCentroid(geometry.coordinates);
  else if (geometry.type === 'LineString') result = linesCentroid([geometry.coordinates]);
  else if (geometry.type === 'MultiLineString') result = linesCentroid(geometry.coordinates);
  return result ?? meanPosition(vertices(geometry));
}

/**
 * How many degrees a distance in metres spans at a latitude, on a sphere of the specification's
 * earth radius: `latitude` is the same everywhere, `longitude` grows towards the poles. Good for
 * padding a bbox or sizing a search radius around a plant.
 */
export function metresToDegrees(metres: number, latitude: number): { longitude: number; latitude: number } {
  const latitudeDegrees = (metres / EARTH_RADIUS_M) * (180 / Math.PI);
  return {
    latitude: latitudeDegrees,
    longitude: latitudeDegrees / Math.cos((latitude * Math.PI) / 180),
  };
}
