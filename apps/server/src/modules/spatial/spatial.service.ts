import type { FastifyBaseLogger } from 'fastify';
import type { Element, ElementIds } from '@heliotrack/domain/elements';
import { elementTypeByPlural, type ElementTypePlural } from '@heliotrack/domain/element-types';
import {
  type BBox,
  type Geometry,
  isInsidePolygon,
  MAX_POLYGON_POINTS,
  parsePolygonParam,
  parseWkt,
  PolygonParamError,
  type Position,
  type PolygonParamErrorReason,
  ringBbox,
  WktFormatError,
} from '@heliotrack/domain/geometry';
import { bufferedTileBbox, encodePlantTile, isDetailZoom, overviewTypeIds, TILE_DETAIL_MIN_ZOOM, TILE_FORMAT } from '@heliotrack/domain/tile-content';
import { tilesCoveringBbox } from '@heliotrack/domain/tiles';
import type { ApiMessageKey } from '@heliotrack/domain/i18n/translate';
import type { Db } from '../../db/database';
import { fromFlag } from '../../db/dialect';
import type { PlantRow } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import type { CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';
import { GeometryCache, geometryCheck, type PlantGeometries } from './geometry-cache';
import { type DrawnElement, PlantLayouts } from './plant-layouts';
import { TileCache } from './tile-cache';
import {
  findElementsWithinBox,
  findGeometries,
  findElementType,
  findTileCandidates,
  findTileRowsAfter,
  findPlantToWarm,
  listPlantsToWarm,
  listStateStyles,
  type TileRow,
} from './spatial.repository';
import { listElementTypes } from '../catalogues/catalogues.repository';
import { toElementDto } from '../../lib/element-dto';

const POLYGON_MESSAGES: Record<PolygonParamErrorReason, ApiMessageKey> = {
  empty: 'geometry.polygon.empty',
  malformed: 'geometry.polygon.malformed',
  not_a_number: 'geometry.polygon.notANumber',
  too_few_points: 'geometry.polygon.tooFewPoints',
  too_many_points: 'geometry.polygon.tooManyPoints',
  degenerate: 'geometry.polygon.degenerate',
};

/** Element geometry travels with an optional SRID prefix (DESIGN section 3); the polygon may carry one too. */
const SRID_PREFIX = /^\s*SRID=4326;/i;

/**
 * Zooms whose tiles of a plant are encoded at warm-up, up to the first detail zoom: about 400 tiles
 * and 50 MB for the 250 MWp reference plant. Overview tiles (z14–z15, 300–700 KB) and detail tiles
 * (2,600 modules each, 130 KB, half their time in the row query) both take longer to encode than a
 * first request may wait; deeper zooms hold fewer elements each.
 */
const PRERENDERED_ZOOMS = Array.from({ length: TILE_DETAIL_MIN_ZOOM - 11 }, (_, i) => 12 + i);
/** Geometry texts read at a time when the cache lacks them (bound parameters stay well under limits). */
const GEOMETRY_CHUNK = 5_000;
/** Rows read at a time while warming (a few MB of geometry text). */
const WARM_CHUNK = 20_000;
/** What a cached geometry costs, roughly (a module's rectangle is 12 doubles plus its slot). */
const WARM_BYTES_PER_ELEMENT = 160;

/** Which elements a polygon selection looks at: a standard type by its path segment, or any type by id. */
export type SelectionType = { plural: ElementTypePlural } | { typeId: number };

import type { TileAnswer, TileRequest } from '../../lib/tile-answers';

function checkTileRange({ z, x, y }: TileRequest) {
  const max = 2 ** z - 1;
  if (x > max) throw fieldError('x', 'geometry.tileOutOfRange', { max, z });
  if (y > max) throw fieldError('y', 'geometry.tileOutOfRange', { max, z });
}

/** FNV-1a of a string: short, stable ETag parts. */
function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** If-None-Match may list several tags, weak or strong, or be `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Polygon selection, vector tiles and plant bounds: everything that reads element geometry.
 * Parsed geometries (geometry-cache.ts), plant extents and the overview layer of low zooms
 * (plant-layouts.ts) are kept in memory; the domain's tile-content.ts says what a tile holds at which zoom.
 */
/**
 * One turn of the event loop: SQLite answers synchronously, so without it the warm-up would hold
 * the loop from start to end, and the server (listening already) could not answer a probe meanwhile.
 */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export class SpatialService {
  private readonly layouts: PlantLayouts;
  private readonly tiles = new TileCache();
  /** Set by warm(): the server keeps its maps warm, after layout imports too. */
  private log: FastifyBaseLogger | undefined;

  constructor(
    private readonly db: Db,
    private readonly geometries = new GeometryCache(),
  ) {
    this.layouts = new PlantLayouts(db);
  }

  // -------------------------------------------------------------------------------------------
  // Polygon selection
  // -------------------------------------------------------------------------------------------

  /**
   * The elements of one type whose every vertex lies inside the polygon (specification section 5);
   * with `fields: 'id'` only their ids and count, which is what a selection on the map needs.
   */
  async byPolygon(
    user: CurrentUser,
    plantId: number,
    type: SelectionType,
    query: { polygon: string; fields?: 'id' },
    log: FastifyBaseLogger,
  ): Promise<Element[] | ElementIds> {
    const plant = await requirePlant(this.db, user, plantId);
    const ring = this.parsePolygon(query.polygon);
    const elementType = await this.selectionType(plant.client_id, type);
    if (query.fields === 'id') {
      const ids = elementType ? await this.idsInside(plant, elementType.id, ring, log) : [];
      return { count: ids.length, ids };
    }
    if (!elementType) return [];
    return (await this.insidePolygon(plant.id, elementType.id, ring, log)).map(toElementDto);
  }

  /**
   * The ids of a plant's elements of one type inside the polygon, by the same rule (a PPI links
   * them). The caller has checked access to the plant; a malformed polygon is a 400 on `field`.
   */
  async idsInsidePolygon(plant: PlantRow, typeId: number, polygon: string, log: FastifyBaseLogger, field = 'polygon'): Promise<number[]> {
    const ring = this.parsePolygon(polygon, field);
    return this.idsInside(plant, typeId, ring, log);
  }

  /** Candidates by bounding box, then every vertex tested; ordered by id. */
  private async insidePolygon(plantId: number, typeId: number, ring: Position[], log: FastifyBaseLogger) {
    const candidates = await findElementsWithinBox(this.db, plantId, typeId, ringBbox(ring));
    const cache = this.geometries.plant(plantId);
    const selected = candidates.filter((row) => {
      const geometry = this.cachedGeometry(cache, row.id, row.geom, geometryCheck(row.min_x, row.min_y, row.max_x, row.max_y, row.geom.length), log);
      return geometry !== null && isInsidePolygon(geometry, ring);
    });
    this.geometries.trim();
    return selected.sort((a, b) => a.id - b.id);
  }

  /**
   * The same selection when only ids are wanted, without reading rows: candidates from the plant's
   * bboxes in memory (PlantBoxes), geometries from the cache, the text read only for those it lacks.
   */
  private async idsInside(plant: Pick<PlantRow, 'id' | 'element_rows_version'>, typeId: number, ring: Position[], log: FastifyBaseLogger) {
    const candidates = (await this.layouts.boxes(plant.id, plant.element_rows_version)).within(typeId, ringBbox(ring));
    const cache = this.geometries.plant(plant.id);
    const checks = candidates.map((c) => geometryCheck(c.minX, c.minY, c.maxX, c.maxY, c.geomLength));
    const missing = candidates.filter((c, i) => !cache.has(c.id, checks[i]));
    for (let start = 0; start < missing.length; start += GEOMETRY_CHUNK) {
      const chunk = missing.slice(start, start + GEOMETRY_CHUNK);
      const texts = new Map((await findGeometries(this.db, plant.id, chunk.map((c) => c.id))).map((row) => [row.id, row.geom]));
      for (const c of chunk) {
        const text = texts.get(c.id);
        if (text !== undefined) cache.set(c.id, geometryCheck(c.minX, c.minY, c.maxX, c.maxY, c.geomLength), this.parse(c.id, text, log));
      }
    }
    const ids: number[] = [];
    candidates.forEach((c, i) => {
      const geometry = cache.get(c.id, checks[i]);
      if (geometry && isInsidePolygon(geometry, ring)) ids.push(c.id);
    });
    this.geometries.trim();
    return ids.sort((a, b) => a - b);
  }

  private parsePolygon(text: string, field = 'polygon') {
    try {
      return parsePolygonParam(text.replace(SRID_PREFIX, ''));
    } catch (error) {
      if (!(error instanceof PolygonParamError)) throw error;
      throw fieldError(field, POLYGON_MESSAGES[error.reason], { max: MAX_POLYGON_POINTS });
    }
  }

  private async selectionType(clientId: number, type: SelectionType) {
    if ('plural' in type) {
      const standard = elementTypeByPlural(type.plural);
      // Every organisation has the standard types; one that lacks it simply has no such elements.
      return standard ? findElementType(this.db, clientId, { code: standard.code }) : undefined;
    }
    const found = await findElementType(this.db, clientId, { id: type.typeId });
    if (!found) throw fieldError('element_type', 'geometry.unknownElementType', { type: type.typeId });
    return found;
  }

  /** The parsed geometry, from the cache when current; unreadable text is logged once and cached as null. */
  private cachedGeometry(cache: PlantGeometries, id: number, text: string, check: number, log: FastifyBaseLogger): Geometry | null {
    const cached = cache.get(id, check);
    if (cached !== undefined) return cached;
    const geometry = this.parse(id, text, log);
    cache.set(id, check, geometry);
    return geometry;
  }

  private parse(id: number, text: string, log: FastifyBaseLogger): Geometry | null {
    if (!text) return null; // an element without geometry cannot be drawn or selected
    try {
      return parseWkt(text);
    } catch (error) {
      if (!(error instanceof WktFormatError)) throw error;
      log.warn({ elementId: id, reason: error.detail }, `element ${id} skipped: ${error.message}`);
      return null;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Vector tiles
  // -------------------------------------------------------------------------------------------

  /**
   * The Mapbox vector tile z/x/y of a plant: one layer `elements`, a feature per element with its
   * type code, code, state id (0 for none), state colour and is_ok. The ETag changes with every
   * state change and layout import (the plant's element_rows_version) and with the organisation's
   * state colours; a matching If-None-Match answers 304.
   */
  async tile(user: CurrentUser, plantId: number, request: TileRequest, ifNoneMatch: string | undefined, log: FastifyBaseLogger): Promise<TileAnswer> {
    checkTileRange(request);
    const plant = await requirePlant(this.db, user, plantId);
    const { etag, encode } = await this.plantTile(plant, request, log);
    if (matchesEtag(ifNoneMatch, etag)) return { status: 304, etag };
    return { status: 200, etag, body: await this.tiles.get(etag, encode) };
  }

  /** The ETag of a plant tile and how to encode it (the tile cache calls that when it lacks the tag). */
  private async plantTile(plant: Pick<PlantRow, 'id' | 'client_id' | 'element_rows_version'>, { z, x, y }: TileRequest, log: FastifyBaseLogger) {
    const types = await listElementTypes(this.db, plant.client_id);
    const states = await listStateStyles(this.db, plant.client_id);
    // Colours and type codes are the organisation's to edit: they are part of the tag too.
    const styling = `${types.map((t) => `${t.id}:${t.code}`).join(',')}|${states.map((s) => `${s.id}:${s.color}:${s.is_ok}`).join(',')}`;
    const etag = `"${plant.id}-${plant.element_rows_version}-${z}-${x}-${y}-${hashText(`${TILE_FORMAT}|${styling}`)}"`;
    const encode = async () => {
      const box = bufferedTileBbox(z, x, y);
      const drawn = isDetailZoom(z)
        ? await this.detailElements(plant.id, plant.element_rows_version, box, log)
        : (await this.layouts.overview(plant.id, plant.element_rows_version, overviewTypeIds(types), (rows) => this.tileGeometries(plant.id, rows, log))).filter(
            (e) => e.min_x! <= box[2] && e.max_x! >= box[0] && e.min_y! <= box[3] && e.max_y! >= box[1],
          );
      const styles = { types, states: states.map((s) => ({ id: s.id, color: s.color, is_ok: fromFlag(s.is_ok) })) };
      const tile = encodePlantTile(drawn, styles, { z, x, y });
      return Buffer.from(tile.buffer, tile.byteOffset, tile.byteLength);
    };
    return { etag, encode };
  }

  /**
   * A tile of a layer drawn over one element type of the plant (a PPI's map): the elements of that
   * type the plant tile would draw at this zoom, handed to `encode`; when the type is not drawn at
   * this zoom (piles, modules), the plant's overview elements are handed as `context` instead.
   * `version` names what else the content depends on (the PPI and its links), so the ETag changes
   * with it. The caller has checked access to the plant.
   */
  async typeTile(
    plant: PlantRow,
    typeId: number,
    { z, x, y }: TileRequest,
    version: string,
    ifNoneMatch: string | undefined,
    encode: (elements: DrawnElement[], types: { id: number; code: string }[], context: DrawnElement[]) => Promise<Uint8Array>,
    log: FastifyBaseLogger,
  ): Promise<TileAnswer> {
    checkTileRange({ z, x, y });
    const types = await listElementTypes(this.db, plant.client_id);
    const styling = types.map((t) => `${t.id}:${t.code}`).join(',');
    const etag = `"${version}-${plant.element_rows_version}-${typeId}-${z}-${x}-${y}-${hashText(`${TILE_FORMAT}|${styling}`)}"`;
    if (matchesEtag(ifNoneMatch, etag)) return { status: 304, etag };

    const box = bufferedTileBbox(z, x, y);
    const overview = overviewTypeIds(types);
    let drawn: DrawnElement[] = [];
    let context: DrawnElement[] = [];
    if (isDetailZoom(z)) {
      drawn = (await this.detailElements(plant.id, plant.element_rows_version, box, log)).filter((e) => e.type_id === typeId);
    } else {
      const inBox = (await this.layouts.overview(plant.id, plant.element_rows_version, overview, (rows) => this.tileGeometries(plant.id, rows, log))).filter(
        (e) => e.min_x! <= box[2] && e.max_x! >= box[0] && e.min_y! <= box[3] && e.max_y! >= box[1],
      );
      if (overview.includes(typeId)) drawn = inBox.filter((e) => e.type_id === typeId);
      else context = inBox;
    }
    const tile = await encode(drawn, types, context);
    return { status: 200, etag, body: Buffer.from(tile.buffer, tile.byteOffset, tile.byteLength) };
  }

  /** Every element overlapping the (buffered) tile, through the bbox index. */
  private async detailElements(plantId: number, version: number, box: BBox, log: FastifyBaseLogger): Promise<DrawnElement[]> {
    const extent = await this.layouts.extent(plantId, version);
    const rows = await findTileCandidates(this.db, plantId, box, extent.maxWidth, extent.maxHeight);
    const geometries = await this.tileGeometries(plantId, rows, log);
    const drawn: DrawnElement[] = [];
    rows.forEach((row, i) => {
      const geometry = geometries[i];
      if (geometry) drawn.push({ ...row, geometry });
    });
    return drawn;
  }

  /** Geometries of tile rows, in row order (null for none or unreadable): from the cache when current, else parsed and kept. */
  private async tileGeometries(plantId: number, rows: TileRow[], log: FastifyBaseLogger) {
    const cache = this.geometries.plant(plantId);
    const geometries = rows.map((r) => this.cachedGeometry(cache, r.id, r.geom, geometryCheck(r.min_x, r.min_y, r.max_x, r.max_y, r.geom.length), log));
    this.geometries.trim();
    return geometries;
  }

  // -------------------------------------------------------------------------------------------
  // Plant extent
  // -------------------------------------------------------------------------------------------

  /** [minX, minY, maxX, maxY] of the plant's elements, null when it has none: the map fits to it. */
  async bounds(user: CurrentUser, plantId: number) {
    const plant = await requirePlant(this.db, user, plantId);
    return { bbox: (await this.layouts.extent(plant.id, plant.element_rows_version)).bounds };
  }

  // -------------------------------------------------------------------------------------------
  // Lifecycle
  // -------------------------------------------------------------------------------------------

  /**
   * Reads what the map of the largest plants needs before the first tile is asked: extent,
   * overview layer and every parsed geometry (about 2 s and 60 MB for the 500,000 elements of a
   * 250 MWp plant), so that the first tile after a start does not wait for them. Plants are taken
   * largest first while their geometries fit in half of the cache; the rest warm up on first use.
   */
  async warm(log: FastifyBaseLogger): Promise<void> {
    this.log = log;
    const started = performance.now();
    let elements = 0;
    for (const plant of await listPlantsToWarm(this.db)) {
      if (this.geometries.bytes + plant.elements * WARM_BYTES_PER_ELEMENT > this.geometries.maxBytes / 2) break;
      await this.warmPlant(plant.id, plant.clientId, plant.version, log);
      elements += plant.elements;
    }
    log.info({ elements, ms: Math.round(performance.now() - started) }, 'map caches warmed');
  }

  /** Extent, bboxes, overview, the low-zoom tiles and geometries of one plant, read in chunks by type and id. */
  private async warmPlant(plantId: number, clientId: number, version: number, log: FastifyBaseLogger) {
    const { bounds } = await this.layouts.extent(plantId, version);
    await this.layouts.boxes(plantId, version);
    const types = await listElementTypes(this.db, clientId);
    await this.layouts.overview(plantId, version, overviewTypeIds(types), (rows) => this.tileGeometries(plantId, rows, log));
    for (const type of types) {
      for (let after = 0; ; ) {
        const rows = await findTileRowsAfter(this.db, plantId, type.id, after, WARM_CHUNK);
        if (rows.length === 0) break;
        await this.tileGeometries(plantId, rows, log);
        after = rows[rows.length - 1].id;
        await yieldToRequests();
      }
    }
    // Then the tiles, low zooms first: those a map opening on the whole plant asks first, and the
    // largest to encode. Encoded tiles take at most three quarters of the tile cache.
    const plant = { id: plantId, client_id: clientId, element_rows_version: version };
    for (const z of bounds ? PRERENDERED_ZOOMS : []) {
      for (const tile of tilesCoveringBbox(bounds!, z)) {
        if (this.tiles.size > this.tiles.maxBytes * 0.75) return;
        const { etag, encode } = await this.plantTile(plant, tile, log);
        await this.tiles.get(etag, encode);
        await yieldToRequests();
      }
    }
  }


  /**
   * After a layout import: geometries, extent and overview of the plant are read afresh, in the
   * background when the server warmed its maps at start (the import's answer does not wait).
   */
  forgetPlant(plantId: number): void {
    this.geometries.forget(plantId);
    this.layouts.forget(plantId);
    const log = this.log;
    if (!log) return;
    void (async () => {
      const plant = await findPlantToWarm(this.db, plantId);
      if (plant) await this.warmPlant(plant.id, plant.client_id, plant.element_rows_version, log);
    })().catch((error: unknown) => log.warn({ err: error, plantId }, 'map warm-up after a layout import failed'));
  }
}
