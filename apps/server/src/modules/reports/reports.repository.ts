import type { Insertable, Updateable } from 'kysely';
import type { ReportKind } from '@heliotrack/domain/reports';
import type { Db } from '../../db/database';
import type { ReportsTable } from '../../db/schema';

export interface ReportListFilters {
  dateFrom?: string;
  dateTo?: string;
  typeId?: number;
  authorId?: number;
}

/** The columns every answer needs (never the snapshot, which can be large). */
const COLUMNS = [
  'reports.id',
  'reports.plant_id',
  'reports.kind',
  'reports.element_type_id',
  'reports.language',
  'reports.status',
  'reports.progress',
  'reports.author_id',
  'users.name as author_name',
  'reports.created_at',
  'reports.finished_at',
  'reports.error_key',
  'reports.element_count',
] as const;

function listed(db: Db, plantId: number, kind: ReportKind, f: ReportListFilters) {
  let query = db
    .selectFrom('reports')
    .where('reports.plant_id', '=', plantId)
    .where('reports.kind', '=', kind);
  if (f.dateFrom) query = query.where('reports.day', '>=', f.dateFrom);
  if (f.dateTo) query = query.where('reports.day', '<=', f.dateTo);
  if (f.typeId !== undefined) query = query.where('reports.element_type_id', '=', f.typeId);
  if (f.authorId !== undefined) query = query.where('reports.author_id', '=', f.authorId);
  return query;
}

export async function countReports(db: Db, plantId: number, kind: ReportKind, filters: ReportListFilters) {
  const row = await listed(db, plantId, kind, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listReports(
  db: Db,
  plantId: number,
  kind: ReportKind,
  filters: ReportListFilters,
  page: { limit: number; offset: number },
) {
  return listed(db, plantId, kind, filters)
    .leftJoin('users', 'users.id', 'reports.author_id')
    .select(COLUMNS)
    .orderBy('reports.created_at', 'desc')
    .orderBy('reports.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type ReportRow = Awaited<ReturnType<typeof listReports>>[number];

export async function findReport(db: Db, plantId: number, kind: ReportKind, id: number) {
  return db
    .selectFrom('reports')
    .leftJoin('users', 'users.id', 'reports.author_id')
    .select([...COLUMNS, 'reports.pdf_key', 'reports.xlsx_key', 'reports.day'])
    .where('reports.plant_id', '=', plantId)
    .where('reports.kind', '=', kind)
    .where('reports.id', '=', id)
    .executeTakeFirst();
}

/** Everything the job needs to run a report. */
export async function findReportJob(db: Db, id: number) {
  return db
    .selectFrom('reports')
    .select([
      'id',
      'client_id',
      'plant_id',
      'kind',
      'element_type_id',
      'language',
      'status',
      'created_at',
      'day',
      'pdf_key',
      'xlsx_key',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertReport(db: Db, values: Insertable<ReportsTable>) {
  const row = await db.insertInto('reports').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The scheduled snapshot of a plant for a day, unless one exists already (another instance or an
 * earlier round made it): the unique index on (plant_id, scheduled_day) decides. Null when it existed.
 */
export async function insertScheduledReport(db: Db, values: Insertable<ReportsTable>) {
  const row = await db
    .insertInto('reports')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Answers how many rows it changed: 0 when the report was deleted meanwhile. */
export async function updateReport(db: Db, id: number, values: Updateable<ReportsTable>) {
  const result = await db.updateTable('reports').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteReport(db: Db, id: number) {
  await db.deleteFrom('reports').where('id', '=', id).execute();
}

/** Jobs a previous process left unfinished, oldest first. */
export async function listUnfinishedReports(db: Db) {
  return db
    .selectFrom('reports')
    .select(['id', 'status'])
    .where('status', 'in', ['pending', 'running'])
    .orderBy('id')
    .execute();
}

/** Plants (of every organisation) with no historic report made on `day`. */
export async function listPlantsWithoutHistoric(db: Db, day: string) {
  return db
    .selectFrom('plants')
    .select(['plants.id', 'plants.client_id'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reports')
            .select('reports.id')
            .whereRef('reports.plant_id', '=', 'plants.id')
            .where('reports.kind', '=', 'historic')
            .where('reports.day', '=', day),
        ),
      ),
    )
    .orderBy('plants.id')
    .execute();
}

