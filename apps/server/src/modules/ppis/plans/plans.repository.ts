import { sql } from 'kysely';
import { ADMIN_ROLE } from '@heliotrack/domain/constants';
import type { ElementFilters } from '@heliotrack/domain/elements';
import type { PpiElementFilters, PpiListQuery } from '@heliotrack/domain/ppis';
import type { Db } from '../../../db/database';
import { insertChunkSize } from '../../../db/dialect';
import type { ActivityValues } from '../../../lib/ppi-activities';
import { filtered, LIST_COLUMNS, orderColumns } from '../../../lib/element-list-query';
import { visiblePlants, visiblePpis } from '../../access/access.repository';
import type { CurrentUser } from '../../../lib/current-user';

/** Ids per `in (…)` list: well under SQLite's and PostgreSQL's bound-parameter limits. */
const ID_CHUNK = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ---------------------------------------------------------------------------------------------
// PPIs
// ---------------------------------------------------------------------------------------------

/** What every PPI answer shows, joined once. */
function ppiRows(db: Db, user: CurrentUser) {
  return visiblePpis(db, user)
    .innerJoin('plants', 'plants.id', 'ppis.plant_id')
    .innerJoin('element_types', 'element_types.id', 'ppis.element_type_id')
    .leftJoin('ppi_templates', 'ppi_templates.id', 'ppis.template_id')
    .leftJoin('users as closer', 'closer.id', 'ppis.closed_by')
    .selectAll('ppis')
    .select((eb) => [
      'plants.code as plant_code',
      'plants.name as plant_name',
      'element_types.code as type_code',
      'element_types.name as type_name',
      'ppi_templates.name as template_name',
      'closer.name as closed_by_name',
      eb
        .selectFrom('ppi_activities')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('ppi_activities.ppi_id', '=', 'ppis.id')
        .as('activity_count'),
      eb
        .selectFrom('ppi_activities')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('ppi_activities.ppi_id', '=', 'ppis.id')
        .where('ppi_activities.is_required', '=', 1)
        .as('required_activity_count'),
      eb
        .selectFrom('ppi_elements')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('ppi_elements.ppi_id', '=', 'ppis.id')
        .as('element_count'),
    ]);
}

export type PpiRow = NonNullable<Awaited<ReturnType<typeof findPpi>>>;

export async function listPpis(db: Db, user: CurrentUser, filters: PpiListQuery) {
  let query = ppiRows(db, user);
  if (filters.plant !== undefined) query = query.where('ppis.plant_id', '=', filters.plant);
  if (filters.status !== undefined) query = query.where('ppis.status', '=', filters.status);
  if (filters.template !== undefined) query = query.where('ppis.template_id', '=', filters.template);
  return query.orderBy('plants.name').orderBy('ppis.code').orderBy('ppis.id').execute();
}

export async function findPpi(db: Db, user: CurrentUser, ppiId: number) {
  return ppiRows(db, user).where('ppis.id', '=', ppiId).executeTakeFirst();
}

/** The bare row of a PPI the user sees (no joins), for writes. */
export async function findVisiblePpi(db: Db, user: CurrentUser, ppiId: number) {
  return visiblePpis(db, user).selectAll('ppis').where('ppis.id', '=', ppiId).executeTakeFirst();
}

/** The plant's version of the PPI's last change of links or users (the sync stream's PPI sections). */
export async function setSyncVersion(db: Db, ppiId: number, version: number) {
  await db.updateTable('ppis').set({ sync_version: version }).where('id', '=', ppiId).execute();
}

export async function findPpiByCode(db: Db, plantId: number, code: string) {
  return db
    .selectFrom('ppis')
    .select('id')
    .where('plant_id', '=', plantId)
    .where('code', '=', code)
    .executeTakeFirst();
}

