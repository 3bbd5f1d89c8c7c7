import type { Language } from '@heliotrack/domain/constants';
import { type ApiMessageKey, translate } from '@heliotrack/domain/i18n/translate';

/*
 * A layout as CAD and Google Earth deliver it (issue 37): the drawable things of a DXF or KML/KMZ
 * file, each on its layer (DXF) or folder (KML), in the file's own coordinates. Pure, no database:
 * dxf-layout.ts and kml-layout.ts read the files, layout-file-features.ts turns the items of the
 * layers the user mapped into the GeoJSON features the layout import already checks and writes.
 */

export type LayoutFileFormat = 'dxf' | 'kml' | 'kmz';

export type XY = [number, number];
/** GeoJSON-shaped, in the file's coordinates (metres for UTM), two dimensions. */
export type SourceGeometry =
  | { type: 'Point'; coordinates: XY }
  | { type: 'LineString'; coordinates: XY[] }
  | { type: 'Polygon'; coordinates: XY[][] }
  | { type: 'MultiPoint'; coordinates: XY[] }
  | { type: 'MultiLineString'; coordinates: XY[][] }
  | { type: 'MultiPolygon'; coordinates: XY[][][] };

/** Where an item is in its file, for messages: the DXF entity (type, handle, line) or the KML placemark. */
export interface ItemSource {
  entity: string;
  handle?: string;
  line?: number;
  name?: string;
}

export interface FileItem {
  layer: string;
  geometry: SourceGeometry;
  /** Values a code may come from: a DXF entity's handle and block name, a placemark's name and data. */
  attributes: Record<string, string>;
  source: ItemSource;
}

/** A DXF TEXT or MTEXT: a code written beside what it names. */
export interface FileText {
  layer: string;
  text: string;
  at: XY;
}

export interface LayoutFile {
  items: FileItem[];
  texts: FileText[];
  /** Longitude/latitude by definition (KML), or null when the coordinates must tell. */
  epsg: number | null;
}

export type LayoutFileErrorCode =
  'unreadable' | 'groupCode' | 'number' | 'parser' | 'xml' | 'notKml' | 'kmzWithoutKml' | 'empty';

const MESSAGES: Record<LayoutFileErrorCode, ApiMessageKey> = {
  unreadable: 'layoutFile.unreadable',
  groupCode: 'layoutFile.groupCode',
  number: 'layoutFile.number',
  parser: 'layoutFile.parser',
  xml: 'layoutFile.xml',
  notKml: 'layoutFile.notKml',
  kmzWithoutKml: 'layoutFile.kmzWithoutKml',
  empty: 'layoutFile.empty',
};

/** A file that cannot be read at all, with the line (and what was found there) when known. */
export class LayoutFileError extends Error {
  constructor(
    readonly code: LayoutFileErrorCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${code} ${JSON.stringify(params)}`);
  }

  messageIn(language: Language) {
    return translate(language, MESSAGES[this.code], this.params);
  }
}

/** "LWPOLYLINE 2F (line 120)" or "placemark T-1", in the user's language. */
export function describeSource(source: ItemSource, language: Language) {
  if (source.handle !== undefined || source.line !== undefined) {
    return translate(language, 'layoutFile.entity', {
      entity: source.entity,
      handle: source.handle ?? '?',
      line: source.line ?? '?',
    });
  }
  return translate(language, 'layoutFile.placemark', { name: source.name ?? '' });
}
