/**
 * The Mapbox Vector Tile (MVT 2.1) writer: layers, their key/value tables, features and the tile
 * message, written with `pbf`. Geometries are encoded by ./geometry-encoder.
 */
import Pbf from 'pbf';
import type { Geometry } from '../geometry';
import { GEOM_UNKNOWN, GeometryEncoder, type GeomType, grow } from './geometry-encoder';
import { checkTile } from './tile-math';

export const DEFAULT_EXTENT = 4096;
export const DEFAULT_BUFFER = 64;

export type TilePropertyValue = string | number | boolean;

export interface TileFeature {
  /** Written as the MVT feature id: a non-negative safe integer (element ids are). */
  id?: number;
  geometry: Geometry;
  /** null and undefined values are left out (MVT has no null); every other value is written. */
  properties: Record<string, TilePropertyValue | null | undefined>;
}

export interface TileLayer {
  /** Unique within a tile. */
  name: string;
  features: readonly TileFeature[];
}

export interface EncodeTileOptions {
  /** Tile coordinates across one tile; default 4096. */
  extent?: number;
  /** How far, in tile coordinates, geometry is kept beyond the tile's edges; default 64. */
  buffer?: number;
}

/** Keys and values of one layer, each stored once; tags point into them. */
class LayerTables {
  readonly keys: string[] = [];
  readonly values: TilePropertyValue[] = [];
  private readonly keyIndex = new Map<string, number>();
  private readonly stringIndex = new Map<string, number>();
  private readonly numberIndex = new Map<number, number>();
  private trueIndex = -1;
  private falseIndex = -1;

  key(key: string): number {
    let index = this.keyIndex.get(key);
    if (index === undefined) {
      index = this.keys.push(key) - 1;
      this.keyIndex.set(key, index);
    }
    return index;
  }

  value(value: TilePropertyValue): number {
    if (typeof value === 'boolean') {
      if (value) return this.trueIndex >= 0 ? this.trueIndex : (this.trueIndex = this.values.push(true) - 1);
      return this.falseIndex >= 0 ? this.falseIndex : (this.falseIndex = this.values.push(false) - 1);
    }
    return typeof value === 'string' ? this.stringValue(value) : this.numberValue(value);
  }

  // Separate maps, each with one key type: a string '1' and a number 1 are different values.
  private stringValue(value: string): number {
    let index = this.stringIndex.get(value);
    if (index === undefined) {
      index = this.values.push(value) - 1;
      this.stringIndex.set(value, index);
    }
    return index;
  }

  private numberValue(value: number): number {
    let index = this.numberIndex.get(value);
    if (index === undefined) {
      index = this.values.push(value) - 1;
      this.numberIndex.set(value, index);
    }
    return index;
  }
}

/** What the pbf callbacks need; one per tile, reused for every layer and feature. */
interface EncodeState {
  geometry: GeometryEncoder;
  extent: number;
  layer: TileLayer;
  tables: LayerTables;
  featureCount: number;
  feature: TileFeature;
  type: GeomType;
  tags: Uint32Array;
  tagCount: number;
}

function writeValue(value: TilePropertyValue, pbf: Pbf): void {
  if (typeof value === 'string') pbf.writeStringField(1, value);
  else if (typeof value === 'boolean') pbf.writeBooleanField(7, value);
  else if (Number.isSafeInteger(value)) {
    if (value >= 0)
      pbf.writeVarintField(5, value); // uint_value
    else pbf.writeSVarintField(6, value); // sint_value
  } else pbf.writeDoubleField(3, value); // fractions, huge integers, NaN and ±Infinity
}

