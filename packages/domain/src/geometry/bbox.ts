/**
 * The vertices and bounding boxes of geometries and selection rings.
 */
import type { BBox, Geometry, Position, Ring } from './types';

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
