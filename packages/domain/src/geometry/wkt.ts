/**
 * (E)WKT reading (`parseWkt`, a hand-written scanner) and writing (`toWkt`).
 */
import type { Geometry, GeometryType, Position } from './types';

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
