/**
 * Seeded pseudo-random numbers for the demo data. Math.random would make every run different;
 * the demo must be reproducible (same inputs, same plant, same states) so that tests, benchmarks
 * and screenshots can rely on it.
 */

export type Random = () => number;

/** mulberry32: tiny, fast and good enough for layout noise. Returns numbers in [0, 1). */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, to turn a text (a plant code) into a seed. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A number in [min, max). */
export const between = (random: Random, min: number, max: number) => min + (max - min) * random();
