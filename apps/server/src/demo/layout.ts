import type { StandardElementTypeCode } from '@heliotrack/domain/element-types';
import { EwktWriter, type LonLat, rectangle } from './geo';
import { between, mulberry32 } from './random';

/*
 * Deterministic layout of a single-axis tracker plant, sized by its peak power.
 *
 * The plant is a set of blocks, each served by one transformation centre (CTR). A block is a grid
 * of north-south trackers: columns east-west at the row pitch, a few trackers end to end in each
 * column. Every tracker carries two strings of modules in portrait (1P) and stands on piles.
 * String inverters and the CTR sit on the road south of their block; CCTV masts stand along the
 * perimeter fence. Same options, same plant, element by element.
 *
 * With 600 Wp modules, 2 strings × 28 modules and 8 piles a tracker is 33.6 kWp and 67 elements,
 * about 2,000 elements per MWp: a 50 MWp plant is about 100,000 elements, 250 MWp about 500,000.
 */

export const MODULE_WP = 600;
export const MODULES_PER_STRING = 28;
export const STRINGS_PER_TRACKER = 2;
export const PILES_PER_TRACKER = 8;
export const TRACKER_WP = MODULE_WP * MODULES_PER_STRING * STRINGS_PER_TRACKER;
export const INVERTER_KW = 330;
/** About 400 kWp of DC per 330 kW string inverter, a usual DC/AC ratio of 1.2. */
const TRACKERS_PER_INVERTER = 12;
/** A CTR per ~4 MWp (blocks vary ±15 %, so between about 3.4 and 4.6 MWp). */
const BLOCK_TARGET_MWP = 4;

/* Dimensions in metres: a 600 Wp module is 2.382 × 1.134 m, long side across the tracker. */
const MODULE_ACROSS = 2.382;
const MODULE_ALONG = 1.134;
const MODULE_GAP = 0.02;
/** Free space at mid-tracker where the slewing drive sits, between the two strings. */
const DRIVE_GAP = 0.6;
const STRING_LENGTH = MODULES_PER_STRING * MODULE_ALONG + (MODULES_PER_STRING - 1) * MODULE_GAP;
const TRACKER_LENGTH = STRINGS_PER_TRACKER * STRING_LENGTH + (STRINGS_PER_TRACKER - 1) * DRIVE_GAP;
/** East-west distance between tracker axes: a ground coverage ratio of 0.4. */
const ROW_PITCH = 6;
/** North-south gap between two trackers of the same column. */
const TRACKER_END_GAP = 5;
const BLOCK_GAP = 10;
/** Road south of every block, with its inverters 2 m and its CTR 6–9 m south of the trackers. */
const ROAD = 16;
const FENCE_MARGIN = 10;
const MAST_SPACING = 50;
/** As-built survey deviation of a pile from its design position. */
const PILE_TOLERANCE = 0.03;

export const DEFAULT_CENTER: LonLat = { lon: -5.6, lat: 37.445 };
export const DEFAULT_SEED = 20_240_601;

export interface LayoutOptions {
  /** Peak power in MWp, more than 0 and at most 1000. */
  mwp: number;
  /** Seeds the variations (block sizes, pile deviations); default DEFAULT_SEED. */
  seed?: number;
  /** The plant's centre; default near Carmona (Sevilla). */
  center?: LonLat;
}

export interface LayoutElement {
  type: StandardElementTypeCode;
  code: string;
  description: string;
  /** EWKT with SRID 4326, longitude latitude in degrees. */
  geom: string;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Code of the CTR that serves the element (its own code for a CTR). */
  ctrCode: string;
  /** Code of the tracker the element belongs to (the tracker itself, its piles, strings, modules). */
  trackerCode: string | null;
}

export type LayoutCounts = Record<StandardElementTypeCode, number>;

interface BlockPlan {
  code: string;
  ctrCode: string;
  trackers: number;
  /** West edge and north edge of the block's trackers, local metres. */
  west: number;
  north: number;
  width: number;
  /** Trackers per inverter, in tracker order. */
  inverters: number[];
}

