import type { Position } from '@heliotrack/domain/geometry';

/**
 * The `polygon` query parameter of `by-polygon` (specification section 5): comma-separated `x y`
 * points (longitude latitude), the ring closed by repeating its first point. Numbers keep every
 * digit JavaScript has, so the server tests exactly the ring the user drew.
 */
export function ringToPolygonParam(ring: readonly Position[]): string {
  if (ring.length < 3) throw new RangeError('a polygon needs at least 3 points');
  const points = [...ring];
  const [firstX, firstY] = points[0];
  const [lastX, lastY] = points[points.length - 1];
  if (firstX !== lastX || firstY !== lastY) points.push([firstX, firstY]);
  return points.map(([x, y]) => `${x} ${y}`).join(',');
}
