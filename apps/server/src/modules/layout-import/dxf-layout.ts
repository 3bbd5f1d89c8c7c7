import type DxfParser from 'dxf-parser';
import type { IDxf } from 'dxf-parser';
import type { FileItem, FileText, LayoutFile, SourceGeometry, XY } from './layout-file';
import { LayoutFileError } from './layout-file';
import { lazyPackage } from '../../lib/lazy-package';

const dxfParser = lazyPackage<typeof DxfParser>('dxf-parser');

/*
 * A DXF drawing's model space as layout items (issue 37). dxf-parser reads the entities but says
 * nothing of where a fault is, so the group pairs are checked first: the user is told the line.
 *
 * Read as elements: POINT and CIRCLE (a pile's centre) as points; LINE, open LWPOLYLINE and POLYLINE
 * as lines; closed ones as polygons; INSERT of a block as the block's first closed outline placed,
 * scaled and turned like the insert (a module, a tracker table), or as the insertion point when the
 * block has no outline (a pile, an inverter symbol). TEXT and MTEXT are kept apart: codes may come
 * from them. Anything else (hatches, dimensions, arcs) is left out.
 */

interface RawEntity {
  type: string;
  handle?: string | number;
  layer?: string;
  vertices?: { x: number; y: number }[];
  shape?: boolean;
  position?: { x: number; y: number };
  center?: { x: number; y: number };
  startPoint?: { x: number; y: number };
  text?: string;
  name?: string;
  xScale?: number;
  yScale?: number;
  rotation?: number;
}

/** Group codes whose value is a number (DXF reference, "Group code value types"). */
function isNumericCode(code: number) {
  return (
    (code >= 10 && code <= 99) ||
    (code >= 110 && code <= 179) ||
    (code >= 210 && code <= 299) ||
    (code >= 370 && code <= 389) ||
    (code >= 400 && code <= 409) ||
    (code >= 1010 && code <= 1071)
  );
}

/** Checks the code/value pairs and answers the line (from 1) of each entity handle of the ENTITIES section. */
function scanGroups(lines: string[]): Map<string, number> {
  const handleLines = new Map<string, number>();
  let section = '';
  let expectSection = false;
  let entityLine = 0;
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const codeText = lines[i].trim();
    if (codeText === '' && i + 1 >= lines.length - 1) break;
    if (!/^-?\d+$/.test(codeText))
      throw new LayoutFileError('groupCode', { line: i + 1, found: codeText.slice(0, 40) });
    const code = Number(codeText);
    const value = lines[i + 1].trim();
    if (isNumericCode(code) && (value === '' || !Number.isFinite(Number(value)))) {
      throw new LayoutFileError('number', { line: i + 2, found: value.slice(0, 40) });
    }
    if (code === 0) {
      entityLine = i + 1;
      expectSection = value === 'SECTION';
      if (value === 'ENDSEC') section = '';
    } else if (code === 2 && expectSection) {
      section = value;
      expectSection = false;
    } else if (code === 5 && section === 'ENTITIES') {
      handleLines.set(value, entityLine);
    }
  }
  return handleLines;
}

const xy = (p: { x: number; y: number } | undefined): XY => [p?.x ?? Number.NaN, p?.y ?? Number.NaN];

function polyline(
  vertices: { x: number; y: number }[] | undefined,
  closed: boolean | undefined,
): SourceGeometry {
  const points = (vertices ?? []).map(xy);
  if (closed && points.length >= 3) return { type: 'Polygon', coordinates: [[...points, points[0]]] };
  return { type: 'LineString', coordinates: points };
}

/** MTEXT carries formatting codes (\P paragraph, {\f…;}, \A1;); the code is the plain text. */
function plainText(text: string) {
  return text
    .replace(/\\[PpNn]/g, ' ')
    .replace(/\\[A-Za-z][^;\\{}]*;/g, '')
    .replace(/[{}]/g, '')
    .trim();
}

/** The block's first closed outline, placed like the insert; null when it has none. */
function blockOutline(dxf: IDxf, insert: RawEntity): SourceGeometry | null {
  const block = insert.name ? dxf.blocks?.[insert.name] : undefined;
  const outline = (block?.entities as RawEntity[] | undefined)?.find(
    (e) => (e.type === 'LWPOLYLINE' || e.type === 'POLYLINE') && e.shape && (e.vertices?.length ?? 0) >= 3,
  );
  if (!block || !outline) return null;
  const [bx, by] = xy(block.position ?? { x: 0, y: 0 });
  const [px, py] = xy(insert.position);
  const sx = insert.xScale ?? 1;
  const sy = insert.yScale ?? 1;
  const angle = ((insert.rotation ?? 0) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const place = (v: { x: number; y: number }): XY => {
    const x = (v.x - bx) * sx;
    const y = (v.y - by) * sy;
    return [px + x * cos - y * sin, py + x * sin + y * cos];
  };
  const ring = outline.vertices!.map(place);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]]] };
}

function geometryOf(dxf: IDxf, e: RawEntity): SourceGeometry | null {
  switch (e.type) {
    case 'POINT':
      return { type: 'Point', coordinates: xy(e.position) };
    case 'CIRCLE':
      return { type: 'Point', coordinates: xy(e.center) };
    case 'LINE':
      return { type: 'LineString', coordinates: (e.vertices ?? []).map(xy) };
    case 'LWPOLYLINE':
    case 'POLYLINE':
      return polyline(e.vertices, e.shape);
    case 'INSERT':
      return blockOutline(dxf, e) ?? { type: 'Point', coordinates: xy(e.position) };
    default:
      return null;
  }
}

export function readDxf(content: string): LayoutFile {
  const lines = content.split(/\r?\n/);
  const handleLines = scanGroups(lines);
  let dxf: IDxf | null;
  try {
    dxf = new (dxfParser())().parseSync(content);
  } catch (error) {
    throw new LayoutFileError('parser', { detail: String((error as Error).message ?? error).slice(0, 200) });
  }
  if (!dxf) throw new LayoutFileError('unreadable');
  const items: FileItem[] = [];
  const texts: FileText[] = [];
  for (const entity of (dxf.entities ?? []) as RawEntity[]) {
    const layer = entity.layer ?? '0';
    if (entity.type === 'TEXT' || entity.type === 'MTEXT') {
      const text = plainText(entity.text ?? '');
      if (text !== '')
        texts.push({ layer, text, at: xy(entity.type === 'TEXT' ? entity.startPoint : entity.position) });
      continue;
    }
    const geometry = geometryOf(dxf, entity);
    if (!geometry) continue;
    const handle = entity.handle === undefined ? undefined : String(entity.handle);
    const attributes: Record<string, string> = {};
    if (handle !== undefined) attributes.handle = handle;
    if (entity.type === 'INSERT' && entity.name) attributes.block = entity.name;
    items.push({
      layer,
      geometry,
      attributes,
      source: {
        entity: entity.type,
        handle,
        line: handle === undefined ? undefined : handleLines.get(handle),
      },
    });
  }
  if (items.length === 0) throw new LayoutFileError('empty');
  return { items, texts, epsg: null };
}
