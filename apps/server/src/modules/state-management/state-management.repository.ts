import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { StatesTable } from '../../db/schema';

/* States and state groups of one organisation: every query takes the organisation's id. */

export async function findElementType(db: Db, clientId: number, id: number) {
  return db
    .selectFrom('element_types')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface StateFilters {
  elementTypeId?: number;
  isActive?: boolean;
  search?: string;
}

export async function listStates(db: Db, clientId: number, filters: StateFilters = {}) {
  let query = db.selectFrom('states').selectAll().where('client_id', '=', clientId);
  if (filters.elementTypeId !== undefined) query = query.where('element_type_id', '=', filters.elementTypeId);
  if (filters.isActive !== undefined) query = query.where('is_active', '=', filters.isActive ? 1 : 0);
  if (filters.search) {
    const pattern = `%${filters.search.toLowerCase()}%`;
    query = query.where((eb) =>
      eb.or([eb(eb.fn('lower', ['code']), 'like', pattern), eb(eb.fn('lower', ['name']), 'like', pattern)]),
    );
  }
  return query.orderBy('element_type_id').orderBy('sort_order').orderBy('id').execute();
}

export async function findState(db: Db, clientId: number, id: number) {
  return db
    .selectFrom('states')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** States of the organisation among `ids`, with their element type's code for messages. */
export async function findStatesInClient(db: Db, clientId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('states')
    .innerJoin('element_types', 'element_types.id', 'states.element_type_id')
    .select([
      'states.id',
      'states.element_type_id',
      'states.code',
      'states.name',
      'element_types.code as type_code',
    ])
    .where('states.client_id', '=', clientId)
    .where('states.id', 'in', ids)
    .execute();
}

/** The states of one element type, enough to follow `depends_on` chains. */
/** Codes are compared ignoring case: 'rev' and 'REV' would read the same on a tablet. */
export async function findStateByCode(db: Db, elementTypeId: number, code: string) {
  return db
    .selectFrom('states')
    .select(['id', 'code'])
    .where('element_type_id', '=', elementTypeId)
    .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()))
    .executeTakeFirst();
}

export async function nextSortOrder(db: Db, elementTypeId: number) {
  const row = await db
    .selectFrom('states')
    .select((eb) => eb.fn.max('sort_order').as('max'))
    .where('element_type_id', '=', elementTypeId)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

export async function insertState(db: Db, values: Insertable<StatesTable>) {
  const row = await db.insertInto('states').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateState(db: Db, id: number, changes: Updateable<StatesTable>) {
  if (Object.keys(changes).length) await db.updateTable('states').set(changes).where('id', '=', id).execute();
}

export async function deleteState(db: Db, id: number) {
  await db.deleteFrom('states').where('id', '=', id).execute();
}

/** Through the organisation's plants, so the (plant_id, state_id) index answers it. */
export async function countElementsInState(db: Db, clientId: number, stateId: number) {
  const row = await db
    .selectFrom('elements')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('plant_id', 'in', db.selectFrom('plants').select('id').where('client_id', '=', clientId))
    .where('state_id', '=', stateId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether a state change went into the state, or moved an element out of it. */
export async function isStateInHistory(db: Db, stateId: number) {
  const change = await db
    .selectFrom('state_changes')
    .select('id')
    .where('state_id', '=', stateId)
    .limit(1)
    .executeTakeFirst();
  if (change) return true;
  const previous = await db
    .selectFrom('state_change_elements')
    .select('state_change_id')
    .where('previous_state_id', '=', stateId)
    .limit(1)
    .executeTakeFirst();
  return !!previous;
}

export async function findDependentStates(db: Db, stateId: number) {
  return db
    .selectFrom('states')
    .select(['id', 'code', 'name'])
    .where('depends_on', '=', stateId)
    .orderBy('id')
    .execute();
}

/* State groups */

export async function listStateGroups(db: Db, clientId: number, search?: string) {
  let query = db.selectFrom('state_groups').selectAll().where('client_id', '=', clientId);
  if (search) {
    const pattern = `%${search.toLowerCase()}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['name']), 'like', pattern),
        eb(eb.fn('lower', ['description']), 'like', pattern),
      ]),
    );
  }
  return query.orderBy('name').orderBy('id').execute();
}

export async function findStateGroup(db: Db, clientId: number, id: number) {
  return db
    .selectFrom('state_groups')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findStateGroupByName(db: Db, clientId: number, name: string) {
  return db
    .selectFrom('state_groups')
    .select('id')
    .where('client_id', '=', clientId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

export async function findStatesOfGroups(db: Db, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  return db
    .selectFrom('state_group_states')
    .select(['state_group_id', 'state_id'])
    .where('state_group_id', 'in', groupIds)
    .orderBy('state_id')
    .execute();
}

export async function insertStateGroup(
  db: Db,
  values: { client_id: number; name: string; description: string },
) {
  const row = await db.insertInto('state_groups').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStateGroup(db: Db, id: number, changes: { name: string; description: string }) {
  await db.updateTable('state_groups').set(changes).where('id', '=', id).execute();
}

export async function replaceStateGroupStates(db: Db, groupId: number, stateIds: number[]) {
  await db.deleteFrom('state_group_states').where('state_group_id', '=', groupId).execute();
  if (stateIds.length) {
    await db
      .insertInto('state_group_states')
      .values(stateIds.map((state_id) => ({ state_group_id: groupId, state_id })))
      .execute();
  }
}

export async function deleteStateGroup(db: Db, id: number) {
  await db.deleteFrom('state_groups').where('id', '=', id).execute();
}

export async function findPlantsUsingStateGroup(db: Db, groupId: number) {
  return db
    .selectFrom('plants')
    .select(['id', 'name'])
    .where('state_group_id', '=', groupId)
    .orderBy('name')
    .execute();
}

/** How many of the plant's elements are in each state (elements without a state left out). */
export async function countElementsByState(db: Db, plantId: number) {
  const rows = await db
    .selectFrom('elements')
    .select(['state_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('plant_id', '=', plantId)
    .where('state_id', 'is not', null)
    .groupBy('state_id')
    .execute();
  return rows.map((r) => ({ stateId: r.state_id as number, count: Number(r.count) }));
}

export async function setPlantStateGroup(db: Db, plantId: number, groupId: number | null) {
  await db.updateTable('plants').set({ state_group_id: groupId }).where('id', '=', plantId).execute();
}
