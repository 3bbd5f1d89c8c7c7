/**
 * The `polygon` query parameter, `x y,x y,…` (longitude latitude), read into a closed ring.
 */
import type { Position, Ring } from './types';

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
