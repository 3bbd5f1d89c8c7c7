import { sql } from 'kysely';
import type { PpiResultsQuery } from '@heliotrack/domain/ppi-results';
import type { Db } from '../../../db/database';
import { forUpdate, insertChunkSize } from '../../../db/dialect';

/** Ids per `in (…)` list: well under SQLite's and PostgreSQL's bound-parameter limits. */
const ID_CHUNK = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Locks the plan's row (PostgreSQL) so a close and the result writes of one plan take turns. */
export async function lockPpi(db: Db, ppiId: number) {
  return forUpdate(
    db,
    db.selectFrom('ppis').select(['id', 'code', 'status', 'closed_at', 'plant_id', 'element_type_id']).where('id', '=', ppiId),
  ).executeTakeFirstOrThrow();
}

export async function setPpiStatus(
  db: Db,
  ppiId: number,
  values: {
    status: 'open' | 'closed';
    closed_by: number | null;
    closed_at: string | null;
    updated_at: string;
  },
) {
  await db.updateTable('ppis').set(values).where('id', '=', ppiId).execute();
}

// ---------------------------------------------------------------------------------------------
// Idempotent writes
// ---------------------------------------------------------------------------------------------

export async function findWrite(db: Db, clientId: number, clientUuid: string) {
  return db
    .selectFrom('ppi_result_writes')
    .select('answer')
    .where('client_id', '=', clientId)
    .where('client_uuid', '=', clientUuid)
    .executeTakeFirst();
}

