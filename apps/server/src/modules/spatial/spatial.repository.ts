import { sql } from 'kysely';
import type { BBox } from '@heliotrack/domain/geometry';
import type { Db } from '../../db/database';

/** Columns of the domain `Element` schema, read for polygon selections. */
const ELEMENT_COLUMNS = [
  'id',
  'code',
  'description',
  'geom',
  'last_state_change_contractor_id',
  'state_id',
  'type_id',
  'updated_at',
  'serial',
  'is_serial_invalid_length',
  'is_serial_duplicated',
  'is_serial_unregistered',
  'min_x',
  'min_y',
  'max_x',
  'max_y',
] as const;

export async function findElementType(db: Db, clientId: number, by: { code: string } | { id: number }) {
  let query = db.selectFrom('element_types').select(['id', 'code']).where('client_id', '=', clientId);
  query = 'code' in by ? query.where('code', '=', by.code) : query.where('id', '=', by.id);
  return query.executeTakeFirst();
}

/** What a tile needs to colour elements: every state of the organisation. */
export async function listStateStyles(db: Db, clientId: number) {
  return db.selectFrom('states').select(['id', 'color', 'is_ok']).where('client_id', '=', clientId).orderBy('id').execute();
}

/**
 * Candidates of a polygon selection: elements of the type whose bounding box lies within the
 * ring's. The two redundant upper bounds on min_x and min_y let the (plant_id, min_x, min_y) index
 * scan a closed range instead of everything east of the ring's west edge.
 */
export async function findElementsWithinBox(db: Db, plantId: number, typeId: number, [minX, minY, maxX, maxY]: BBox) {
  return db
    .selectFrom('elements')
    .select(ELEMENT_COLUMNS)
    .where('plant_id', '=', plantId)
    .where('min_x', '>=', minX)
    .where('min_x', '<=', maxX)
    .where('min_y', '>=', minY)
    .where('min_y', '<=', maxY)
    .where('max_x', '<=', maxX)
    .where('max_y', '<=', maxY)
    .where('type_id', '=', typeId)
    .execute();
}

/**
 * What a tile reads per element. The geometry text comes along: reading it with the row costs
 * little, parsing it is what the geometry cache saves (and the bbox and text length tell whether
 * the cached geometry is still this one).
 */
const TILE_COLUMNS = ['id', 'type_id', 'code', 'state_id', 'min_x', 'min_y', 'max_x', 'max_y', 'geom'] as const;

export type TileRow = Awaited<ReturnType<typeof findTileCandidates>>[number];

/**
 * Elements whose bounding box overlaps `box`. Overlap alone (min_x <= east) would make the index
 * scan everything west of the tile; an element is at most `maxWidth` wide, so its min_x is also at
 * least west - maxWidth, which closes the range (same for y).
 */
export async function findTileCandidates(
  db: Db,
  plantId: number,
  [west, south, east, north]: BBox,
  maxWidth: number,
  maxHeight: number,
) {
  return db
    .selectFrom('elements')
    .select(TILE_COLUMNS)
    .where('plant_id', '=', plantId)
    .where('min_x', '>=', west - maxWidth)
    .where('min_x', '<=', east)
    .where('min_y', '>=', south - maxHeight)
    .where('min_y', '<=', north)
    .where('max_x', '>=', west)
    .where('max_y', '>=', south)
    .execute();
}

/**
 * Every element of the given types (the overview layer of low zooms), through a (plant_id, type_id)
 * index. No condition on the bbox columns here: SQLite would then prefer the bbox index and visit
 * every element of the plant. Elements without geometry (null bbox) are left out by the caller.
 */
export async function findElementsOfTypes(db: Db, plantId: number, typeIds: number[]) {
  if (typeIds.length === 0) return [];
  return db
    .selectFrom('elements')
    .select(TILE_COLUMNS)
    .where('plant_id', '=', plantId)
    .where('type_id', 'in', typeIds)
    .execute();
}

