/**
 * Clipping to the buffered tile, in projected tile coordinates (interleaved x, y). The slow path of
 * the geometry encoder: only geometries sticking out of the buffered tile go through it.
 */

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
export function floatDoubleArea(ring: readonly number[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
    sum += ring[j] * ring[i + 1] - ring[i] * ring[j + 1];
  }
  return sum;
}

/** The ring clipped to the square [low, high]²; empty when nothing is inside. */
export function clipRing(ring: number[], low: number, high: number): number[] {
  let out = clipRingSide(ring, 0, low, false);
  out = clipRingSide(out, 0, high, true);
  out = clipRingSide(out, 1, low, false);
  return clipRingSide(out, 1, high, true);
}

/** The parts of a polyline inside the square [low, high]² (Liang–Barsky per segment). */
export function clipLine(line: number[], low: number, high: number): number[][] {
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
