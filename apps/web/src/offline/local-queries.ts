import { normaliseColor } from '@heliotrack/domain/catalogues';
import { SERIAL_FLAGS, updatedFromBound, updatedToBound } from '@heliotrack/domain/element-filters';
import type { Element, ElementDetail, ElementListQuery } from '@heliotrack/domain/elements';
import { type BBox, type Geometry, isInsideRing, parsePolygonParam, parseWkt, ringBbox, WktFormatError } from '@heliotrack/domain/geometry';
import type { Paged } from '@heliotrack/domain/pagination';
import type { Plant } from '@heliotrack/domain/plants';
import { STANDARD_ELEMENT_TYPES } from '@heliotrack/domain/element-types';
import type { Contractor, ElementType, State, TransactionType } from '@heliotrack/domain/catalogues';
import { bufferedTileBbox, encodePlantTile, isDetailZoom, overviewTypeIds, type TileElement } from '@heliotrack/domain/tile-content';
import type { LocalDatabase, SqlValue } from './local-database';

/*
 * The answers the screens need, read from the local database in the server's response shapes
 * (specification section 7, "Offline-answered paths"): the element list with the server's filters,
 * ordering, paging and counts (the rule of packages/domain element-filters, written in SQL as the
 * server writes it), polygon selection with the domain's every-vertex rule over the bbox index,
 * vector tiles with the domain's content rules and encoder, element detail and the catalogues.
 */

export const ELEMENT_COLUMNS =
  'e.id, e.code, e.description, e.geom, e.last_state_change_contractor_id, e.state_id, e.type_id, e.updated_at, e.serial, ' +
  'e.is_serial_invalid_length, e.is_serial_duplicated, e.is_serial_unregistered';

interface ElementRow {
  id: number;
  code: string | null;
  description: string | null;
  geom: string | null;
  last_state_change_contractor_id: number | null;
  state_id: number | null;
  type_id: number;
  updated_at: string | null;
  serial: string | null;
  is_serial_invalid_length: number | null;
  is_serial_duplicated: number | null;
  is_serial_unregistered: number | null;
}

const flag = (v: unknown) => v === 1 || v === true;

export function toElement(r: ElementRow): Element {
  return {
    id: r.id,
    code: r.code ?? '',
    description: r.description ?? '',
    geom: r.geom ?? '',
    last_state_change_contractor_id: r.last_state_change_contractor_id,
    state_id: r.state_id,
    type_id: r.type_id,
    updated_at: r.updated_at ?? '',
    serial: r.serial ?? '',
    is_serial_invalid_length: flag(r.is_serial_invalid_length),
    is_serial_duplicated: flag(r.is_serial_duplicated),
    is_serial_unregistered: flag(r.is_serial_unregistered),
  };
}

// ---------------------------------------------------------------------------------------------
// Element list
// ---------------------------------------------------------------------------------------------

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of a list: the server's SQL of matchesElementFilters (apps/server elements.repository `filtered`). */
export function elementWhere(plantId: number, typeId: number | undefined, f: Omit<ElementListQuery, 'page' | 'page_size' | 'ordering'>) {
  const where: string[] = ['e.plant_id = ?'];
  const params: SqlValue[] = [plantId];
  const add = (sql: string, ...values: SqlValue[]) => {
    where.push(sql);
    params.push(...values);
  };
  if (typeId !== undefined) add('e.type_id = ?', typeId);
  if (f.code) add(`lower(e.code) LIKE ? ESCAPE '\\'`, `%${escapeLike(f.code.toLowerCase())}%`);
  if (f.codes?.length) add(`e.code IN (${f.codes.map(() => '?').join(', ')})`, ...f.codes);
  if (f.serial) add(`lower(e.serial) LIKE ? ESCAPE '\\'`, `%${escapeLike(f.serial.toLowerCase())}%`);
  if (f.state?.length) add(`e.state_id IN (${f.state.map(() => '?').join(', ')})`, ...f.state);
  if (f.contractor !== undefined) add('e.last_state_change_contractor_id = ?', f.contractor);
  if (f.ct !== undefined) add('e.ctr_id = ?', f.ct);
  if (f.updated_from) add('e.updated_at >= ?', updatedFromBound(f.updated_from));
  if (f.updated_to) {
    const bound = updatedToBound(f.updated_to);
    add(`e.updated_at ${bound.op} ?`, bound.value);
  }
  for (const name of SERIAL_FLAGS) {
    if (f[name] !== undefined) add(`e.${name} = ?`, f[name] ? 1 : 0);
  }
  return { sql: where.join(' AND '), params };
}

