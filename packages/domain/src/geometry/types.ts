/**
 * The geometry types: GeoJSON-shaped, with the SRID of an EWKT prefix. Coordinates are [x, y]; for
 * SRID 4326 (the only one Heliotrack uses) that is [longitude, latitude] in degrees.
 */
export type Position = [x: number, y: number];
/** A closed or open ring of positions; the selection code treats both the same. */
export type Ring = Position[];
export type BBox = [minX: number, minY: number, maxX: number, maxY: number];

interface GeometryOf<T extends string, C> {
  type: T;
  coordinates: C;
  /** The SRID of an `SRID=NNNN;` prefix, or null when the text had none. */
  srid: number | null;
}
export type Point = GeometryOf<'Point', Position>;
export type LineString = GeometryOf<'LineString', Position[]>;
/** Outer ring first, then holes. */
export type Polygon = GeometryOf<'Polygon', Position[][]>;
export type MultiPoint = GeometryOf<'MultiPoint', Position[]>;
export type MultiLineString = GeometryOf<'MultiLineString', Position[][]>;
export type MultiPolygon = GeometryOf<'MultiPolygon', Position[][][]>;
/** Type names and coordinate nesting follow GeoJSON, so a geometry can go straight to MapLibre. */
export type Geometry = Point | LineString | Polygon | MultiPoint | MultiLineString | MultiPolygon;
export type GeometryType = Geometry['type'];
