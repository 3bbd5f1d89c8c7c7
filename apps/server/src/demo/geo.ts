import { EARTH_RADIUS_M } from '@heliotrack/domain/constants';

/** Longitude and latitude in degrees (WGS 84, SRID 4326). */
export interface LonLat {
  lon: number;
  lat: number;
}

/** An EWKT geometry with its bounding box in degrees (the elements table keeps both). */
export interface Shape {
  geom: string;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const METRES_PER_DEGREE = (EARTH_RADIUS_M * Math.PI) / 180;

/**
 * Degrees rounded to 7 decimals (about 1 cm). Dividing the rounded integer back gives the double
 * nearest to that decimal, so String() prints exactly the digits and the bounding box holds the
 * very numbers written into the geometry.
 */
const round7 = (degrees: number) => Math.round(degrees * 1e7) / 1e7;

/**
 * Writes geometries given in local metres (x east, y north of `center`) as EWKT in degrees.
 * Equirectangular around the centre: a metre north is 1/111,195 of a degree, a metre east that
 * divided by cos(latitude of the centre). Constant x is then a meridian, so north-south trackers
 * stay exactly north-south; the scale error at 2 km from the centre is under 0.05 %.
 */
export class EwktWriter {
  private readonly lon0: number;
  private readonly lat0: number;
  private readonly metresPerDegreeLon: number;

  constructor(center: LonLat) {
    this.lon0 = center.lon;
    this.lat0 = center.lat;
    this.metresPerDegreeLon = METRES_PER_DEGREE * Math.cos((center.lat * Math.PI) / 180);
  }

  toLonLat(x: number, y: number): [number, number] {
    return [round7(this.lon0 + x / this.metresPerDegreeLon), round7(this.lat0 + y / METRES_PER_DEGREE)];
  }

  point(x: number, y: number): Shape {
    const [lon, lat] = this.toLonLat(x, y);
    return { geom: `SRID=4326;POINT(${lon} ${lat})`, minX: lon, minY: lat, maxX: lon, maxY: lat };
  }

  /** `xy` holds x0, y0, x1, y1, … in metres. */
  lineString(xy: readonly number[]): Shape {
    return this.write('LINESTRING(', xy, false, ')');
  }

  /** `ring` holds the corners once; the ring is closed here by repeating the first point. */
  polygon(ring: readonly number[]): Shape {
    return this.write('POLYGON((', ring, true, '))');
  }

  private write(head: string, xy: readonly number[], close: boolean, tail: string): Shape {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    const parts: string[] = [];
    const count = close ? xy.length + 2 : xy.length;
    for (let i = 0; i < count; i += 2) {
      const [lon, lat] = this.toLonLat(xy[i % xy.length], xy[(i + 1) % xy.length]);
      if (lon < minX) minX = lon;
      if (lon > maxX) maxX = lon;
      if (lat < minY) minY = lat;
      if (lat > maxY) maxY = lat;
      parts.push(`${lon} ${lat}`);
    }
    return { geom: `SRID=4326;${head}${parts.join(',')}${tail}`, minX, minY, maxX, maxY };
  }
}

/** A rectangle's corners (west, north, east, south edges in metres), clockwise from north-west. */
export const rectangle = (west: number, north: number, east: number, south: number) => [
  west,
  north,
  east,
  north,
  east,
  south,
  west,
  south,
];
