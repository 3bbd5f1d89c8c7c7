import type { Geometry as GeoJsonGeometry } from 'geojson';
import { bbox, parseWkt, type BBox, type Geometry } from '@heliotrack/domain/geometry';

/** The domain geometry as GeoJSON (same type names and nesting; the SRID is dropped). */
export function toGeoJsonGeometry(geometry: Geometry): GeoJsonGeometry {
  return { type: geometry.type, coordinates: geometry.coordinates } as GeoJsonGeometry;
}

export interface ParsedGeometry {
  geometry: GeoJsonGeometry;
  bbox: BBox;
}

/** Reads an element's EWKT; null when it is missing or unreadable ('Invalid WKT format'). */
export function parseElementGeometry(wkt: string | null | undefined): ParsedGeometry | null {
  if (!wkt) return null;
  try {
    const geometry = parseWkt(wkt);
    return { geometry: toGeoJsonGeometry(geometry), bbox: bbox(geometry) };
  } catch (error) {
    // Specification section 8: unreadable geometry is logged and the element skipped.
    console.warn('Invalid WKT format', wkt.slice(0, 120), error);
    return null;
  }
}
