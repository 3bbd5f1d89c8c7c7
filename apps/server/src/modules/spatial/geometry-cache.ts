import type { Geometry, Position } from '@heliotrack/domain/geometry';

/*
 * Parsed element geometries, per plant, keyed by element id.
 *
 * Why: reading WKT costs about 4 µs per element, the largest part of a vector tile once the rows
 * are read. An element's geometry never changes with its state, so it is parsed once and kept.
 *
 * Freshness without a layout version: each entry keeps a 32-bit check of what the database says
 * about the geometry (its bounding-box columns and the length of its text). Callers read those
 * cheap columns with every query and pass the check; an entry whose check differs is a miss and is
 * parsed again. This keeps the cache right when a layout is imported by another process (the CLI)
 * or another API instance; imports through this process also drop the plant at once (`forget`).
 *
 * Memory: coordinates live in one Float64Array per plant (a module's rectangle is 12 doubles), not
 * in arrays of arrays (about 400 bytes per module), so the 500,000 elements of a 250 MWp plant
 * take 55–80 MB once all are cached (arrays grow by doubling). Plants are evicted least recently
 * used beyond `maxBytes` (256 MB by default).
 */

const KIND_NONE = 0;
const KIND_UNREADABLE = 1;
const KIND_POINT = 2;
const KIND_LINE = 3;
const KIND_POLYGON = 4;
/** Multi-geometries are rare in a plant layout: they are kept as parsed objects. */
const KIND_OTHER = 5;

/** An FNV-1a style mix of the database's view of a geometry: bbox columns and text length. */
export function geometryCheck(
  minX: number | null,
  minY: number | null,
  maxX: number | null,
  maxY: number | null,
  textLength: number,
): number {
  let hash = 0x811c9dc5 ^ textLength;
  for (const value of [minX, minY, maxX, maxY]) {
    const bits = value === null ? 0x7ff8dead : hashDouble(value);
    hash = Math.imul(hash ^ bits, 0x01000193);
  }
  return hash | 0;
}

const scratch = new Float64Array(1);
const scratchWords = new Int32Array(scratch.buffer);
function hashDouble(value: number): number {
  scratch[0] = value;
  return Math.imul(scratchWords[0], 0x9e3779b1) ^ scratchWords[1];
}

/** Element id → slot: a dense table over the (usually contiguous) ids of a plant, a Map for outliers. */
class IdIndex {
  private base = -1;
  private dense = new Int32Array(0);
  private readonly sparse = new Map<number, number>();

  get(id: number): number {
    const offset = id - this.base;
    if (this.base >= 0 && offset >= 0 && offset < this.dense.length) {
      const slot = this.dense[offset];
      if (slot >= 0) return slot;
    }
    return this.sparse.get(id) ?? -1;
  }

  set(id: number, slot: number, count: number): void {
    if (this.base < 0) this.base = id;
    const offset = id - this.base;
    // Grow the dense table only while ids stay reasonably packed; scattered ids go to the Map.
    if (offset >= 0 && offset < 4 * (count + 65_536)) {
      if (offset >= this.dense.length) {
        let length = Math.max(1024, this.dense.length * 2);
        while (length <= offset) length *= 2;
        const bigger = new Int32Array(length).fill(-1);
        bigger.set(this.dense);
        this.dense = bigger;
      }
      this.dense[offset] = slot;
      this.sparse.delete(id);
    } else {
      this.sparse.set(id, slot);
    }
  }

  get bytes(): number {
    return this.dense.byteLength + this.sparse.size * 48;
  }
}

function grown<T extends Float64Array | Int32Array | Uint8Array>(array: T, size: number): T {
  if (array.length >= size) return array;
  let length = Math.max(256, array.length * 2);
  while (length < size) length *= 2;
  const bigger = new (array.constructor as new (n: number) => T)(length);
  bigger.set(array);
  return bigger;
}

/** The geometries of one plant. */
export class PlantGeometries {
  private readonly index = new IdIndex();
  private kinds = new Uint8Array(0);
  private offsets = new Int32Array(0);
  private checks = new Int32Array(0);
  private coords = new Float64Array(0);
  private readonly others: Geometry[] = [];
  private slotCount = 0;
  private coordCount = 0;
  /** Slots replaced by a newer version of the same element, whose coordinates are dead weight. */
  private replaced = 0;

  /** The geometry, null when the text was unreadable, undefined when not cached or out of date. */
  get(id: number, check: number): Geometry | null | undefined {
    const slot = this.index.get(id);
    if (slot < 0 || this.checks[slot] !== check) return undefined;
    return this.decode(slot);
  }

  /** Whether a fresh entry exists (without building the geometry). */
  has(id: number, check: number): boolean {
    const slot = this.index.get(id);
    return slot >= 0 && this.checks[slot] === check;
  }