/** The server's orderings (elements.repository `orderColumns`): ties by id, grouped by type when listing every type. */
export function orderBy(ordering: ElementListQuery['ordering'], typeId: number | undefined): string {
  const direction = ordering.startsWith('-') ? 'DESC' : 'ASC';
  const byType = typeId === undefined ? ['e.type_id'] : [];
  const columns = (() => {
    switch (ordering.replace(/^-/, '')) {
      case 'updated_at':
        return [...byType, 'e.updated_at', 'e.id'];
      case 'state':
        return [...byType, 'e.state_id', 'e.code', 'e.id'];
      case 'id':
        return ['e.id'];
      default:
        return [...byType, 'e.code', 'e.id'];
    }
  })();
  return columns.map((c) => `${c} ${direction}`).join(', ');
}

/** `next`/`previous` as the server writes them: the request's path and query with page and page_size set. */
export function pageLink(requestPath: string, page: number, pageSize: number): string {
  const url = new URL(requestPath, 'http://x');
  url.searchParams.set('page', String(page));
  url.searchParams.set('page_size', String(pageSize));
  return `${url.pathname}${url.search}`;
}

/**
 * Counts of lists, remembered until the next write. The worker is the database's only writer, and
 * SQLite's total_changes() grows with every row this connection inserts, updates or deletes, so it
 * is the version of the data; open, close and reset (a new connection) forget everything.
 */
const counts = new Map<string, { version: number; n: number }>();
const COUNT_CACHE_MAX = 500;

async function writeVersion(db: LocalDatabase): Promise<number> {
  return (await db.select<{ v: number }>('SELECT total_changes() AS v'))[0].v;
}

/** Forgets the remembered counts, extents and geometries (the connection changed). */
export function forgetAll(): void {
  counts.clear();
  extents.clear();
  geometries.clear();
  tiles.clear();
}

/** A page of a plant's elements (of one type, or every type), as `GET plants/{id}/{type}/` answers. */
export async function listElements(
  db: LocalDatabase,
  plantId: number,
  typeId: number | undefined,
  query: ElementListQuery,
  requestPath: string,
): Promise<Paged<Element>> {
  const { page, page_size, ordering, ...filters } = query;
  const where = elementWhere(plantId, typeId, filters);
  const version = await writeVersion(db);
  const key = JSON.stringify([where.sql, where.params]);
  let count = counts.get(key);
  if (!count || count.version !== version) {
    const [row] = await db.select<{ n: number }>(`SELECT count(*) AS n FROM element AS e WHERE ${where.sql}`, where.params);
    if (counts.size >= COUNT_CACHE_MAX) counts.clear();
    count = { version, n: row.n };
    counts.set(key, count);
  }
  const rows = await db.select<ElementRow>(
    `SELECT ${ELEMENT_COLUMNS} FROM element AS e WHERE ${where.sql} ORDER BY ${orderBy(ordering, typeId)} LIMIT ? OFFSET ?`,
    [...where.params, page_size, (page - 1) * page_size],
  );
  return {
    count: count.n,
    next: page * page_size < count.n ? pageLink(requestPath, page + 1, page_size) : null,
    previous: page > 1 ? pageLink(requestPath, page - 1, page_size) : null,
    results: rows.map(toElement),
  };
}

