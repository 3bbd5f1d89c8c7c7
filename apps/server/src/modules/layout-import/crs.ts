import type proj4 from 'proj4';
import { lazyPackage } from '../../lib/lazy-package';

const proj4Package = lazyPackage<typeof proj4>('proj4');

/*
 * The coordinate systems a layout file may be drawn in: WGS 84 longitude/latitude and the UTM zones
 * of the Iberian peninsula and Italy, on ETRS89 (258zz, what Spanish and Italian engineers deliver)
 * and on WGS 84 (326zz). ETRS89 and WGS 84 differ by well under a metre here; proj4 treats them alike.
 */
export const WGS84 = 4326;
const UTM_ZONES = [29, 30, 31, 32, 33];
export const LAYOUT_EPSG_CODES = [
  WGS84,
  ...UTM_ZONES.map((z) => 25800 + z),
  ...UTM_ZONES.map((z) => 32600 + z),
];

function definition(epsg: number) {
  if (epsg === WGS84) return '+proj=longlat +datum=WGS84 +no_defs';
  const zone = epsg % 100;
  const ellipsoid = epsg < 32600 ? '+ellps=GRS80 +towgs84=0,0,0,0,0,0,0' : '+datum=WGS84';
  return `+proj=utm +zone=${zone} ${ellipsoid} +units=m +no_defs`;
}

export type Project = (x: number, y: number) => [number, number];

/** The function from the file's coordinates to longitude/latitude. */
export function projectionTo4326(epsg: number): Project {
  if (!LAYOUT_EPSG_CODES.includes(epsg)) throw new Error(`unsupported EPSG ${epsg}`);
  if (epsg === WGS84) return (x, y) => [x, y];
  const converter = proj4Package()(definition(epsg), definition(WGS84));
  return (x, y) => {
    const [lon, lat] = converter.forward([x, y]);
    // Seven decimals: about a centimetre, what a survey carries.
    return [Math.round(lon * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7];
  };
}

/**
 * The file's system as far as it can be told: longitude/latitude when every coordinate fits; else
 * UTM metres, in the ETRS89 zone of the plant's longitude when the plant has one; else unknown.
 */
export function detectEpsg(
  extent: { minX: number; minY: number; maxX: number; maxY: number } | null,
  plantLongitude: number | null,
): number | null {
  if (!extent) return null;
  const { minX, minY, maxX, maxY } = extent;
  if (minX >= -180 && maxX <= 180 && minY >= -90 && maxY <= 90) return WGS84;
  const looksUtm = minX >= 100_000 && maxX <= 900_000 && minY >= 0 && maxY <= 10_000_000;
  if (!looksUtm || plantLongitude === null) return null;
  const zone = Math.floor((plantLongitude + 180) / 6) + 1;
  return UTM_ZONES.includes(zone) ? 25800 + zone : null;
}
