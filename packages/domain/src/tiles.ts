/**
 * Web Mercator tile maths and a Mapbox Vector Tile (MVT 2.1) encoder, shared by the server's
 * `GET /api/plants/{id}/tiles/{z}/{x}/{y}.pbf` and the offline mode, which builds the same tiles on
 * the device from the local database through MapLibre's `addProtocol`. Plain TypeScript, no Node
 * APIs; the only dependency is `pbf`, which writes the protocol buffer.
 *
 * Tiles use the XYZ scheme of OSM and MapLibre: tile (0, 0) is the north-west corner, x grows east,
 * y grows south. Geometries are longitude/latitude degrees (SRID 4326, see ./geometry).
 *
 * The code is split along its seams, each file in ./tiles:
 * - tile-math.ts: Web Mercator projection, tile bounds and the tiles covering a bbox;
 * - geometry-encoder.ts: projection to tile coordinates, rounding, winding and collapsed geometries
 *   (what the encoder does to a geometry, step by step, is its module comment);
 * - clip.ts: clipping to the buffered tile (the slow path);
 * - mvt-writer.ts: layers, key/value tables, features and the tile message (`encodeTile`).
 */
export {
  DEFAULT_BUFFER,
  DEFAULT_EXTENT,
  encodeTile,
  type EncodeTileOptions,
  type TileFeature,
  type TileLayer,
  type TilePropertyValue,
} from './tiles/mvt-writer';
export {
  lonLatToTile,
  MAX_MERCATOR_LATITUDE,
  MAX_TILE_ZOOM,
  tileBbox,
  type TileCoord,
  tileRangeOfBbox,
  tilesCoveringBbox,
} from './tiles/tile-math';
