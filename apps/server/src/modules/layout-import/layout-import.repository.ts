import type { Db } from '../../db/database';
import { insertChunkSize } from '../../db/dialect';
import type { NewElement } from '../../db/schema';

export async function findPlantById(db: Db, plantId: number) {
  return db.selectFrom('plants').selectAll().where('id', '=', plantId).executeTakeFirst();
}

export async function listElementTypeIds(db: Db, clientId: number) {
  return db.selectFrom('element_types').select(['id', 'code']).where('client_id', '=', clientId).execute();
}

/** Existing elements of the given types, to update them rather than add them again. */
export async function findElementKeys(db: Db, plantId: number, typeIds: number[]) {
  if (typeIds.length === 0) return [];
  return db.selectFrom('elements').select(['id', 'type_id', 'code']).where('plant_id', '=', plantId).where('type_id', 'in', typeIds).execute();
}

/**
 * Active states in order (sort_order, then id): the first of each type is where new elements
 * start. Those of the plant's state group when it has one, else those of the organisation.
 */
export async function listStartStates(db: Db, clientId: number, stateGroupId: number | null) {
  let query = db
    .selectFrom('states')
    .select(['states.id', 'states.element_type_id'])
    .where('states.client_id', '=', clientId)
    .where('states.is_active', '=', 1);
  if (stateGroupId !== null) {
    query = query
      .innerJoin('state_group_states', 'state_group_states.state_id', 'states.id')
      .where('state_group_states.state_group_id', '=', stateGroupId);
  }
  return query.orderBy('states.sort_order').orderBy('states.id').execute();
}

/** Columns of an inserted element row, for the chunk size. */
const INSERT_COLUMNS = 12;

export async function insertElements(db: Db, rows: NewElement[]) {
  const chunk = insertChunkSize(INSERT_COLUMNS);
  for (let i = 0; i < rows.length; i += chunk) await db.insertInto('elements').values(rows.slice(i, i + chunk)).execute();
}

export async function insertElementsReturningIds(db: Db, rows: NewElement[]) {
  const chunk = insertChunkSize(INSERT_COLUMNS);
  const ids: { id: number; code: string }[] = [];
  for (let i = 0; i < rows.length; i += chunk) {
    ids.push(...(await db.insertInto('elements').values(rows.slice(i, i + chunk)).returning(['id', 'code']).execute()));
  }
  return ids;
}

export interface ElementLayoutUpdate {
  id: number;
  geom: string;
  min_x: number;
  min_y: number;
  max_x: number;
  max_y: number;
  description?: string;
  serial?: string;
  ctr_id?: number;
  updated_at: string;
  row_version: number;
}

/** One statement per element: updates keep the element's id, state and history. */
export async function updateElements(db: Db, updates: ElementLayoutUpdate[]) {
  for (const { id, ...values } of updates) await db.updateTable('elements').set(values).where('id', '=', id).execute();
}

/** A CTR belongs to itself, so filtering by CTR lists it too (as the demo plants do). */
export async function pointCtrsAtThemselves(db: Db, ids: number[], rowVersion: number) {
  for (let i = 0; i < ids.length; i += 5000) {
    await db
      .updateTable('elements')
      .set((eb) => ({ ctr_id: eb.ref('id'), row_version: rowVersion }))
      .where('id', 'in', ids.slice(i, i + 5000))
      .execute();
  }
}

/** The organisation's remembered choices for layers of DXF (or KML) files, with the element type's code. */
export async function listLayerMappings(db: Db, clientId: number, format: string) {
  return db
    .selectFrom('layout_layer_mappings')
    .leftJoin('element_types', 'element_types.id', 'layout_layer_mappings.element_type_id')
    .select(['layout_layer_mappings.layer', 'layout_layer_mappings.code_source', 'element_types.code as element_type'])
    .where('layout_layer_mappings.client_id', '=', clientId)
    .where('layout_layer_mappings.format', '=', format)
    .execute();
}

export interface LayerMappingRow {
  layer: string;
  element_type_id: number | null;
  code_source: string;
}

export async function saveLayerMappings(db: Db, clientId: number, format: string, rows: LayerMappingRow[], now: string) {
  for (const row of rows) {
    await db
      .insertInto('layout_layer_mappings')
      .values({ client_id: clientId, format, ...row, updated_at: now })
      .onConflict((oc) => oc.columns(['client_id', 'format', 'layer']).doUpdateSet({ element_type_id: row.element_type_id, code_source: row.code_source, updated_at: now }))
      .execute();
  }
}