/** `GET plants/{id}/{type}/ids/`: the ids of every element matching the list's filters, ascending. */
export async function elementIds(
  db: LocalDatabase,
  plantId: number,
  typeId: number,
  filters: Omit<ElementListQuery, 'page' | 'page_size' | 'ordering'>,
): Promise<{ count: number; ids: number[] }> {
  const where = elementWhere(plantId, typeId, filters);
  const rows = await db.select<{ id: number }>(`SELECT e.id FROM element AS e WHERE ${where.sql} ORDER BY e.id`, where.params);
  return { count: rows.length, ids: rows.map((r) => r.id) };
}

// ---------------------------------------------------------------------------------------------
// Geometry: polygon selection and tiles
// ---------------------------------------------------------------------------------------------

/** Unreadable geometry is logged and the element skipped (specification section 8). */
function logInvalid(id: number, error: WktFormatError) {
  console.warn(`element ${id} skipped: ${error.message}`, error.detail);
}

const SRID_PREFIX = /^\s*SRID=4326;/i;

/**
 * The elements of a type inside the polygon (`x y,x y,…`): candidates whose bbox lies inside the
 * ring's through the bbox index, then every vertex tested by the domain's rule; ordered by id. A
 * malformed polygon throws the domain's PolygonParamError (the caller answers it as the server's 400).
 */
// `+e.type_id`: the bbox index, never the type indexes, which would visit every module of the plant.
export async function elementsByPolygon(db: LocalDatabase, plantId: number, typeId: number, polygon: string): Promise<Element[]> {
  const ring = parsePolygonParam(polygon.replace(SRID_PREFIX, ''));
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const [minX, minY, maxX, maxY] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const candidates = await db.select<ElementRow>(
    `SELECT ${ELEMENT_COLUMNS} FROM element AS e WHERE e.plant_id = ? AND e.min_x >= ? AND e.min_x <= ? AND e.min_y >= ? AND e.min_y <= ?
       AND e.max_x <= ? AND e.max_y <= ? AND +e.type_id = ?`,
    [plantId, minX, maxX, minY, maxY, maxX, maxY, typeId],
  );
  // The domain's rule on geometries parsed once and kept (geometryOf): the same modules come back
  // when the selection is drawn again or moved a little, and parsing is most of the work.
  const box = ringBbox(ring);
  return candidates
    .filter((row) => {
      const geometry = geometryOf(row.id, row.geom);
      return geometry !== null && isInsideRing(geometry, ring, box);
    })
    .sort((a, b) => a.id - b.id)
    .map(toElement);
}

/** How wide and tall the plant's largest element is: closes the tile's bbox range (as the server's findTileCandidates). */
const extents = new Map<number, Promise<{ w: number; h: number }>>();

/** After a download: the plant's extent is read afresh. */
export function forgetPlant(plantId: number): void {
  extents.delete(plantId);
}

function extentOf(db: LocalDatabase, plantId: number) {
  let extent = extents.get(plantId);
  if (!extent) {
    // Stored by the download; measured here (a pass over the plant) only for elements stored otherwise.
    extent = (async () => {
      type Extent = { w: number | null; h: number | null };
      const [stored] = await db.select<Extent>('SELECT max_width AS w, max_height AS h FROM plant_download WHERE plant_id = ?', [plantId]);
      const found =
        stored && stored.w !== null
          ? stored
          : (await db.select<Extent>('SELECT max(max_x - min_x) AS w, max(max_y - min_y) AS h FROM element WHERE plant_id = ?', [plantId]))[0];
      return { w: found?.w ?? 0, h: found?.h ?? 0 };
    })();
    extent.catch(() => extents.delete(plantId));
    extents.set(plantId, extent);
  }
  return extent;
}