/** Writes uint32 varints straight into pbf's buffer: one bounds check for the lot instead of one each. */
function writeVarints(values: Uint32Array, count: number, pbf: Pbf): void {
  pbf.realloc(5 * count);
  const buf = pbf.buf;
  let pos = pbf.pos;
  for (let i = 0; i < count; i++) {
    let value = values[i];
    while (value > 0x7f) {
      buf[pos++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    buf[pos++] = value;
  }
  pbf.pos = pos;
}

function writeTags(state: EncodeState, pbf: Pbf): void {
  writeVarints(state.tags, state.tagCount, pbf);
}

function writeGeometry(state: EncodeState, pbf: Pbf): void {
  writeVarints(state.geometry.commands, state.geometry.commandCount, pbf);
}

function writeFeature(state: EncodeState, pbf: Pbf): void {
  const { id } = state.feature;
  if (id !== undefined) pbf.writeVarintField(1, id);
  if (state.tagCount > 0) pbf.writeMessage(2, writeTags, state);
  pbf.writeVarintField(3, state.type);
  pbf.writeMessage(4, writeGeometry, state);
}

/** Fills `state.tags` with the feature's key/value index pairs. */
function collectTags(state: EncodeState, properties: TileFeature['properties']): void {
  state.tagCount = 0;
  for (const key in properties) {
    if (!Object.hasOwn(properties, key)) continue;
    const value = properties[key];
    if (value === null || value === undefined) continue;
    const kind = typeof value;
    if (kind !== 'string' && kind !== 'number' && kind !== 'boolean') {
      throw new TypeError(
        `Property "${key}" of layer "${state.layer.name}" is a ${kind}; tiles hold strings, numbers and booleans`,
      );
    }
    state.tags = grow(state.tags, state.tagCount + 2, state.tagCount);
    state.tags[state.tagCount++] = state.tables.key(key);
    state.tags[state.tagCount++] = state.tables.value(value);
  }
}

/** Writes the fields of one layer message (without its tag and length). */
function writeLayer(state: EncodeState, pbf: Pbf): void {
  const { layer, geometry } = state;
  pbf.writeVarintField(15, 2); // version
  pbf.writeStringField(1, layer.name);
  for (const feature of layer.features) {
    const type = geometry.encode(feature.geometry);
    if (type === GEOM_UNKNOWN) continue;
    const { id } = feature;
    if (id !== undefined && !(Number.isSafeInteger(id) && id >= 0)) {
      throw new RangeError(`Feature id ${id} in layer "${layer.name}" is not a non-negative safe integer`);
    }
    state.feature = feature;
    state.type = type;
    collectTags(state, feature.properties);
    pbf.writeMessage(2, writeFeature, state);
    state.featureCount++;
  }
  for (const key of state.tables.keys) pbf.writeStringField(3, key);
  for (const value of state.tables.values) pbf.writeMessage(4, writeValue, value);
  pbf.writeVarintField(5, state.extent);
}

/** Largest extent + 2 × buffer for which every coordinate delta zigzags within 32 bits. */
const MAX_SPAN = 2 ** 28;

/**
 * Encodes layers of longitude/latitude features as the MVT 2.1 tile z/x/y (see the module comment
 * of ./geometry-encoder for projection, clipping, rounding and winding).
 *
 * - Features whose geometry is not on the tile plus its buffer are left out, and so is a layer with
 *   no feature left; a tile with nothing on it is an empty buffer, which is a valid tile.
 * - Keys and values are stored once per layer. Numbers are written as uint_value (non-negative safe
 *   integers), sint_value (negative ones) or double_value (anything else), strings as string_value,
 *   booleans as bool_value; null and undefined properties are left out.
 * - Collapsed geometries, what most of a plant becomes at low zoom (at z12 a tile unit is about 2.4 m
 *   at the equator, larger than a module): nothing is dropped for being small, so the map of a plant
 *   never empties as one zooms out. A polygon whose exterior ring rounds to fewer than 3 distinct
 *   points or to no area becomes a 1-unit-wide polygon over its footprint (see
 *   `writeCollapsedExterior`), its holes dropped; a collapsed hole is dropped (it could not be seen);
 *   a line that rounds to one point becomes a 1-unit segment along its direction; points never
 *   collapse, but consecutive points of a MultiPoint that round to the same spot are written once.
 *   At such zooms the server should rather send fewer, aggregated features: 500,000 unit squares
 *   are a valid but heavy tile.
 * - Throws RangeError for a tile that does not exist, a bad extent or buffer, a layer name used
 *   twice, an id that is not a non-negative safe integer, non-finite coordinates; TypeError for a
 *   property value that is not a string, number, boolean, null or undefined.
 *
 * Returns a Uint8Array that owns its ArrayBuffer exactly (`result.buffer` is the whole tile), ready
 * for an HTTP body or for MapLibre's `addProtocol` ({ data: result.buffer }).
 */
export function encodeTile(
  layers: readonly TileLayer[],
  z: number,
  x: number,
  y: number,
  options: EncodeTileOptions = {},
): Uint8Array {
  checkTile(z, x, y);
  const extent = options.extent ?? DEFAULT_EXTENT;
  const buffer = options.buffer ?? DEFAULT_BUFFER;
  if (!Number.isInteger(extent) || extent < 1)
    throw new RangeError(`Tile extent must be a positive integer, got ${extent}`);
  if (!Number.isFinite(buffer) || buffer < 0)
    throw new RangeError(`Tile buffer must be a non-negative number, got ${buffer}`);
  if (extent + 2 * buffer > MAX_SPAN)
    throw new RangeError('Tile extent plus twice the buffer must be at most 2^28');

  const names = new Set<string>();
  for (const layer of layers) {
    if (names.has(layer.name)) throw new RangeError(`Layer name "${layer.name}" is used twice`);
    names.add(layer.name);
  }

  // Layer bodies are written one after the other into one buffer, then copied once into the tile
  // behind their tag and length. Letting pbf nest them would shift each (megabyte-sized) layer by a
  // byte-by-byte loop once its length is known.
  const pbf = new Pbf(new Uint8Array(64 * 1024));
  const bodies: { start: number; end: number }[] = [];
  const state: EncodeState = {
    geometry: new GeometryEncoder(z, x, y, extent, buffer),
    extent,
    layer: layers[0],
    tables: new LayerTables(),
    featureCount: 0,
    feature: undefined as unknown as TileFeature,
    type: GEOM_UNKNOWN,
    tags: new Uint32Array(64),
    tagCount: 0,
  };
  for (const layer of layers) {
    state.layer = layer;
    state.tables = new LayerTables();
    state.featureCount = 0;
    const start = pbf.pos;
    writeLayer(state, pbf);
    if (state.featureCount > 0) bodies.push({ start, end: pbf.pos });
    else pbf.pos = start; // an empty layer is left out
  }
  let size = 0;
  for (const { start, end } of bodies) size += 1 + varintLength(end - start) + (end - start);
  const tile = new Uint8Array(size);
  let pos = 0;
  for (const { start, end } of bodies) {
    tile[pos++] = TILE_LAYERS_KEY;
    for (let length = end - start; ; length = Math.floor(length / 128)) {
      if (length < 128) {
        tile[pos++] = length;
        break;
      }
      tile[pos++] = (length % 128) | 0x80;
    }
    tile.set(pbf.buf.subarray(start, end), pos);
    pos += end - start;
  }
  return tile;
}

/** Field 3 (layers) of the Tile message, wire type 2 (length-delimited). */
const TILE_LAYERS_KEY = (3 << 3) | 2;

function varintLength(value: number): number {
  let length = 1;
  while (value >= 128) {
    value = Math.floor(value / 128);
    length++;
  }
  return length;
}