  set(id: number, check: number, geometry: Geometry | null): void {
    if (this.index.get(id) >= 0) this.replaced++;
    const slot = this.slotCount++;
    this.kinds = grown(this.kinds, this.slotCount);
    this.offsets = grown(this.offsets, this.slotCount);
    this.checks = grown(this.checks, this.slotCount);
    this.checks[slot] = check;
    this.index.set(id, slot, this.slotCount);
    if (geometry === null) {
      this.kinds[slot] = KIND_UNREADABLE;
      return;
    }
    switch (geometry.type) {
      case 'Point':
        this.kinds[slot] = KIND_POINT;
        this.offsets[slot] = this.push([geometry.coordinates]);
        return;
      case 'LineString':
        this.kinds[slot] = KIND_LINE;
        this.offsets[slot] = this.pushCount(geometry.coordinates.length);
        this.push(geometry.coordinates);
        return;
      case 'Polygon':
        this.kinds[slot] = KIND_POLYGON;
        this.offsets[slot] = this.pushCount(geometry.coordinates.length);
        for (const ring of geometry.coordinates) this.pushCount(ring.length);
        for (const ring of geometry.coordinates) this.push(ring);
        return;
      default:
        this.kinds[slot] = KIND_OTHER;
        this.offsets[slot] = this.others.push(geometry) - 1;
    }
  }

  /** Estimated bytes held. */
  get bytes(): number {
    return (
      this.coords.byteLength +
      this.kinds.byteLength +
      this.offsets.byteLength +
      this.checks.byteLength +
      this.index.bytes +
      this.others.length * 400
    );
  }

  /** True when most of the coordinates belong to replaced versions: time to start over. */
  get isMostlyStale(): boolean {
    return this.replaced > 10_000 && this.replaced * 2 > this.slotCount;
  }

  private pushCount(count: number): number {
    this.coords = grown(this.coords, this.coordCount + 1);
    this.coords[this.coordCount] = count;
    return this.coordCount++;
  }

  private push(positions: Position[]): number {
    const start = this.coordCount;
    this.coords = grown(this.coords, start + 2 * positions.length);
    let at = start;
    for (const [x, y] of positions) {
      this.coords[at++] = x;
      this.coords[at++] = y;
    }
    this.coordCount = at;
    return start;
  }

  private positions(at: number, count: number): Position[] {
    const { coords } = this;
    const positions: Position[] = new Array(count);
    for (let i = 0; i < count; i++, at += 2) positions[i] = [coords[at], coords[at + 1]];
    return positions;
  }

  private decode(slot: number): Geometry | null {
    const at = this.offsets[slot];
    const { coords } = this;
    switch (this.kinds[slot]) {
      case KIND_POINT:
        return { type: 'Point', coordinates: [coords[at], coords[at + 1]], srid: 4326 };
      case KIND_LINE:
        return { type: 'LineString', coordinates: this.positions(at + 1, coords[at]), srid: 4326 };
      case KIND_POLYGON: {
        const ringCount = coords[at];
        const rings: Position[][] = new Array(ringCount);
        let next = at + 1 + ringCount;
        for (let r = 0; r < ringCount; r++) {
          const count = coords[at + 1 + r];
          rings[r] = this.positions(next, count);
          next += 2 * count;
        }
        return { type: 'Polygon', coordinates: rings, srid: 4326 };
      }
      case KIND_OTHER:
        return this.others[at];
      case KIND_UNREADABLE:
      case KIND_NONE:
      default:
        return null;
    }
  }
}

/** Per-plant caches, least recently used first, bounded by estimated bytes. */
export class GeometryCache {
  private readonly plants = new Map<number, PlantGeometries>();

  constructor(readonly maxBytes = 256 * 1024 * 1024) {}

  /** The plant's geometries (created empty when absent); marks the plant as recently used. */
  plant(plantId: number): PlantGeometries {
    let entry = this.plants.get(plantId);
    if (entry && entry.isMostlyStale) entry = undefined;
    if (entry) this.plants.delete(plantId);
    else entry = new PlantGeometries();
    this.plants.set(plantId, entry);
    return entry;
  }

  forget(plantId: number): void {
    this.plants.delete(plantId);
  }

  /** Evicts least recently used plants until the total fits; the most recent one is kept unless it alone is too big. */
  trim(): void {
    let total = 0;
    for (const entry of this.plants.values()) total += entry.bytes;
    for (const [plantId, entry] of this.plants) {
      if (total <= this.maxBytes) break;
      total -= entry.bytes;
      this.plants.delete(plantId);
    }
  }

  get bytes(): number {
    let total = 0;
    for (const entry of this.plants.values()) total += entry.bytes;
    return total;
  }
}