export interface LayoutPlan {
  mwp: number;
  seed: number;
  center: LonLat;
  trackers: number;
  /** Trackers end to end in a column of a block. */
  rowsPerBlock: number;
  blocks: BlockPlan[];
  masts: { x: number; y: number; ctrCode: string }[];
  /** Perimeter fence in local metres (x0, y0, x1, y1, …, not closed). */
  fenceMetres: number[];
  /** Perimeter fence in degrees, closed ring of [lon, lat]. */
  fence: [number, number][];
  counts: LayoutCounts;
  total: number;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Sizes the plant without drawing it: cheap, and what `generateLayout` follows. */
export function planLayout(options: LayoutOptions): LayoutPlan {
  const { mwp } = options;
  if (!Number.isFinite(mwp) || mwp <= 0 || mwp > 1000)
    throw new RangeError('mwp must be a number above 0 and at most 1000');
  const seed = options.seed ?? DEFAULT_SEED;
  const center = options.center ?? DEFAULT_CENTER;
  const random = mulberry32(seed);

  const trackers = Math.ceil((mwp * 1e6) / TRACKER_WP);
  const blockCount = Math.min(trackers, Math.max(1, Math.round(mwp / BLOCK_TARGET_MWP)));
  const sizes = splitByWeights(
    trackers,
    Array.from({ length: blockCount }, () => between(random, 0.85, 1.15)),
  );
  // Squarish blocks: about four times as many columns as trackers in a column.
  const rowsPerBlock = Math.max(1, Math.min(4, Math.round(Math.sqrt(trackers / blockCount / 12))));
  const blockHeight = rowsPerBlock * TRACKER_LENGTH + (rowsPerBlock - 1) * TRACKER_END_GAP;
  const bandHeight = blockHeight + ROAD;
  const meanWidth = (Math.ceil(trackers / blockCount / rowsPerBlock) - 1) * ROW_PITCH + MODULE_ACROSS;
  // Blocks go west to east in bands; enough per band to make the whole plant roughly square.
  const perBand = Math.max(1, Math.ceil(Math.sqrt((blockCount * bandHeight) / (meanWidth + BLOCK_GAP))));
  const bandCount = Math.ceil(blockCount / perBand);
  const blockDigits = Math.max(2, String(blockCount).length);

  const blocks: BlockPlan[] = [];
  const bandEast: number[] = [];
  for (let band = 0, next = 0; band < bandCount; band++) {
    const inBand = Math.floor(blockCount / bandCount) + (band < blockCount % bandCount ? 1 : 0);
    let west = 0;
    for (let i = 0; i < inBand; i++, next++) {
      const size = sizes[next];
      const width = (Math.ceil(size / rowsPerBlock) - 1) * ROW_PITCH + MODULE_ACROSS;
      const number = pad(next + 1, blockDigits);
      const inverterCount = Math.max(1, Math.round(size / TRACKERS_PER_INVERTER));
      blocks.push({
        code: `B${number}`,
        ctrCode: `CT${number}`,
        trackers: size,
        west,
        north: -band * bandHeight,
        width,
        inverters: splitByWeights(size, new Array<number>(inverterCount).fill(1)),
      });
      west += width + BLOCK_GAP;
    }
    bandEast.push(west - BLOCK_GAP);
  }

  // The fence follows the east edge of each band (a staircase when bands differ in width).
  const fenceLocal: number[] = [-FENCE_MARGIN, FENCE_MARGIN];
  for (let band = 0; band < bandCount; band++) {
    const east = bandEast[band] + FENCE_MARGIN;
    const south =
      band === bandCount - 1 ? -(band + 1) * bandHeight - FENCE_MARGIN : -(band + 1) * bandHeight + 4;
    fenceLocal.push(east, band === 0 ? FENCE_MARGIN : fenceLocal[fenceLocal.length - 1], east, south);
  }
  fenceLocal.push(-FENCE_MARGIN, fenceLocal[fenceLocal.length - 1]);

  // Centre the plant on `center`: shift everything by the middle of the fence's extent.
  const xs = fenceLocal.filter((_, i) => i % 2 === 0);
  const ys = fenceLocal.filter((_, i) => i % 2 === 1);
  const dx = -(Math.min(...xs) + Math.max(...xs)) / 2;
  const dy = -(Math.min(...ys) + Math.max(...ys)) / 2;
  for (const block of blocks) {
    block.west += dx;
    block.north += dy;
  }
  const fenceMetres = fenceLocal.map((v, i) => v + (i % 2 === 0 ? dx : dy));

  const ctrCentres = blocks.map((b) => ({
    ctrCode: b.ctrCode,
    x: b.west + b.width / 2,
    y: b.north - blockHeight / 2,
  }));
  const masts = pointsAlongRing(fenceMetres, MAST_SPACING).map(([x, y]) => {
    let nearest = ctrCentres[0];
    for (const c of ctrCentres)
      if ((c.x - x) ** 2 + (c.y - y) ** 2 < (nearest.x - x) ** 2 + (nearest.y - y) ** 2) nearest = c;
    return { x, y, ctrCode: nearest.ctrCode };
  });

  const writer = new EwktWriter(center);
  const fence: [number, number][] = [];
  for (let i = 0; i <= fenceMetres.length; i += 2) {
    fence.push(
      writer.toLonLat(fenceMetres[i % fenceMetres.length], fenceMetres[(i + 1) % fenceMetres.length]),
    );
  }

  const counts: LayoutCounts = {
    CTR: blocks.length,
    INV: blocks.reduce((sum, b) => sum + b.inverters.length, 0),
    TRA: trackers,
    HIN: trackers * PILES_PER_TRACKER,
    STR: trackers * STRINGS_PER_TRACKER,
    MOD: trackers * STRINGS_PER_TRACKER * MODULES_PER_STRING,
    MAS: masts.length,
  };
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return { mwp, seed, center, trackers, rowsPerBlock, blocks, masts, fenceMetres, fence, counts, total };
}

/** Counts per element type, without drawing anything. */
export function layoutCounts(options: LayoutOptions): LayoutCounts {
  return planLayout(options).counts;
}

/**
 * Yields the plant's elements one by one, so half a million never sit in memory together.
 * Order: every CTR first (so a caller can store them and then refer to them), then block by
 * block its inverters and, tracker by tracker, the tracker, its piles, its strings each followed
 * by its modules; the perimeter masts last.
 */
export function* generateLayout(options: LayoutOptions | LayoutPlan): Generator<LayoutElement> {
  const plan = 'blocks' in options ? options : planLayout(options);
  const writer = new EwktWriter(plan.center);
  // A separate stream from the plan's, so adding a variation here never changes the sizes.
  const random = mulberry32(plan.seed ^ 0x5bd1e995);
  const rows = plan.rowsPerBlock;
  const blockBottom = (b: BlockPlan) => b.north - rows * TRACKER_LENGTH - (rows - 1) * TRACKER_END_GAP;
  const trackerDigits = Math.max(3, String(Math.max(...plan.blocks.map((b) => b.trackers))).length);
  const inverterDigits = Math.max(2, String(Math.max(...plan.blocks.map((b) => b.inverters.length))).length);
  const mastDigits = Math.max(3, String(plan.masts.length).length);
  const axisX = (b: BlockPlan, t: number) => b.west + MODULE_ACROSS / 2 + Math.floor(t / rows) * ROW_PITCH;

  for (const b of plan.blocks) {
    const x = b.west + b.width / 2;
    const south = blockBottom(b);
    yield {
      type: 'CTR',
      code: b.ctrCode,
      description: `Centro de transformación del bloque ${b.code}`,
      ...writer.polygon(rectangle(x - 6, south - 6, x + 6, south - 9)),
      ctrCode: b.ctrCode,
      trackerCode: null,
    };
  }

  for (const b of plan.blocks) {
    const south = blockBottom(b);
    let first = 0;
    for (const [i, size] of b.inverters.entries()) {
      // Each inverter stands on the road, level with the middle of the columns it serves.
      const x = (axisX(b, first) + axisX(b, first + size - 1)) / 2;
      first += size;
      yield {
        type: 'INV',
        code: `${b.code}-INV${pad(i + 1, inverterDigits)}`,
        description: `Inversor ${i + 1} del bloque ${b.code} (${INVERTER_KW} kW)`,
        ...writer.point(x, south - 2),
        ctrCode: b.ctrCode,
        trackerCode: null,
      };
    }

    for (let t = 0; t < b.trackers; t++) {
      yield* tracker(
        writer,
        random,
        b,
        t,
        axisX(b, t),
        b.north - (t % rows) * (TRACKER_LENGTH + TRACKER_END_GAP),
        trackerDigits,
      );
    }
  }

  for (const [i, mast] of plan.masts.entries()) {
    yield {
      type: 'MAS',
      code: `MAS-${pad(i + 1, mastDigits)}`,
      description: `Mástil CCTV perimetral ${i + 1}`,
      ...writer.point(mast.x, mast.y),
      ctrCode: mast.ctrCode,
      trackerCode: null,
    };
  }
}

function* tracker(
  writer: EwktWriter,
  random: () => number,
  b: BlockPlan,
  t: number,
  x: number,
  north: number,
  digits: number,
): Generator<LayoutElement> {
  const code = `${b.code}-T${pad(t + 1, digits)}`;
  const south = north - TRACKER_LENGTH;
  const common = { ctrCode: b.ctrCode, trackerCode: code };
  yield {
    type: 'TRA',
    code,
    description: `Tracker ${t + 1} del bloque ${b.code}`,
    ...writer.lineString([x, north, x, south]),
    ...common,
  };

  const spacing = (TRACKER_LENGTH - 1) / (PILES_PER_TRACKER - 1);
  for (let h = 0; h < PILES_PER_TRACKER; h++) {
    const jitter = () => between(random, -PILE_TOLERANCE, PILE_TOLERANCE);
    yield {
      type: 'HIN',
      code: `${code}-H${pad(h + 1, 2)}`,
      description: `Hinca ${h + 1} del tracker ${code}`,
      ...writer.point(x + jitter(), north - 0.5 - h * spacing + jitter()),
      ...common,
    };
  }

  for (let s = 0; s < STRINGS_PER_TRACKER; s++) {
    const stringCode = `${code}-S${s + 1}`;
    const top = north - s * (STRING_LENGTH + DRIVE_GAP);
    yield {
      type: 'STR',
      code: stringCode,
      description: `String ${s + 1} del tracker ${code} (${MODULES_PER_STRING} módulos)`,
      ...writer.lineString([x, top, x, top - STRING_LENGTH]),
      ...common,
    };
    for (let m = 0; m < MODULES_PER_STRING; m++) {
      const moduleNorth = top - m * (MODULE_ALONG + MODULE_GAP);
      yield {
        type: 'MOD',
        code: `${stringCode}-M${pad(m + 1, 2)}`,
        description: `Módulo ${m + 1} del string ${stringCode}`,
        ...writer.polygon(
          rectangle(x - MODULE_ACROSS / 2, moduleNorth, x + MODULE_ACROSS / 2, moduleNorth - MODULE_ALONG),
        ),
        ...common,
      };
    }
  }
}

/** Splits `total` into parts proportional to `weights`; the parts add up to `total` exactly. */
function splitByWeights(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts: number[] = [];
  let cumulative = 0;
  let given = 0;
  for (const w of weights) {
    cumulative += w;
    const upTo = Math.round((total * cumulative) / sum);
    parts.push(upTo - given);
    given = upTo;
  }
  return parts;
}

/** Evenly spaced points along a closed ring (flattened x, y), starting at its first corner. */
function pointsAlongRing(ring: number[], spacing: number): [number, number][] {
  const corners = ring.length / 2;
  const lengths: number[] = [];
  for (let i = 0; i < corners; i++) {
    const j = (i + 1) % corners;
    lengths.push(Math.hypot(ring[2 * j] - ring[2 * i], ring[2 * j + 1] - ring[2 * i + 1]));
  }
  const perimeter = lengths.reduce((a, b) => a + b, 0);
  const count = Math.max(4, Math.round(perimeter / spacing));
  const step = perimeter / count;
  const points: [number, number][] = [];
  let edge = 0;
  let edgeStart = 0;
  for (let k = 0; k < count; k++) {
    const at = k * step;
    while (at > edgeStart + lengths[edge]) edgeStart += lengths[edge++];
    const f = lengths[edge] === 0 ? 0 : (at - edgeStart) / lengths[edge];
    const j = (edge + 1) % corners;
    points.push([
      ring[2 * edge] + f * (ring[2 * j] - ring[2 * edge]),
      ring[2 * edge + 1] + f * (ring[2 * j + 1] - ring[2 * edge + 1]),
    ]);
  }
  return points;
}
