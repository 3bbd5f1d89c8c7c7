/**
 * Map helpers: the centroid of a geometry (labels, markers, centring the map) and metres to degrees.
 */
import { EARTH_RADIUS_M } from '../constants';
import { vertices } from './bbox';
import type { Geometry, Position } from './types';

/** Twice the signed area (shoelace), relative to the first point to keep precision with degrees. */
function doubleSignedArea(ring: Position[]): number {
  const [ox, oy] = ring[0];
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j][0] - ox) * (ring[i][1] - oy) - (ring[i][0] - ox) * (ring[j][1] - oy);
  }
  return sum;
}
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