/**
 * Parsed geometries by element id, kept while their WKT text is the same: a tile's elements come
 * back in neighbouring tiles and zooms, and parsing is most of a tile's cost. Bounded: cleared
 * when it reaches GEOMETRY_CACHE_MAX (about 100 MB of parsed modules).
 */
const geometries = new Map<number, { text: string; geometry: Geometry | null }>();
const GEOMETRY_CACHE_MAX = 200_000;

/** The element's parsed geometry; null for none, or unreadable (logged and skipped, specification section 8). */
function geometryOf(id: number, text: string | null): Geometry | null {
  if (!text) return null;
  const cached = geometries.get(id);
  if (cached && cached.text === text) return cached.geometry;
  let geometry: Geometry | null = null;
  try {
    geometry = parseWkt(text);
  } catch (error) {
    if (!(error instanceof WktFormatError)) throw error;
    logInvalid(id, error);
  }
  if (geometries.size >= GEOMETRY_CACHE_MAX) geometries.clear();
  geometries.set(id, { text, geometry });
  return geometry;
}

/** A row of a tile: id, type_id, code, state_id, geom (the order of TILE_COLUMNS). */
type TileRow = [number, number, string | null, number | null, string | null];
const TILE_COLUMNS = 'id, type_id, code, state_id, geom';

/**
 * The elements of `table` whose bbox overlaps `box`, through its (plant_id, min_x, min_y) index: the
 * range on min_x and min_y is widened by the plant's largest element, then the overlap is exact.
 * SQLite writes the rows as one JSON text, parsed once here: with sqlite-wasm's row objects each of
 * thousands of values crosses into JavaScript on its own, measured about three times slower (the
 * first overview tile read 23,170 rows in 168 ms as objects, 57 ms as JSON).
 */
async function tileRows(db: LocalDatabase, table: 'element' | 'element_overview', plantId: number, box: BBox, typeIds: number[] | null): Promise<TileRow[]> {
  const [west, south, east, north] = box;
  const { w, h } = await extentOf(db, plantId);
  const types = typeIds ? ` AND type_id IN (${typeIds.map(() => '?').join(', ')})` : '';
  const [{ rows }] = await db.select<{ rows: string | null }>(
    `SELECT json_group_array(json_array(${TILE_COLUMNS})) AS rows FROM ${table}
     WHERE plant_id = ? AND min_x >= ? AND min_x <= ? AND min_y >= ? AND min_y <= ? AND max_x >= ? AND max_y >= ?${types}`,
    [plantId, west - w, east, south - h, north, west, south, ...(typeIds ?? [])],
  );
  return rows ? (JSON.parse(rows) as TileRow[]) : [];
}

/**
 * Encoded tiles, kept until the next write (the version, as for counts): a map asks for the same
 * tiles again as it zooms and pans back. Bounded: cleared at TILE_CACHE_MAX tiles (about 25 MB).
 */
const tiles = new Map<string, { version: number; bytes: Uint8Array }>();
const TILE_CACHE_MAX = 256;

/** The plant's vector tile z/x/y, with the server's content (packages/domain tile-content) and encoder. */
export async function plantTile(db: LocalDatabase, plantId: number, z: number, x: number, y: number): Promise<Uint8Array> {
  return cachedTile(db, `${plantId}/${z}/${x}/${y}`, () => encodeTileOf(db, plantId, z, x, y));
}

/** A tile from the cache while no write happened since it was encoded, else encoded and kept. */
export async function cachedTile(db: LocalDatabase, key: string, encode: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const version = await writeVersion(db);
  const kept = tiles.get(key);
  // A copy: the worker hands the answer's buffer over to the page, which leaves the original empty.
  if (kept && kept.version === version) return kept.bytes.slice();
  const bytes = await encode();
  if (tiles.size >= TILE_CACHE_MAX) tiles.clear();
  tiles.set(key, { version, bytes: bytes.slice() });
  return bytes;
}

