/**
 * The one geometry module of Heliotrack, shared by the server, the web app and the offline code:
 * EWKT reading and writing, the `polygon` query parameter, the polygon-selection rule of the
 * specification (section 5): an element is inside only if every vertex of its LINESTRING or POLYGON
 * is inside the ring; every other geometry type is excluded; and the polyline rule of serial
 * scanning (the elements a drawn line crosses, in order along it).
 *
 * Plain TypeScript with no dependencies and no Node APIs, so it runs in the browser and Workers too.
 * Coordinates are [x, y]; for SRID 4326 (the only one Heliotrack uses) that is [longitude, latitude]
 * in degrees. Every computation here is planar in those units, which is what the selection rule and
 * small map helpers need for elements a few metres across.
 *
 * The code is split along its seams, each file in ./geometry: types.ts (the geometry types), wkt.ts
 * (reading and writing EWKT), bbox.ts (vertices and bounding boxes), polygon-param.ts (the `polygon`
 * query parameter), selection.ts (the selection rule), polyline.ts (the polyline rule) and
 * map-helpers.ts (centroid, metres to degrees). Import them from here.
 */
export { bbox, ringBbox, vertices } from './geometry/bbox';
export { centroid, metresToDegrees } from './geometry/map-helpers';
export {
  MAX_POLYGON_POINTS,
  parsePolygonParam,
  PolygonParamError,
  type PolygonParamErrorReason,
} from './geometry/polygon-param';
export { elementsAlongPolyline, firstCrossingAlong, type Polyline } from './geometry/polyline';
export {
  elementsInsidePolygon,
  type ElementWithGeom,
  isInsidePolygon,
  isInsideRing,
  isPointInRing,
} from './geometry/selection';
export type {
  BBox,
  Geometry,
  GeometryType,
  LineString,
  MultiLineString,
  MultiPoint,
  MultiPolygon,
  Point,
  Polygon,
  Position,
  Ring,
} from './geometry/types';
export { INVALID_WKT_MESSAGE, parseWkt, toWkt, WktFormatError } from './geometry/wkt';
