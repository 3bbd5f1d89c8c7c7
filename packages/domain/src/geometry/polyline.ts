/**
 * The polyline rule of serial scanning: the elements a drawn line crosses, in order along it.
 */
import type { Geometry, Position } from './types';
import { bbox } from './bbox';
import { type ElementWithGeom, isOnSegment, isPointInRing } from './selection';
import { parseWkt, WktFormatError } from './wkt';

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
