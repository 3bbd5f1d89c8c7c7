import type { Geometry, Position } from '@heliotrack/domain/geometry';

/*
 * Reading a plant layout from GeoJSON features: pure, no database. Each feature becomes either an
 * element to write or one error naming what is wrong with it, so the preview can list them all.
 */

/** Column limits of the elements table. */
export const MAX_CODE = 100;
export const MAX_DESCRIPTION = 500;
export const MAX_SERIAL = 100;

export type FeatureErrorCode =
  | 'invalid_feature'
  | 'missing_geometry'
  | 'unsupported_geometry'
  | 'invalid_geometry'
  | 'out_of_range'
  | 'missing_type'
  | 'unknown_type'
  | 'missing_code'
  | 'too_long'
  | 'duplicate_code'
  | 'unknown_ctr';

export interface FeatureError {
  /** Position of the feature in the collection's `features`, from 0. */
  index: number;
  code: FeatureErrorCode;
  params?: Record<string, string | number>;
}

export interface LayoutFeature {
  index: number;
  typeId: number;
  typeCode: string;
  code: string;
  geometry: Geometry;
  /** Present only when the feature says so: an update leaves absent properties as they are. */
  description?: string;
  serial?: string;
  ctrCode?: string;
}

class FeatureProblem extends Error {
  constructor(
    readonly code: FeatureErrorCode,
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readPosition(value: unknown): Position {
  if (!Array.isArray(value) || value.length < 2 || value.length > 4) throw new FeatureProblem('invalid_geometry');
  const [x, y] = value;
  // Extra values (altitude, measure) are allowed and dropped, like parseWkt drops Z and M.
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) {
    throw new FeatureProblem('invalid_geometry');
  }
  // Catches the usual mistake of a layout exported in UTM metres instead of degrees.
  if (x < -180 || x > 180 || y < -90 || y > 90) throw new FeatureProblem('out_of_range');
  return [x, y];
}

function readPositions(value: unknown, min: number): Position[] {
  if (!Array.isArray(value) || value.length < min) throw new FeatureProblem('invalid_geometry');
  return value.map(readPosition);
}

/** Rings are closed when the file left them open (GeoJSON demands it; some exporters forget). */
function readRing(value: unknown): Position[] {
  const ring = readPositions(value, 3);
  const [fx, fy] = ring[0];
  const [lx, ly] = ring[ring.length - 1];
  if (fx !== lx || fy !== ly) ring.push([fx, fy]);
  if (ring.length < 4) throw new FeatureProblem('invalid_geometry');
  return ring;
}

function readList<T>(value: unknown, read: (item: unknown) => T): T[] {
  if (!Array.isArray(value) || value.length === 0) throw new FeatureProblem('invalid_geometry');
  return value.map(read);
}

/** A GeoJSON geometry as the domain's Geometry (SRID 4326: GeoJSON is WGS 84 longitude/latitude). */
export function readGeometry(value: unknown): Geometry {
  if (value === null || value === undefined) throw new FeatureProblem('missing_geometry');
  if (!isObject(value) || typeof value.type !== 'string') throw new FeatureProblem('invalid_geometry');
  const c = value.coordinates;
  const srid = 4326;
  switch (value.type) {
    case 'Point':
      return { type: 'Point', coordinates: readPosition(c), srid };
    case 'LineString':
      return { type: 'LineString', coordinates: readPositions(c, 2), srid };
    case 'Polygon':
      return { type: 'Polygon', coordinates: readList(c, readRing), srid };
    case 'MultiPoint':
      return { type: 'MultiPoint', coordinates: readList(c, readPosition), srid };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: readList(c, (line) => readPositions(line, 2)), srid };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: readList(c, (polygon) => readList(polygon, readRing)), srid };
    default:
      throw new FeatureProblem('unsupported_geometry', { type: value.type.slice(0, 40) });
  }
}

/** A property that may be written as text or as a number; undefined when absent or empty. */
function readText(properties: Record<string, unknown>, key: string, max: number): string | undefined {
  const value = properties[key];
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') throw new FeatureProblem('invalid_feature');
  const text = String(value).trim();
  if (text.length > max) throw new FeatureProblem('too_long', { field: key, max });
  return text === '' ? undefined : text;
}

export interface ReadLayoutResult {
  features: LayoutFeature[];
  errors: FeatureError[];
}

/**
 * Validates every feature. `typeIds` maps the organisation's element type codes (upper case) to
 * ids. Element type comes from `element_type` (or `type`), code from `code`; `description`,
 * `serial` and `ctr` (the code of a CTR) are optional. Two features with the same type and code
 * are an error: the second would silently overwrite the first.
 */
export function readLayoutFeatures(features: readonly unknown[], typeIds: ReadonlyMap<string, number>): ReadLayoutResult {
  const valid: LayoutFeature[] = [];
  const errors: FeatureError[] = [];
  const firstIndex = new Map<string, number>();
  features.forEach((feature, index) => {
    try {
      if (!isObject(feature) || feature.type !== 'Feature') throw new FeatureProblem('invalid_feature');
      const properties = feature.properties ?? {};
      if (!isObject(properties)) throw new FeatureProblem('invalid_feature');
      const typeText = readText(properties, 'element_type', 20) ?? readText(properties, 'type', 20);
      if (!typeText) throw new FeatureProblem('missing_type');
      const typeCode = typeText.toUpperCase();
      const typeId = typeIds.get(typeCode);
      if (typeId === undefined) throw new FeatureProblem('unknown_type', { type: typeText });
      const code = readText(properties, 'code', MAX_CODE);
      if (!code) throw new FeatureProblem('missing_code');
      const description = readText(properties, 'description', MAX_DESCRIPTION);
      const serial = readText(properties, 'serial', MAX_SERIAL);
      const ctrCode = readText(properties, 'ctr', MAX_CODE);
      const geometry = readGeometry(feature.geometry);
      const key = `${typeId}\u0000${code}`;
      const first = firstIndex.get(key);
      if (first !== undefined) throw new FeatureProblem('duplicate_code', { code, type: typeCode, first });
      firstIndex.set(key, index);
      valid.push({ index, typeId, typeCode, code, geometry, description, serial, ctrCode });
    } catch (error) {
      if (!(error instanceof FeatureProblem)) throw error;
      errors.push({ index, code: error.code, params: error.params });
    }
  });
  return { features: valid, errors };
}
