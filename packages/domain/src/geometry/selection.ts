/**
 * The polygon-selection rule of the specification (section 5): an element is inside only if every
 * vertex of its LINESTRING or POLYGON is inside the ring; every other geometry type is excluded.
 */
import type { BBox, Geometry, Position, Ring } from './types';
import { ringBbox } from './bbox';
import { parseWkt, WktFormatError } from './wkt';

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

export function isOnSegment(x: number, y: number, ax: number, ay: number, bx: number, by: number): boolean {
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