/**
 * The elements of a one-type map's tile z/x/y (the PPI maps), as the server's `typeTile` picks them
 * (apps/server spatial.service): at the detail zoom the type's elements; below it the type's
 * overview elements when it is an overview type, else every overview element as faint context.
 */
export async function typeTileElements(db: LocalDatabase, plantId: number, typeId: number, z: number, x: number, y: number) {
  const box = bufferedTileBbox(z, x, y);
  const types = await db.select<{ id: number; code: string }>('SELECT id, code FROM element_type ORDER BY id');
  const overview = overviewTypeIds(types);
  const detail = isDetailZoom(z);
  const rows = detail ? await tileRows(db, 'element', plantId, box, [typeId]) : await tileRows(db, 'element_overview', plantId, box, overview);
  const inBox: TileElement[] = [];
  for (const [id, type_id, code, state_id, geom] of rows) {
    const geometry = geometryOf(id, geom);
    if (geometry) inBox.push({ id, type_id, code: code ?? '', state_id, geometry });
  }
  if (detail || overview.includes(typeId)) return { types, drawn: inBox.filter((e) => e.type_id === typeId), context: [] };
  return { types, drawn: [], context: inBox };
}

async function encodeTileOf(db: LocalDatabase, plantId: number, z: number, x: number, y: number): Promise<Uint8Array> {
  const box = bufferedTileBbox(z, x, y);
  const types = await db.select<{ id: number; code: string }>('SELECT id, code FROM element_type ORDER BY id');
  const states = await db.select<{ id: number; color: string | null; is_ok: number | null }>('SELECT id, color, is_ok FROM state');
  // Below the detail zoom, the overview types only, from their copy (schema.ts, versions 20 and 23):
  // a few percent of the rows, kept together instead of scattered among the modules.
  const rows = isDetailZoom(z) ? await tileRows(db, 'element', plantId, box, null) : await tileRows(db, 'element_overview', plantId, box, overviewTypeIds(types));
  const drawn: TileElement[] = [];
  for (const [id, type_id, code, state_id, geom] of rows) {
    const geometry = geometryOf(id, geom);
    if (geometry) drawn.push({ id, type_id, code: code ?? '', state_id, geometry });
  }
  const styles = { types, states: states.map((s) => ({ id: s.id, color: s.color, is_ok: flag(s.is_ok) })) };
  return encodePlantTile(drawn, styles, { z, x, y });
}

// ---------------------------------------------------------------------------------------------
// Element detail and catalogues
// ---------------------------------------------------------------------------------------------

/** `GET plants/{id}/{type}/{elementId}/`; undefined when the plant has no such element here. */
export async function elementDetail(db: LocalDatabase, plantId: number, elementId: number): Promise<ElementDetail | undefined> {
  const [row] = await db.select<ElementRow & { plant_id: number; ctr_id: number | null; type_code: string | null; s_code: string | null; s_name: string | null; s_color: string | null; s_is_ok: number | null }>(
    `SELECT ${ELEMENT_COLUMNS}, e.plant_id, e.ctr_id, t.code AS type_code, s.code AS s_code, s.name AS s_name, s.color AS s_color, s.is_ok AS s_is_ok
     FROM element AS e LEFT JOIN element_type AS t ON t.id = e.type_id LEFT JOIN state AS s ON s.id = e.state_id
     WHERE e.plant_id = ? AND e.id = ?`,
    [plantId, elementId],
  );
  if (!row) return undefined;
  return {
    ...toElement(row),
    plant_id: row.plant_id,
    ctr_id: row.ctr_id,
    type: row.type_code ?? '',
    state:
      row.state_id !== null && row.s_code !== null
        ? { id: row.state_id, code: row.s_code, name: row.s_name ?? '', color: normaliseColor(row.s_color), is_ok: flag(row.s_is_ok) }
        : null,
  };
}

