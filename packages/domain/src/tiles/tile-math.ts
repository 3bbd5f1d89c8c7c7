/**
 * Web Mercator tile maths in the XYZ scheme of OSM and MapLibre: tile (0, 0) is the north-west corner,
 * x grows east, y grows south. Positions are longitude/latitude degrees (SRID 4326, see ../geometry).
 */
import type { BBox } from '../geometry';

/** Deepest zoom the tile maths accept; 4096 × 2^30 world coordinates are still exact doubles. */
export const MAX_TILE_ZOOM = 30;
/** The latitude where Web Mercator's square world ends: atan(sinh(π)) in degrees. */
export const MAX_MERCATOR_LATITUDE = 85.0511287798066;

export interface TileCoord {
  z: number;
  x: number;
  y: number;
}

const DEGREES = 180 / Math.PI;
const RADIANS = Math.PI / 180;
const FOUR_PI = 4 * Math.PI;

/** Web Mercator x in [0, 1] of the world, west to east. */
export function mercatorX(lon: number): number {
  return (lon + 180) / 360;
}

/** Web Mercator y in [0, 1] of the world, north to south; latitudes beyond the square world are clamped. */
export function mercatorY(lat: number): number {
  const clamped =
    lat > MAX_MERCATOR_LATITUDE
      ? MAX_MERCATOR_LATITUDE
      : lat < -MAX_MERCATOR_LATITUDE
        ? -MAX_MERCATOR_LATITUDE
        : lat;
  const sin = Math.sin(clamped * RADIANS);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / FOUR_PI;
}

export function longitudeOf(mercX: number): number {
  return mercX * 360 - 180;
}

/** Inverse of mercatorY; values outside [0, 1] give latitudes beyond the square world, which is fine for bounds. */
export function latitudeOf(mercY: number): number {
  return Math.atan(Math.sinh(Math.PI * (1 - 2 * mercY))) * DEGREES;
}

function checkZoom(z: number): void {
  if (!Number.isInteger(z) || z < 0 || z > MAX_TILE_ZOOM) {
    throw new RangeError(`Tile zoom must be an integer from 0 to ${MAX_TILE_ZOOM}, got ${z}`);
  }
}

export function checkTile(z: number, x: number, y: number): void {
  checkZoom(z);
  const count = 2 ** z;
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= count || y >= count) {
    throw new RangeError(`Tile ${z}/${x}/${y} does not exist`);
  }
}

/** The tile's bounds, [west, south, east, north] in longitude/latitude degrees. */
export function tileBbox(z: number, x: number, y: number): BBox {
  checkTile(z, x, y);
  const count = 2 ** z;
  return [
    longitudeOf(x / count),
    latitudeOf((y + 1) / count),
    longitudeOf((x + 1) / count),
    latitudeOf(y / count),
  ];
}

/**
 * The tile containing a position. A position on a tile edge belongs to the tile east/south of it,
 * like the tile's own west and north edges do. Longitude 180 and latitudes beyond ±85.0511° belong to
 * the last tile of the row/column.
 */
export function lonLatToTile(lon: number, lat: number, z: number): TileCoord {
  checkZoom(z);
  if (!Number.isFinite(lon) || !Number.isFinite(lat))
    throw new RangeError('Longitude and latitude must be finite');
  const count = 2 ** z;
  const clampIndex = (value: number) => Math.min(count - 1, Math.max(0, Math.floor(value)));
  return { z, x: clampIndex(mercatorX(lon) * count), y: clampIndex(mercatorY(lat) * count) };
}

/** A bbox edge this close (in tiles) to a tile edge does not pull in the next tile: it is rounding noise. */
const EDGE_TOLERANCE = 1e-9;

/**
 * The tiles of zoom `z` a bbox [west, south, east, north] overlaps, row by row from the north-west.
 * A bbox that only touches a tile along its edge does not include it, so
 * `tilesCoveringBbox(tileBbox(z, x, y), z)` is just that tile. A point bbox gives its tile.
 * The count grows 4× per zoom level; callers bound the zoom (a plant at z22 is thousands of tiles).
 */
export function tilesCoveringBbox(bbox: BBox, z: number): TileCoord[] {
  const { minX, maxX, minY, maxY } = tileRangeOfBbox(bbox, z);
  const tiles: TileCoord[] = [];
  for (let y = minY; y <= maxY; y++) for (let x = minX; x <= maxX; x++) tiles.push({ z, x, y });
  return tiles;
}

/** The columns and rows of `tilesCoveringBbox` without listing them (counting a deep zoom is cheap). */
export function tileRangeOfBbox(bbox: BBox, z: number): { minX: number; maxX: number; minY: number; maxY: number } {
  checkZoom(z);
  const [west, south, east, north] = bbox;
  if (![west, south, east, north].every(Number.isFinite)) throw new RangeError('Bbox values must be finite');
  if (west > east || south > north) throw new RangeError('Bbox must be [west, south, east, north]');
  const count = 2 ** z;
  const clampIndex = (value: number) => Math.min(count - 1, Math.max(0, value));
  const minX = clampIndex(Math.floor(mercatorX(west) * count + EDGE_TOLERANCE));
  const maxX = Math.max(minX, clampIndex(Math.ceil(mercatorX(east) * count - EDGE_TOLERANCE) - 1));
  const minY = clampIndex(Math.floor(mercatorY(north) * count + EDGE_TOLERANCE));
  const maxY = Math.max(minY, clampIndex(Math.ceil(mercatorY(south) * count - EDGE_TOLERANCE) - 1));
  return { minX, maxX, minY, maxY };
}