export async function insertPpi(
  db: Db,
  row: {
    client_id: number;
    plant_id: number;
    template_id: number;
    element_type_id: number;
    code: string;
    name: string;
    created_at: string;
    updated_at: string;
  },
) {
  const { id } = await db.insertInto('ppis').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updatePpi(
  db: Db,
  ppiId: number,
  values: {
    code?: string;
    name?: string;
    updated_at: string;
    logo_key?: string | null;
    logo_name?: string | null;
    logo_content_type?: string | null;
  },
) {
  await db.updateTable('ppis').set(values).where('id', '=', ppiId).execute();
}

export async function deletePpi(db: Db, ppiId: number) {
  await db.deleteFrom('ppis').where('id', '=', ppiId).execute();
}

/** Users linked to the PPIs, with the role each holds in each. */
export async function listPpiUsers(db: Db, ppiIds: number[]) {
  if (ppiIds.length === 0) return [];
  return db
    .selectFrom('ppi_users')
    .innerJoin('users', 'users.id', 'ppi_users.user_id')
    .innerJoin('roles', 'roles.id', 'ppi_users.role_id')
    .select(['ppi_users.ppi_id', 'users.id', 'users.name', 'users.email', 'roles.code as role'])
    .where('ppi_users.ppi_id', 'in', ppiIds)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

export async function replacePpiUsers(db: Db, ppiId: number, users: { user_id: number; role_id: number }[]) {
  await db.deleteFrom('ppi_users').where('ppi_id', '=', ppiId).execute();
  if (users.length)
    await db
      .insertInto('ppi_users')
      .values(users.map((u) => ({ ppi_id: ppiId, ...u })))
      .execute();
}

/** The role the user holds in a PPI, or undefined when not linked. */
export async function findRoleInPpi(db: Db, ppiId: number, userId: number) {
  const row = await db
    .selectFrom('ppi_users')
    .innerJoin('roles', 'roles.id', 'ppi_users.role_id')
    .select('roles.code')
    .where('ppi_users.ppi_id', '=', ppiId)
    .where('ppi_users.user_id', '=', userId)
    .executeTakeFirst();
  return row?.code;
}

/** The PPIs a user is linked to, on plants they may see (`user/client-inspections/`, `user-linked-ppis`). */
export async function listLinkedPpis(db: Db, user: CurrentUser, filters: PpiListQuery) {
  let query = db
    .selectFrom('ppis')
    .innerJoin('ppi_users', 'ppi_users.ppi_id', 'ppis.id')
    .innerJoin('roles', 'roles.id', 'ppi_users.role_id')
    .innerJoin('plants', 'plants.id', 'ppis.plant_id')
    .innerJoin('element_types', 'element_types.id', 'ppis.element_type_id')
    .select([
      'ppis.id',
      'ppis.code',
      'ppis.name',
      'ppis.status',
      'ppis.plant_id',
      'plants.code as plant_code',
      'plants.name as plant_name',
      'element_types.id as element_type_id',
      'element_types.code as type_code',
      'element_types.name as type_name',
      'roles.code as role',
    ])
    .where('ppis.client_id', '=', user.clientId)
    .where('ppi_users.user_id', '=', user.id)
    .where('ppis.plant_id', 'in', visiblePlants(db, user).select('plants.id'));
  if (filters.plant !== undefined) query = query.where('ppis.plant_id', '=', filters.plant);
  if (filters.status !== undefined) query = query.where('ppis.status', '=', filters.status);
  if (filters.template !== undefined) query = query.where('ppis.template_id', '=', filters.template);
  return query.orderBy('plants.name').orderBy('ppis.code').orderBy('ppis.id').execute();
}

/** The plants the user sees, with how many PPIs the user sees on each. */
export async function listPpiPlants(db: Db, user: CurrentUser) {
  return visiblePlants(db, user)
    .select((eb) => {
      let ppis = eb
        .selectFrom('ppis')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('ppis.plant_id', '=', 'plants.id');
      // The plant is visible already: what is left of visiblePpis is the link to the PPI.
      if (!user.isAdmin)
        ppis = ppis.where(
          'ppis.id',
          'in',
          db.selectFrom('ppi_users').select('ppi_id').where('user_id', '=', user.id),
        );
      return ['plants.id', 'plants.code', 'plants.name', ppis.as('ppi_count')];
    })
    .orderBy('plants.name')
    .orderBy('plants.id')
    .execute();
}

/** Active users of the organisation with their roles; with a plant, those authorised on it and administrators. */
export async function listCandidateUsers(db: Db, clientId: number, plantId: number | undefined) {
  let query = db
    .selectFrom('users')
    .select(['users.id', 'users.name', 'users.email'])
    .where('users.client_id', '=', clientId)
    .where('users.is_active', '=', 1);
  if (plantId !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('users.id', 'in', eb.selectFrom('user_plants').select('user_id').where('plant_id', '=', plantId)),
        eb(
          'users.id',
          'in',
          eb
            .selectFrom('user_roles')
            .innerJoin('roles', 'roles.id', 'user_roles.role_id')
            .select('user_roles.user_id')
            .where('roles.code', '=', ADMIN_ROLE),
        ),
      ]),
    );
  }
  return query.orderBy('users.name').orderBy('users.id').execute();
}

// ---------------------------------------------------------------------------------------------
// Activities
// ---------------------------------------------------------------------------------------------

export async function listPpiActivities(db: Db, ppiId: number, onlyRequired = false) {
  let query = db.selectFrom('ppi_activities').selectAll().where('ppi_id', '=', ppiId);
  if (onlyRequired) query = query.where('is_required', '=', 1);
  return query.orderBy('position').orderBy('id').execute();
}

export async function findPpiActivity(db: Db, ppiId: number, activityId: number) {
  return db
    .selectFrom('ppi_activities')
    .selectAll()
    .where('ppi_id', '=', ppiId)
    .where('id', '=', activityId)
    .executeTakeFirst();
}

export async function insertPpiActivities(db: Db, ppiId: number, activities: ActivityValues[]) {
  if (activities.length)
    await db
      .insertInto('ppi_activities')
      .values(activities.map((a) => ({ ppi_id: ppiId, ...a })))
      .execute();
}