export async function insertWrite(
  db: Db,
  row: { client_id: number; client_uuid: string; ppi_id: number; answer: string; created_at: string },
) {
  await db.insertInto('ppi_result_writes').values(row).execute();
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

/** Of these ids, those linked to the plan. */
export async function findLinkedIds(db: Db, ppiId: number, ids: number[]) {
  const found: number[] = [];
  for (const chunk of chunks(ids, ID_CHUNK)) {
    const rows = await db
      .selectFrom('ppi_elements')
      .select('element_id')
      .where('ppi_id', '=', ppiId)
      .where('element_id', 'in', chunk)
      .execute();
    for (const row of rows) found.push(row.element_id);
  }
  return found;
}

export interface ResultValues {
  result: string;
  observations: string;
  equipment_id: number | null;
  result_date: string;
  user_id: number;
  role: string;
}

/** The current results of the activity on these elements, as the merge reads them, with their current write's history row. */
export async function findCurrentResults(db: Db, ppiId: number, activityId: number, elementIds: number[]) {
  const rows: { id: number; element_id: number; result: string; user_id: number | null; observed_at: string; row_version: number; history_id: number | null }[] = [];
  for (const chunk of chunks(elementIds, ID_CHUNK)) {
    rows.push(
      ...(await db
        .selectFrom('ppi_results')
        .select(['id', 'element_id', 'result', 'user_id', 'observed_at', 'row_version'])
        // The current write is the latest arrival that was not late (each one became current as it arrived).
        .select((eb) =>
          eb
            .selectFrom('ppi_result_history')
            .select((h) => h.fn.max('ppi_result_history.id').as('m'))
            .whereRef('ppi_result_history.result_id', '=', 'ppi_results.id')
            .where('ppi_result_history.late', '=', 0)
            .as('history_id'),
        )
        .where('ppi_id', '=', ppiId)
        .where('activity_id', '=', activityId)
        .where('element_id', 'in', chunk)
        .execute()),
    );
  }
  return rows.map((r) => ({ ...r, row_version: Number(r.row_version), history_id: r.history_id === null ? null : Number(r.history_id) }));
}

export interface WriteStamp {
  /** The write's time of observation, its recorded_at (or null), its arrival, the plant's version it makes, its uuid. */
  observedAt: string;
  recordedAt: string | null;
  now: string;
  version: number;
  clientUuid: string | null;
}

/**
 * One write of one activity on these elements (DESIGN section 6 "Merge"): the results it becomes
 * current for take its values (new or replaced), and every element gets a history row of it, marked
 * late or conflicting as decided. Answers the history rows' ids by element.
 */
export async function writeResults(
  db: Db,
  scope: { clientId: number; ppiId: number; activityId: number },
  targets: { elementId: number; late: boolean; conflict: boolean }[],
  values: ResultValues,
  stamp: WriteStamp,
) {
  const current = targets.filter((t) => !t.late).map((t) => t.elementId);
  for (const chunk of chunks(current, insertChunkSize(14))) {
    await db
      .insertInto('ppi_results')
      .values(
        chunk.map((element_id) => ({
          client_id: scope.clientId,
          ppi_id: scope.ppiId,
          activity_id: scope.activityId,
          element_id,
          ...values,
          observed_at: stamp.observedAt,
          row_version: stamp.version,
          created_at: stamp.now,
          updated_at: stamp.now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['ppi_id', 'activity_id', 'element_id']).doUpdateSet((eb) => ({
          result: eb.ref('excluded.result'),
          observations: eb.ref('excluded.observations'),
          equipment_id: eb.ref('excluded.equipment_id'),
          result_date: eb.ref('excluded.result_date'),
          user_id: eb.ref('excluded.user_id'),
          role: eb.ref('excluded.role'),
          observed_at: eb.ref('excluded.observed_at'),
          row_version: eb.ref('excluded.row_version'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  const resultIds = new Map<number, number>();
  for (const chunk of chunks(targets.map((t) => t.elementId), ID_CHUNK)) {
    const rows = await db
      .selectFrom('ppi_results')
      .select(['id', 'element_id'])
      .where('ppi_id', '=', scope.ppiId)
      .where('activity_id', '=', scope.activityId)
      .where('element_id', 'in', chunk)
      .execute();
    for (const row of rows) resultIds.set(row.element_id, row.id);
  }
  for (const chunk of chunks(targets, insertChunkSize(15))) {
    await db
      .insertInto('ppi_result_history')
      .values(
        chunk.map((t) => ({
          result_id: resultIds.get(t.elementId)!,
          ...values,
          recorded_at: stamp.recordedAt,
          observed_at: stamp.observedAt,
          received_at: stamp.now,
          late: t.late ? 1 : 0,
          conflict: t.conflict ? 1 : 0,
          elements_version: stamp.version,
          client_uuid: stamp.clientUuid,
        })),
      )
      .execute();
  }
  // The write's version is the plant's and taken once per transaction: it names this write's rows.
  const history = new Map<number, number>();
  for (const chunk of chunks([...resultIds.values()], ID_CHUNK)) {
    const rows = await db
      .selectFrom('ppi_result_history')
      .innerJoin('ppi_results', 'ppi_results.id', 'ppi_result_history.result_id')
      .select(['ppi_result_history.id', 'ppi_results.element_id'])
      .where('ppi_result_history.result_id', 'in', chunk)
      .where('ppi_result_history.elements_version', '=', stamp.version)
      .execute();
    for (const row of rows) history.set(row.element_id, row.id);
  }
  return history;
}

/**
 * Attaches documents uploaded before the result (of the plant, attached to nothing) to it; images
 * become its photos. Answers the ids attached: a document claimed meanwhile by another write is not.
 */
export async function attachDocuments(db: Db, plantId: number, resultId: number, ids: number[]) {
  if (!ids.length) return [];
  const free = db
    .selectFrom('documents')
    .select('id')
    .where('plant_id', '=', plantId)
    .where('id', 'in', ids)
    .where('state_change_id', 'is', null)
    .where('flash_report_id', 'is', null)
    .where('equipment_id', 'is', null)
    .where('ppi_result_id', 'is', null);
  const rows = await forUpdate(db, free.orderBy('id')).execute();
  const found = rows.map((r) => r.id);
  if (!found.length) return [];
  await db
    .updateTable('documents')
    .set((eb) => ({
      ppi_result_id: resultId,
      is_photo: eb.case().when('content_type', 'in', ['image/png', 'image/jpeg', 'image/webp']).then(1).else(0).end(),
    }))
    .where('id', 'in', found)
    .execute();
  return found;
}

/** The result of an activity on an element, if any. */
export async function findResultId(db: Db, ppiId: number, activityId: number, elementId: number) {
  const row = await db
    .selectFrom('ppi_results')
    .select('id')
    .where('ppi_id', '=', ppiId)
    .where('activity_id', '=', activityId)
    .where('element_id', '=', elementId)
    .executeTakeFirst();
  return row?.id;
}

/** A result's history, latest observed first (ties: the later arrival). */
export async function listHistory(db: Db, resultId: number, page: { limit: number; offset: number }) {
  return db
    .selectFrom('ppi_result_history')
    .leftJoin('users', 'users.id', 'ppi_result_history.user_id')
    .leftJoin('calibration_equipment', 'calibration_equipment.id', 'ppi_result_history.equipment_id')
    .selectAll('ppi_result_history')
    .select(['users.name as author_name', 'calibration_equipment.name as equipment_name'])
    .where('ppi_result_history.result_id', '=', resultId)
    .orderBy('ppi_result_history.observed_at', 'desc')
    .orderBy('ppi_result_history.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countHistory(db: Db, resultId: number) {
  const row = await db
    .selectFrom('ppi_result_history')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('result_id', '=', resultId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The history row of a result's current write. */
export async function findCurrentHistoryId(db: Db, resultId: number) {
  const row = await db
    .selectFrom('ppi_result_history')
    .select((eb) => eb.fn.max('id').as('m'))
    .where('result_id', '=', resultId)
    .where('late', '=', 0)
    .executeTakeFirst();
  return row?.m == null ? null : Number(row.m);
}

/** A result of the organisation with its activity's name and roles (a document about to be attached to it). */
export async function findResultForUpload(db: Db, clientId: number, resultId: number) {
  return db
    .selectFrom('ppi_results')
    .innerJoin('ppi_activities', 'ppi_activities.id', 'ppi_results.activity_id')
    .select(['ppi_results.ppi_id', 'ppi_activities.name', 'ppi_activities.roles'])
    .where('ppi_results.client_id', '=', clientId)
    .where('ppi_results.id', '=', resultId)
    .executeTakeFirst();
}


// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

function resultRows(db: Db, ppiId: number) {
  return db
    .selectFrom('ppi_results')
    .innerJoin('ppi_activities', 'ppi_activities.id', 'ppi_results.activity_id')
    .innerJoin('elements', 'elements.id', 'ppi_results.element_id')
    .innerJoin('element_types', 'element_types.id', 'elements.type_id')
    .leftJoin('users', 'users.id', 'ppi_results.user_id')
    .leftJoin('calibration_equipment', 'calibration_equipment.id', 'ppi_results.equipment_id')
    .selectAll('ppi_results')
    .select([
      'ppi_activities.position as activity_position',
      'ppi_activities.name as activity_name',
      'ppi_activities.roles as activity_roles',
      'elements.code as element_code',
      'element_types.code as element_type',
      'users.name as author_name',
      'calibration_equipment.name as equipment_name',
      'calibration_equipment.certificate_number as equipment_certificate',
      'calibration_equipment.calibration_date as equipment_calibration_date',
      'calibration_equipment.expiry_date as equipment_expiry_date',
    ])
    .where('ppi_results.ppi_id', '=', ppiId);
}

export type ResultRow = Awaited<ReturnType<typeof findResult>> & object;

export async function findResult(db: Db, ppiId: number, resultId: number) {
  return resultRows(db, ppiId).where('ppi_results.id', '=', resultId).executeTakeFirst();
}

type Filters = Omit<PpiResultsQuery, 'page' | 'page_size'>;

function filteredResults(db: Db, ppiId: number, filters: Filters) {
  let query = resultRows(db, ppiId);
  // At most RESULT_IDS_MAX (500) ids: one IN list within every database's parameter limit.
  if (filters.ids !== undefined) query = query.where('ppi_results.id', 'in', filters.ids);
  if (filters.activity !== undefined) query = query.where('ppi_results.activity_id', '=', filters.activity);
  if (filters.element !== undefined) query = query.where('ppi_results.element_id', '=', filters.element);
  if (filters.role !== undefined) query = query.where('ppi_results.role', '=', filters.role.toUpperCase());
  if (filters.result !== undefined) query = query.where('ppi_results.result', '=', filters.result);
  if (filters.author !== undefined) query = query.where('ppi_results.user_id', '=', filters.author);
  if (filters.date_from !== undefined)
    query = query.where('ppi_results.result_date', '>=', filters.date_from);
  if (filters.date_to !== undefined) query = query.where('ppi_results.result_date', '<=', filters.date_to);
  return query;
}

export async function countResults(db: Db, ppiId: number, filters: Filters) {
  const row = await filteredResults(db, ppiId, filters)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first. */
export async function listResults(
  db: Db,
  ppiId: number,
  filters: Filters,
  page: { limit: number; offset: number },
) {
  return filteredResults(db, ppiId, filters)
    .orderBy('ppi_results.updated_at', 'desc')
    .orderBy('ppi_results.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** A page of the plan's results in element and activity order (the dossier). */
export async function listAllResults(db: Db, ppiId: number, page: { limit: number; offset: number }) {
  return resultRows(db, ppiId)
    .orderBy('elements.code')
    .orderBy('elements.id')
    .orderBy('ppi_activities.position')
    .orderBy('ppi_results.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function listResultDocuments(db: Db, resultIds: number[]) {
  const rows: {
    id: number;
    ppi_result_id: number | null;
    is_photo: number;
    name: string;
    size: number;
    content_type: string;
    storage_key: string;
  }[] = [];
  for (const chunk of chunks(resultIds, ID_CHUNK)) {
    rows.push(
      ...(await db
        .selectFrom('documents')
        .select(['id', 'ppi_result_id', 'is_photo', 'name', 'size', 'content_type', 'storage_key'])
        .where('ppi_result_id', 'in', chunk)
        .orderBy('id')
        .execute()),
    );
  }
  return rows;
}

/** Results of these linked elements, for the register's table and map. */
export async function listResultsOfElements(db: Db, ppiId: number, elementIds: number[]) {
  const rows: { id: number; element_id: number; activity_id: number; result: string }[] = [];
  for (const chunk of chunks(elementIds, ID_CHUNK)) {
    rows.push(
      ...(await db
        .selectFrom('ppi_results')
        .select(['id', 'element_id', 'activity_id', 'result'])
        .where('ppi_id', '=', ppiId)
        .where('element_id', 'in', chunk)
        .execute()),
    );
  }
  return rows;
}

/** Results on elements still linked (an unlinked element's results stay, but count no more). */
function linkedResults(db: Db, ppiId: number) {
  return db
    .selectFrom('ppi_results')
    .innerJoin('ppi_elements', (join) =>
      join
        .onRef('ppi_elements.element_id', '=', 'ppi_results.element_id')
        .onRef('ppi_elements.ppi_id', '=', 'ppi_results.ppi_id'),
    )
    .where('ppi_results.ppi_id', '=', ppiId);
}

/** Counts by activity and result. */
export async function countByActivity(db: Db, ppiId: number) {
  const rows = await linkedResults(db, ppiId)
    .select((eb) => ['ppi_results.activity_id', 'ppi_results.result', eb.fn.countAll<number>().as('n')])
    .groupBy(['ppi_results.activity_id', 'ppi_results.result'])
    .execute();
  return rows.map((r) => ({ activity_id: r.activity_id, result: r.result, n: Number(r.n) }));
}

export async function countByDay(db: Db, ppiId: number) {
  const rows = await linkedResults(db, ppiId)
    .select((eb) => ['ppi_results.result_date', 'ppi_results.result', eb.fn.countAll<number>().as('n')])
    .groupBy(['ppi_results.result_date', 'ppi_results.result'])
    .orderBy('ppi_results.result_date')
    .execute();
  return rows.map((r) => ({ date: r.result_date, result: r.result, n: Number(r.n) }));
}

export async function countByAuthor(db: Db, ppiId: number) {
  const rows = await linkedResults(db, ppiId)
    .leftJoin('users', 'users.id', 'ppi_results.user_id')
    .select((eb) => [
      'ppi_results.user_id',
      'users.name',
      'ppi_results.result',
      eb.fn.countAll<number>().as('n'),
    ])
    .groupBy(['ppi_results.user_id', 'users.name', 'ppi_results.result'])
    .orderBy('users.name')
    .execute();
  return rows.map((r) => ({ user_id: r.user_id, name: r.name, result: r.result, n: Number(r.n) }));
}

/** Linked elements with at least one not-ok result. */
export async function countElementsWithNotOk(db: Db, ppiId: number) {
  const row = await linkedResults(db, ppiId)
    .where('ppi_results.result', '=', 'not_ok')
    .select(sql<number>`count(distinct ppi_results.element_id)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Linked elements with a result for each of the required activities. */
export async function countElementsComplete(db: Db, ppiId: number, requiredCount: number) {
  const complete = linkedResults(db, ppiId)
    .innerJoin('ppi_activities', 'ppi_activities.id', 'ppi_results.activity_id')
    .where('ppi_activities.is_required', '=', 1)
    .select('ppi_results.element_id')
    .groupBy('ppi_results.element_id')
    .having((eb) => eb.fn.countAll(), '=', requiredCount);
  const row = await db
    .selectFrom(complete.as('complete'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Of these elements, the result each has for the activity (a register map tile's). */
export async function findResultsAmong(db: Db, ppiId: number, activityId: number, ids: number[]) {
  const results = new Map<number, string>();
  for (const chunk of chunks(ids, ID_CHUNK)) {
    const rows = await db
      .selectFrom('ppi_results')
      .select(['element_id', 'result'])
      .where('ppi_id', '=', ppiId)
      .where('activity_id', '=', activityId)
      .where('element_id', 'in', chunk)
      .execute();
    for (const row of rows) results.set(row.element_id, row.result);
  }
  return results;
}

/** What changes with every result write of the plan: the register tiles' version. */
export async function resultsVersion(db: Db, ppiId: number) {
  const row = await db
    .selectFrom('ppi_results')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('latest')])
    .where('ppi_id', '=', ppiId)
    .executeTakeFirstOrThrow();
  return `${Number(row.n)}.${row.latest ?? ''}`;
}
