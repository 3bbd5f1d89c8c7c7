import { describe, expect, it } from 'vitest';
import { generateLayout, layoutCounts, type LayoutElement, planLayout } from '../../src/demo/layout';

type Position = [number, number];
const CENTER = { lon: -5.6, lat: 37.445 };
const METRES_PER_DEGREE = (6371008.8 * Math.PI) / 180;

/** A deliberately small EWKT reader, independent of the code under test. */
function parseEwkt(text: string): { type: string; points: Position[] } {
  const match = /^SRID=4326;(POINT|LINESTRING|POLYGON)\((.*)\)$/.exec(text);
  if (!match) throw new Error(`not EWKT: ${text}`);
  const [, type, body] = match;
  const inner = type === 'POLYGON' ? /^\((.*)\)$/.exec(body)?.[1] : body;
  if (inner === undefined || inner.includes('(')) throw new Error(`bad ${type}: ${text}`);
  const points = inner.split(',').map((pair) => {
    const parts = pair.trim().split(' ').map(Number);
    if (parts.length !== 2 || parts.some((n) => !Number.isFinite(n)))
      throw new Error(`bad position "${pair}" in ${text}`);
    return parts as Position;
  });
  return { type, points };
}

function insideRing([x, y]: Position, ring: Position[]) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** East and north distances in metres between two positions near CENTER. */
const metres = (a: Position, b: Position) => ({
  east: Math.abs(b[0] - a[0]) * METRES_PER_DEGREE * Math.cos((CENTER.lat * Math.PI) / 180),
  north: Math.abs(b[1] - a[1]) * METRES_PER_DEGREE,
});

function take(mwp: number, n: number, seed?: number) {
  const out: LayoutElement[] = [];
  for (const element of generateLayout({ mwp, seed, center: CENTER })) {
    out.push(element);
    if (out.length === n) break;
  }
  return out;
}

const EXPECTED_GEOMETRY: Record<string, string> = {
  HIN: 'POINT',
  MAS: 'POINT',
  INV: 'POINT',
  TRA: 'LINESTRING',
  STR: 'LINESTRING',
  MOD: 'POLYGON',
  CTR: 'POLYGON',
};

const CODE_FORMAT: Record<string, RegExp> = {
  CTR: /^CT\d{2,}$/,
  INV: /^B\d{2,}-INV\d{2,}$/,
  TRA: /^B\d{2,}-T\d{3,}$/,
  HIN: /^B\d{2,}-T\d{3,}-H\d{2}$/,
  STR: /^B\d{2,}-T\d{3,}-S[12]$/,
  MOD: /^B\d{2,}-T\d{3,}-S[12]-M\d{2}$/,
  MAS: /^MAS-\d{3,}$/,
};