export async function setActivityRequired(db: Db, activityId: number, isRequired: boolean) {
  await db
    .updateTable('ppi_activities')
    .set({ is_required: isRequired ? 1 : 0 })
    .where('id', '=', activityId)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Linked elements
// ---------------------------------------------------------------------------------------------

export interface PpiScope {
  ppiId: number;
  plantId: number;
  typeId: number;
}

const linkedIds = (db: Db, ppiId: number) =>
  db.selectFrom('ppi_elements').select('ppi_elements.element_id').where('ppi_elements.ppi_id', '=', ppiId);

/** The plant's elements of the plan's type matching the list's filters and, when given, linked or not. */
function ppiElements(db: Db, scope: PpiScope, { linked, ...filters }: PpiElementFilters) {
  let query = filtered(db, { plantId: scope.plantId, typeId: scope.typeId }, filters);
  if (linked !== undefined)
    query = query.where('elements.id', linked ? 'in' : 'not in', linkedIds(db, scope.ppiId));
  return query;
}

export async function countPpiElements(db: Db, scope: PpiScope, filters: PpiElementFilters) {
  const row = await ppiElements(db, scope, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listPpiElements(
  db: Db,
  scope: PpiScope,
  filters: PpiElementFilters & { ordering: ElementFilters['ordering'] },
  page: { limit: number; offset: number },
) {
  const { ordering, ...rest } = filters;
  const direction = ordering.startsWith('-') ? 'desc' : 'asc';
  let query = ppiElements(db, scope, rest)
    .leftJoin('ppi_elements', (join) =>
      join.onRef('ppi_elements.element_id', '=', 'elements.id').on('ppi_elements.ppi_id', '=', scope.ppiId),
    )
    .select([...LIST_COLUMNS, 'ppi_elements.element_id as linked_id']);
  for (const column of orderColumns(ordering, { plantId: scope.plantId, typeId: scope.typeId }))
    query = query.orderBy(column, direction);
  return query.limit(page.limit).offset(page.offset).execute();
}

/** Of these ids, those that are elements of the plan's plant and type. */
export async function findElementIdsInScope(db: Db, scope: PpiScope, ids: number[]) {
  const found: number[] = [];
  for (const chunk of chunks(ids, ID_CHUNK)) {
    const rows = await db
      .selectFrom('elements')
      .select('id')
      .where('plant_id', '=', scope.plantId)
      .where('type_id', '=', scope.typeId)
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows) found.push(row.id);
  }
  return found;
}

/** Links the elements (already checked to be in scope); those linked already stay as they are. Answers how many were added. */
export async function linkElementIds(db: Db, ppiId: number, ids: number[], now: string) {
  let added = 0;
  for (const chunk of chunks(ids, insertChunkSize(3))) {
    const result = await db
      .insertInto('ppi_elements')
      .values(chunk.map((element_id) => ({ ppi_id: ppiId, element_id, linked_at: now })))
      .onConflict((oc) => oc.columns(['ppi_id', 'element_id']).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

export async function unlinkElementIds(db: Db, ppiId: number, ids: number[]) {
  let removed = 0;
  for (const chunk of chunks(ids, ID_CHUNK)) {
    const result = await db
      .deleteFrom('ppi_elements')
      .where('ppi_id', '=', ppiId)
      .where('element_id', 'in', chunk)
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}

/** Links every element matching the filters, in one statement. */
export async function linkFiltered(db: Db, scope: PpiScope, filters: PpiElementFilters, now: string) {
  const result = await db
    .insertInto('ppi_elements')
    .columns(['ppi_id', 'element_id', 'linked_at'])
    .expression(
      ppiElements(db, scope, filters)
        .where('elements.id', 'not in', linkedIds(db, scope.ppiId))
        .select([
          sql.lit(scope.ppiId).as('ppi_id'),
          'elements.id as element_id',
          sql<string>`cast(${now} as varchar(32))`.as('linked_at'),
        ]),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function unlinkFiltered(db: Db, scope: PpiScope, filters: PpiElementFilters) {
  const result = await db
    .deleteFrom('ppi_elements')
    .where('ppi_id', '=', scope.ppiId)
    .where('element_id', 'in', ppiElements(db, scope, filters).select('elements.id'))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countLinked(db: Db, ppiId: number) {
  const row = await db
    .selectFrom('ppi_elements')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ppi_id', '=', ppiId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Of these element ids, those linked to the PPI (a map tile's). */
export async function findLinkedAmong(db: Db, ppiId: number, ids: number[]) {
  const linked = new Set<number>();
  for (const chunk of chunks(ids, ID_CHUNK)) {
    const rows = await db
      .selectFrom('ppi_elements')
      .select('element_id')
      .where('ppi_id', '=', ppiId)
      .where('element_id', 'in', chunk)
      .execute();
    for (const row of rows) linked.add(row.element_id);
  }
  return linked;
}

/** Bumps the version the PPI's map tiles key on; answers the new one. */
export async function bumpLinksVersion(db: Db, ppiId: number, now: string) {
  await db
    .updateTable('ppis')
    .set((eb) => ({ links_version: eb('links_version', '+', 1), updated_at: now }))
    .where('id', '=', ppiId)
    .execute();
  const row = await db
    .selectFrom('ppis')
    .select('links_version')
    .where('id', '=', ppiId)
    .executeTakeFirstOrThrow();
  return row.links_version;
}
