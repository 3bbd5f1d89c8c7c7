import type { FileItem, FileText, ItemSource, LayoutFile, SourceGeometry, XY } from './layout-file';
import type { Project } from './crs';

/*
 * The items of the layers the user mapped, as the GeoJSON features the layout import reads
 * (layout-features.ts): `element_type` from the layer's choice, `code` from the chosen source,
 * coordinates projected to longitude/latitude. Pure, no database.
 */

export interface LayerChoice {
  /** An element type code of the organisation, or null to leave the layer out. */
  element_type: string | null;
  /** `attribute:<name>` (a DXF handle or block, a placemark's name or data) or `text:<layer>`. */
  code_source?: string;
}

export interface FileFeature {
  type: 'Feature';
  properties: { element_type: string; code?: string };
  geometry: SourceGeometry;
}

/** What a layer's codes come from unless the user says otherwise. */
export function defaultCodeSource(format: 'dxf' | 'kml') {
  return format === 'dxf' ? 'attribute:handle' : 'attribute:name';
}

function extentOf(geometry: SourceGeometry) {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const visit = (value: unknown) => {
    if (Array.isArray(value) && typeof value[0] === 'number') {
      const [x, y] = value as XY;
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    } else if (Array.isArray(value)) value.forEach(visit);
  };
  visit(geometry.coordinates);
  return { minX, minY, maxX, maxY };
}

/** The extent of every item, for telling the file's coordinate system; null when there are none. */
export function fileExtent(items: readonly FileItem[]) {
  if (items.length === 0) return null;
  const all = items.map((i) => extentOf(i.geometry));
  return {
    minX: Math.min(...all.map((e) => e.minX)),
    minY: Math.min(...all.map((e) => e.minY)),
    maxX: Math.max(...all.map((e) => e.maxX)),
    maxY: Math.max(...all.map((e) => e.maxY)),
  };
}

/**
 * The texts of one layer sorted by x: the nearest to a point is found by walking out from the
 * point's x until the x distance alone exceeds the best found (layouts are spread out, so few are read).
 */
class NearestText {
  private readonly texts: FileText[];
  constructor(texts: FileText[]) {
    this.texts = [...texts].sort((a, b) => a.at[0] - b.at[0]);
  }

  near([x, y]: XY): string | undefined {
    const texts = this.texts;
    let lo = 0;
    let hi = texts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (texts[mid].at[0] < x) lo = mid + 1;
      else hi = mid;
    }
    let best: FileText | undefined;
    let bestDistance = Infinity;
    const consider = (t: FileText) => {
      const d = Math.hypot(t.at[0] - x, t.at[1] - y);
      if (d < bestDistance) {
        bestDistance = d;
        best = t;
      }
    };
    for (let i = lo; i < texts.length && texts[i].at[0] - x < bestDistance; i++) consider(texts[i]);
    for (let i = lo - 1; i >= 0 && x - texts[i].at[0] < bestDistance; i--) consider(texts[i]);
    return best?.text;
  }
}

const projectPositions = (value: unknown, project: Project): unknown =>
  Array.isArray(value) && typeof value[0] === 'number'
    ? project(value[0] as number, value[1] as number)
    : (value as unknown[]).map((v) => projectPositions(v, project));

export interface FileFeatures {
  features: FileFeature[];
  /** Where each feature came from, by feature index. */
  sources: ItemSource[];
}

export function fileFeatures(
  file: LayoutFile,
  layers: Readonly<Record<string, LayerChoice>>,
  defaultSource: string,
  project: Project,
): FileFeatures {
  const features: FileFeature[] = [];
  const sources: ItemSource[] = [];
  const textIndexes = new Map<string, NearestText>();
  const textsOf = (layer: string) => {
    let index = textIndexes.get(layer);
    if (!index)
      textIndexes.set(layer, (index = new NearestText(file.texts.filter((t) => t.layer === layer))));
    return index;
  };
  for (const item of file.items) {
    const choice = layers[item.layer];
    if (!choice?.element_type) continue;
    const source = choice.code_source || defaultSource;
    let code: string | undefined;
    if (source.startsWith('text:')) {
      const { minX, minY, maxX, maxY } = extentOf(item.geometry);
      code = textsOf(source.slice(5)).near([(minX + maxX) / 2, (minY + maxY) / 2]);
    } else {
      code = item.attributes[source.replace(/^attribute:/, '')];
    }
    features.push({
      type: 'Feature',
      properties: { element_type: choice.element_type, ...(code ? { code } : {}) },
      geometry: {
        type: item.geometry.type,
        coordinates: projectPositions(item.geometry.coordinates, project),
      } as SourceGeometry,
    });
    sources.push(item.source);
  }
  return { features, sources };
}