describe('demo plant layout', () => {
  it('is deterministic: same options, same elements', () => {
    expect(take(5, 3000, 42)).toEqual(take(5, 3000, 42));
    expect(take(5, 3000)).toEqual(take(5, 3000));
    // Another seed moves at least the surveyed piles.
    const a = take(5, 3000, 42).map((e) => e.geom);
    const b = take(5, 3000, 43).map((e) => e.geom);
    expect(a).not.toEqual(b);
  });

  it('has about 2,000 elements per MWp, as the plan announces', () => {
    for (const mwp of [1, 5, 50]) {
      const plan = planLayout({ mwp, center: CENTER });
      const counted: Record<string, number> = {};
      for (const e of generateLayout(plan)) counted[e.type] = (counted[e.type] ?? 0) + 1;
      expect(counted).toEqual(plan.counts);
      expect(plan.total / mwp).toBeGreaterThan(1900);
      expect(plan.total / mwp).toBeLessThan(2150);
    }
    const big = layoutCounts({ mwp: 250 });
    const total = Object.values(big).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(480_000);
    expect(total).toBeLessThan(520_000);
    // 600 Wp modules, 2 strings of 28 per tracker, 8 piles per tracker.
    expect(big.MOD).toBe(Math.ceil(250e6 / 33_600) * 56);
    expect(big.HIN).toBe(big.TRA * 8);
    expect(big.STR).toBe(big.TRA * 2);
  });

  it('has a CTR per 2.5 to 5 MWp with several inverters each', () => {
    const plan = planLayout({ mwp: 50 });
    for (const block of plan.blocks) {
      const mwp = (block.trackers * 33_600) / 1e6;
      expect(mwp).toBeGreaterThanOrEqual(2.5);
      expect(mwp).toBeLessThanOrEqual(5);
      expect(block.inverters.length).toBeGreaterThan(3);
    }
  });

  it('streams: the first elements of a huge plant come at once', () => {
    const started = performance.now();
    const first = generateLayout({ mwp: 1000 }).next();
    expect(first.done).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a power that is not a positive number', () => {
    for (const mwp of [0, -1, Number.NaN, Infinity, 5000])
      expect(() => planLayout({ mwp })).toThrow(RangeError);
  });

  it('gives hierarchical codes, unique in the plant, with their CTR', () => {
    const codes = new Set<string>();
    const ctrs = new Set<string>();
    const wrong: string[] = [];
    for (const e of generateLayout({ mwp: 10 })) {
      if (!CODE_FORMAT[e.type].test(e.code)) wrong.push(`format ${e.code}`);
      if (codes.has(e.code)) wrong.push(`twice ${e.code}`);
      codes.add(e.code);
      if (e.type === 'CTR') {
        if (e.ctrCode !== e.code) wrong.push(`ctr of ${e.code}`);
        ctrs.add(e.code);
      } else if (!ctrs.has(e.ctrCode)) {
        // Every CTR comes before the elements that refer to it.
        wrong.push(`${e.code} before its CTR ${e.ctrCode}`);
      }
      const block = e.code.slice(1, e.code.indexOf('-'));
      if (e.type !== 'CTR' && e.type !== 'MAS' && e.ctrCode !== `CT${block}`)
        wrong.push(`${e.code} in ${e.ctrCode}`);
      if (['TRA', 'HIN', 'STR', 'MOD'].includes(e.type) && !e.code.startsWith(`${e.trackerCode}`))
        wrong.push(`tracker of ${e.code}`);
      if (!e.description) wrong.push(`description of ${e.code}`);
    }
    expect(wrong).toEqual([]);
    expect(ctrs.size).toBe(3);
    for (const code of [
      'CT03',
      'B01-INV02',
      'B03-T017',
      'B03-T017-H05',
      'B03-T017-S2',
      'B03-T017-S2-M14',
      'MAS-012',
    ]) {
      expect(codes.has(code), code).toBe(true);
    }
  });

  it('writes every geometry as EWKT of the right type with its bounding box', () => {
    for (const e of generateLayout({ mwp: 3, center: CENTER })) {
      const { type, points } = parseEwkt(e.geom);
      expect(type, e.code).toBe(EXPECTED_GEOMETRY[e.type]);
      if (type === 'LINESTRING') expect(points.length).toBeGreaterThanOrEqual(2);
      if (type === 'POLYGON') {
        expect(points.length).toBeGreaterThanOrEqual(4);
        expect(points[points.length - 1]).toEqual(points[0]);
      }
      const xs = points.map((p) => p[0]);
      const ys = points.map((p) => p[1]);
      expect([e.minX, e.minY, e.maxX, e.maxY]).toEqual([
        Math.min(...xs),
        Math.min(...ys),
        Math.max(...xs),
        Math.max(...ys),
      ]);
      // Longitude first, near Carmona.
      expect(Math.abs(e.minX - CENTER.lon)).toBeLessThan(0.05);
      expect(Math.abs(e.minY - CENTER.lat)).toBeLessThan(0.05);
    }
  });

  it('draws real sizes: modules 2.38 × 1.13 m, trackers north-south about 65 m, 6 m apart', () => {
    const elements = take(1, 200, 1);
    const module = parseEwkt(elements.find((e) => e.type === 'MOD')!.geom).points;
    const size = metres(module[0], module[2]);
    // Coordinates have 7 decimals, about a centimetre.
    expect(Math.abs(size.east - 2.382)).toBeLessThan(0.02);
    expect(Math.abs(size.north - 1.134)).toBeLessThan(0.02);
    const [t1, t2] = elements.filter((e) => e.type === 'TRA').map((e) => parseEwkt(e.geom).points);
    expect(t1[0][0]).toBe(t1[1][0]); // a meridian
    expect(metres(t1[0], t1[1]).north).toBeGreaterThan(60);
    expect(metres(t1[0], t1[1]).north).toBeLessThan(70);
    const apart = metres(t1[0], t2[0]);
    expect(apart.east === 0 ? apart.north : apart.east).toBeGreaterThan(4);
  });

  it('keeps the elements inside the perimeter fence, masts on it', () => {
    const plan = planLayout({ mwp: 20, center: CENTER });
    expect(plan.fence[0]).toEqual(plan.fence[plan.fence.length - 1]);
    let masts = 0;
    const outside: string[] = [];
    for (const e of generateLayout(plan)) {
      if (e.type === 'MAS') {
        masts++;
        continue;
      }
      if (!parseEwkt(e.geom).points.every((p) => insideRing(p, plan.fence))) outside.push(e.code);
    }
    expect(outside).toEqual([]);
    expect(masts).toBeGreaterThan(10);
  });
});