type PlantRow = Omit<Plant, 'is_serial_scan_enable' | 'element_count' | 'elements_version'> & { is_serial_scan_enable: number | null };

async function toPlant(db: LocalDatabase, row: PlantRow & { elements_version: number | null }): Promise<Plant> {
  const [count] = await db.select<{ n: number }>('SELECT count(*) AS n FROM element WHERE plant_id = ?', [row.id]);
  const { elements_version, is_serial_scan_enable, ...plant } = row;
  return { ...plant, is_serial_scan_enable: flag(is_serial_scan_enable), element_count: count.n, elements_version: elements_version ?? 0 };
}

const PLANT_SELECT = 'SELECT p.*, d.elements_version FROM plant AS p LEFT JOIN plant_download AS d ON d.plant_id = p.id';

/** `GET plants/`: the plants held on this device. */
export async function listPlants(db: LocalDatabase): Promise<Plant[]> {
  const rows = await db.select<PlantRow & { elements_version: number | null }>(`${PLANT_SELECT} ORDER BY p.name, p.id`);
  return Promise.all(rows.map((r) => toPlant(db, r)));
}

/** `GET plants/{id}/`. */
export async function getPlant(db: LocalDatabase, plantId: number): Promise<Plant | undefined> {
  const [row] = await db.select<PlantRow & { elements_version: number | null }>(`${PLANT_SELECT} WHERE p.id = ?`, [plantId]);
  return row ? toPlant(db, row) : undefined;
}

/** `GET plants/{id}/element-types/`, with the path segment of the standard types. */
export async function listElementTypes(db: LocalDatabase): Promise<ElementType[]> {
  const paths = new Map<string, string>(STANDARD_ELEMENT_TYPES.map((t) => [t.code, t.plural]));
  const rows = await db.select<Omit<ElementType, 'path' | 'ctr_dependent' | 'trench_dependent'> & { ctr_dependent: number; trench_dependent: number }>(
    'SELECT id, code, name, ctr_dependent, trench_dependent, measurement_unit_name, measurement_unit_value, original_element_type FROM element_type ORDER BY id',
  );
  return rows.map((r) => ({ ...r, ctr_dependent: flag(r.ctr_dependent), trench_dependent: flag(r.trench_dependent), path: paths.get(r.code) ?? null }));
}

/** `GET plants/{id}/states/`: the states of the plant's group, in the download's order. */
export async function listPlantStates(db: LocalDatabase, plantId: number): Promise<State[]> {
  const rows = await db.select<Omit<State, 'restringed' | 'is_ok' | 'is_active'> & { restringed: number; is_ok: number; is_active: number }>(
    `SELECT s.id, s.element_type, s.code, s.name, s.description, s.color, s.restringed, s.is_ok, s.depends_on, s.is_active
     FROM plant_state AS ps JOIN state AS s ON s.id = ps.state_id WHERE ps.plant_id = ? ORDER BY ps.rowid`,
    [plantId],
  );
  return rows.map((r) => ({ ...r, color: normaliseColor(r.color), restringed: flag(r.restringed), is_ok: flag(r.is_ok), is_active: flag(r.is_active) }));
}

/** `GET transaction-types/`, ordered as the server orders them. */
export async function listTransactionTypes(db: LocalDatabase): Promise<TransactionType[]> {
  return db.select<TransactionType>('SELECT id, element_type, code, description FROM transaction_type ORDER BY code, id');
}

/** `GET plants/{id}/contractors/`. */
export async function listPlantContractors(db: LocalDatabase, plantId: number): Promise<Contractor[]> {
  return db.select<Contractor>(
    `SELECT c.id, c.name, c.address, c.contact_email, c.contact_name, c.client FROM plant_contractor AS pc JOIN contractor AS c ON c.id = pc.contractor_id
     WHERE pc.plant_id = ? ORDER BY pc.rowid`,
    [plantId],
  );
}