/** Up to `limit` tile rows of one type of the plant after `afterId`, by id (the (plant_id, type_id, id) index). */
export async function findTileRowsAfter(db: Db, plantId: number, typeId: number, afterId: number, limit: number) {
  return db
    .selectFrom('elements')
    .select(TILE_COLUMNS)
    .where('plant_id', '=', plantId)
    .where('type_id', '=', typeId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function findPlantToWarm(db: Db, plantId: number) {
  return db.selectFrom('plants').select(['id', 'client_id', 'element_rows_version']).where('id', '=', plantId).executeTakeFirst();
}

/** The bbox and geometry text length of every element of the plant, for PlantBoxes. */
export async function findPlantBoxes(db: Db, plantId: number) {
  return db
    .selectFrom('elements')
    .select(['id', 'type_id', 'min_x', 'min_y', 'max_x', 'max_y', sql<number | string>`length(geom)`.as('geom_length')])
    .where('plant_id', '=', plantId)
    .execute();
}

/** Geometry texts of some elements of a plant (what the geometry cache lacked). */
export async function findGeometries(db: Db, plantId: number, ids: number[]) {
  return db.selectFrom('elements').select(['id', 'geom']).where('plant_id', '=', plantId).where('id', 'in', ids).execute();
}

/** Plants that have elements, largest first, with what a warm-up of their map needs. */
export async function listPlantsToWarm(db: Db) {
  const rows = await db
    .selectFrom('plants')
    .innerJoin('elements', 'elements.plant_id', 'plants.id')
    .select(['plants.id', 'plants.client_id', 'plants.element_rows_version', (eb) => eb.fn.countAll<number>().as('elements')])
    .groupBy(['plants.id', 'plants.client_id', 'plants.element_rows_version'])
    .orderBy('elements', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.id, clientId: row.client_id, version: Number(row.element_rows_version), elements: Number(row.elements) }));
}

/** Current states of the given types, read from the (plant_id, type_id, state_id, code) index alone. */
export async function findStatesOfTypes(db: Db, plantId: number, typeIds: number[]) {
  if (typeIds.length === 0) return [];
  return db.selectFrom('elements').select(['id', 'state_id']).where('plant_id', '=', plantId).where('type_id', 'in', typeIds).execute();
}

/** The newest state change of the plant (0 when none). */
export async function findLastStateChangeId(db: Db, plantId: number) {
  const row = await db
    .selectFrom('state_changes')
    .select((eb) => eb.fn.max<number | null>('id').as('last'))
    .where('plant_id', '=', plantId)
    .executeTakeFirst();
  return row?.last ?? 0;
}

/** The states that the plant's state changes in (afterId, upToId] gave to elements, oldest first. */
export async function findStatesChangedBetween(db: Db, plantId: number, afterId: number, upToId: number) {
  return db
    .selectFrom('state_changes')
    .innerJoin('state_change_elements', 'state_change_elements.state_change_id', 'state_changes.id')
    .select(['state_change_elements.element_id', 'state_changes.state_id'])
    .where('state_changes.plant_id', '=', plantId)
    .where('state_changes.id', '>', afterId)
    .where('state_changes.id', '<=', upToId)
    // Late rows never became current (migration 0016).
    .where('state_change_elements.late', '=', 0)
    .orderBy('state_changes.id')
    .execute();
}

/** How many state changes of the plant came after `afterId`, and the newest one. */
export async function countStateChangesSince(db: Db, plantId: number, afterId: number) {
  const row = await db
    .selectFrom('state_changes')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max<number | null>('id').as('last')])
    .where('plant_id', '=', plantId)
    .where('id', '>', afterId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), last: row.last };
}

/** The plant's bounding box and its largest element's width and height, in one pass. */
export async function findPlantExtent(db: Db, plantId: number) {
  const row = await db
    .selectFrom('elements')
    .select((eb) => [
      eb.fn.min<number | null>('min_x').as('min_x'),
      eb.fn.min<number | null>('min_y').as('min_y'),
      eb.fn.max<number | null>('max_x').as('max_x'),
      eb.fn.max<number | null>('max_y').as('max_y'),
      sql<number | null>`max(max_x - min_x)`.as('max_width'),
      sql<number | null>`max(max_y - min_y)`.as('max_height'),
    ])
    .where('plant_id', '=', plantId)
    .executeTakeFirst();
  return row;
}
