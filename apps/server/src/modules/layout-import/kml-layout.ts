import type * as XmlDom from '@xmldom/xmldom';
import type { Folder, Root } from '@tmcw/togeojson';
import type * as ToGeoJson from '@tmcw/togeojson';
import type JSZip from 'jszip';
import type { FileItem, LayoutFile, SourceGeometry, XY } from './layout-file';
import { LayoutFileError } from './layout-file';
import { WGS84 } from './crs';
import { lazyPackage } from '../../lib/lazy-package';

const xmlDom = lazyPackage<typeof XmlDom>('@xmldom/xmldom');
const toGeoJson = lazyPackage<typeof ToGeoJson>('@tmcw/togeojson');
const jszip = lazyPackage<typeof JSZip>('jszip');

/*
 * A KML (or the KML inside a KMZ) as layout items (issue 37): every placemark with a geometry, its
 * layer the path of its folders ("Bloque 1 / Trackers"; '' at the top). Codes come from the
 * placemark's name or one of its data fields. KML is longitude/latitude by definition.
 */

type Geometry = NonNullable<
  Root['children'][number] extends infer C ? (C extends { geometry: infer G } ? G : never) : never
>;

const xyOf = (p: number[]): XY => [p[0], p[1]];

/** Placemarks' geometries in two dimensions; a MultiGeometry of one kind becomes its Multi form. */
function flatten(geometry: Geometry | null | undefined): SourceGeometry | null {
  if (!geometry) return null;
  switch (geometry.type) {
    case 'Point':
      return { type: 'Point', coordinates: xyOf(geometry.coordinates) };
    case 'LineString':
      return { type: 'LineString', coordinates: geometry.coordinates.map(xyOf) };
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.coordinates.map((ring) => ring.map(xyOf)) };
    case 'MultiPoint':
      return { type: 'MultiPoint', coordinates: geometry.coordinates.map(xyOf) };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: geometry.coordinates.map((line) => line.map(xyOf)) };
    case 'MultiPolygon':
      return {
        type: 'MultiPolygon',
        coordinates: geometry.coordinates.map((p) => p.map((ring) => ring.map(xyOf))),
      };
    case 'GeometryCollection': {
      const parts = geometry.geometries.map((g) => flatten(g as Geometry)).filter((g) => g !== null);
      if (parts.length === 0) return null;
      if (parts.length === 1) return parts[0];
      const kind = parts[0].type;
      if (!parts.every((p) => p.type === kind)) return parts[0];
      if (kind === 'Point') return { type: 'MultiPoint', coordinates: parts.map((p) => p.coordinates as XY) };
      if (kind === 'LineString')
        return { type: 'MultiLineString', coordinates: parts.map((p) => p.coordinates as XY[]) };
      if (kind === 'Polygon')
        return { type: 'MultiPolygon', coordinates: parts.map((p) => p.coordinates as XY[][]) };
      return parts[0];
    }
    default:
      return null;
  }
}

function parseXml(text: string) {
  let failure: LayoutFileError | null = null;
  const parser = new (xmlDom().DOMParser)({
    onError: (level, message, context) => {
      if (level !== 'fatalError' || failure) return;
      const locator = (context as { locator?: { lineNumber?: number; columnNumber?: number } } | undefined)
        ?.locator;
      failure = new LayoutFileError('xml', {
        line: locator?.lineNumber ?? '?',
        column: locator?.columnNumber ?? '?',
        detail: String(message).slice(0, 200),
      });
    },
  });
  let doc: ReturnType<XmlDom.DOMParser['parseFromString']> | null = null;
  try {
    doc = parser.parseFromString(text, 'text/xml');
  } catch (error) {
    if (!failure)
      failure = new LayoutFileError('xml', {
        line: '?',
        column: '?',
        detail: String((error as Error).message).slice(0, 200),
      });
  }
  if (failure) throw failure;
  if (!doc?.documentElement || doc.documentElement.localName !== 'kml') throw new LayoutFileError('notKml');
  return doc;
}

export function readKml(text: string): LayoutFile {
  const doc = parseXml(text);
  const items: FileItem[] = [];
  let placemark = 0;
  const walk = (children: Array<Folder | Root['children'][number]>, path: string[]) => {
    for (const child of children) {
      if (child.type === 'folder') {
        const name = String(child.meta.name ?? '').trim();
        walk(child.children, name === '' ? path : [...path, name]);
        continue;
      }
      if (child.type !== 'Feature') continue;
      placemark++;
      const geometry = flatten(child.geometry as Geometry);
      if (!geometry) continue;
      const attributes: Record<string, string> = {};
      for (const [key, value] of Object.entries(child.properties ?? {})) {
        if (
          (typeof value === 'string' || typeof value === 'number') &&
          !/^(style|stroke|fill|icon|visibility)/i.test(key)
        )
          attributes[key] = String(value).trim();
      }
      items.push({
        layer: path.join(' / '),
        geometry,
        attributes,
        source: { entity: 'Placemark', name: attributes.name ?? `#${placemark}` },
      });
    }
  };
  walk(toGeoJson().kmlWithFolders(doc as unknown as Document).children, []);
  if (items.length === 0) throw new LayoutFileError('empty');
  return { items, texts: [], epsg: WGS84 };
}

export async function readKmz(bytes: Buffer): Promise<LayoutFile> {
  let zip: JSZip;
  try {
    zip = await jszip().loadAsync(bytes);
  } catch {
    throw new LayoutFileError('unreadable');
  }
  // doc.kml by convention; else the first KML of the archive.
  const names = Object.keys(zip.files).filter((n) => n.toLowerCase().endsWith('.kml') && !zip.files[n].dir);
  const name = names.find((n) => n.toLowerCase() === 'doc.kml') ?? names.sort()[0];
  if (!name) throw new LayoutFileError('kmzWithoutKml');
  return readKml(await zip.files[name].async('string'));
}
