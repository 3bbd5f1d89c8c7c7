import type { Db } from '../../db/database';
import { visiblePlants } from '../access/access.repository';
import type { CurrentUser } from '../../lib/current-user';

export interface FlashReportFilterValues {
  dateFrom?: string;
  /** Exclusive upper bound. */
  dateBefore?: string;
  severity?: string;
  status?: string;
  author?: number;
  plant?: number;
  element?: number;
}

/** Flash reports of the caller's organisation on plants they may see, with the given filters. */
function filtered(db: Db, user: CurrentUser, filters: FlashReportFilterValues) {
  let query = db
    .selectFrom('flash_reports as fr')
    .where('fr.client_id', '=', user.clientId)
    .where('fr.plant_id', 'in', visiblePlants(db, user).select('plants.id'));
  if (filters.element !== undefined) query = query.where('fr.element_id', '=', filters.element);
  if (filters.plant !== undefined) query = query.where('fr.plant_id', '=', filters.plant);
  if (filters.severity !== undefined) query = query.where('fr.severity', '=', filters.severity);
  if (filters.status !== undefined) query = query.where('fr.status', '=', filters.status);
  if (filters.author !== undefined) query = query.where('fr.author_id', '=', filters.author);
  if (filters.dateFrom !== undefined) query = query.where('fr.created_at', '>=', filters.dateFrom);
  if (filters.dateBefore !== undefined) query = query.where('fr.created_at', '<', filters.dateBefore);
  return query;
}

const COLUMNS = [
  'fr.id',
  'fr.element_id',
  'fr.plant_id',
  'fr.title',
  'fr.description',
  'fr.severity',
  'fr.status',
  'fr.author_id',
  'fr.created_at',
  'fr.updated_at',
  'e.code as element_code',
  'et.code as type_code',
  'p.code as plant_code',
  'p.name as plant_name',
  'u.name as author_name',
] as const;

function withRefs(db: Db, user: CurrentUser, filters: FlashReportFilterValues) {
  return filtered(db, user, filters)
    .innerJoin('elements as e', 'e.id', 'fr.element_id')
    .innerJoin('element_types as et', 'et.id', 'e.type_id')
    .innerJoin('plants as p', 'p.id', 'fr.plant_id')
    .leftJoin('users as u', 'u.id', 'fr.author_id')
    .select(COLUMNS);
}


export async function countFlashReports(db: Db, user: CurrentUser, filters: FlashReportFilterValues) {
  const row = await filtered(db, user, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Newest first; ties by id so paging is stable. */
export async function listFlashReports(db: Db, user: CurrentUser, filters: FlashReportFilterValues, limit: number, offset: number) {
  return withRefs(db, user, filters).orderBy('fr.created_at', 'desc').orderBy('fr.id', 'desc').limit(limit).offset(offset).execute();
}

/** One flash report the caller may see, or undefined. */
export async function findFlashReport(db: Db, user: CurrentUser, id: number) {
  return withRefs(db, user, {}).where('fr.id', '=', id).executeTakeFirst();
}

/** How many photos and other documents each report has. */
export async function countAttachments(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('documents')
    .select(['flash_report_id', 'is_photo', (eb) => eb.fn.countAll<number>().as('count')])
    .where('flash_report_id', 'in', ids)
    .groupBy(['flash_report_id', 'is_photo'])
    .execute();
  return rows.map((r) => ({ flashReportId: r.flash_report_id!, isPhoto: r.is_photo === 1, count: Number(r.count) }));
}

export async function insertFlashReport(
  db: Db,
  row: {
    client_id: number;
    plant_id: number;
    element_id: number;
    title: string;
    description: string;
    severity: string;
    status: string;
    author_id: number;
    created_at: string;
    updated_at: string;
  },
) {
  const { id } = await db.insertInto('flash_reports').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateFlashReport(
  db: Db,
  id: number,
  values: { title: string; description: string; severity: string; status: string; updated_at: string },
) {
  await db.updateTable('flash_reports').set(values).where('id', '=', id).execute();
}

export async function insertEdit(db: Db, row: { flash_report_id: number; user_id: number; changes: string; created_at: string }) {
  await db.insertInto('flash_report_edits').values(row).execute();
}

export async function listEdits(db: Db, flashReportId: number) {
  return db
    .selectFrom('flash_report_edits as fe')
    .leftJoin('users as u', 'u.id', 'fe.user_id')
    .select(['fe.id', 'fe.user_id', 'u.name as user_name', 'fe.changes', 'fe.created_at'])
    .where('fe.flash_report_id', '=', flashReportId)
    .orderBy('fe.id', 'desc')
    .execute();
}

/** Removes the report, its history and its document rows; answers the storage keys to delete. */
export async function deleteFlashReport(db: Db, id: number) {
  const documents = await db.selectFrom('documents').select('storage_key').where('flash_report_id', '=', id).execute();
  await db.deleteFrom('documents').where('flash_report_id', '=', id).execute();
  await db.deleteFrom('flash_reports').where('id', '=', id).execute();
  return documents.map((d) => d.storage_key);
}

export async function listDocumentsOfFlashReports(db: Db, flashReportIds: number[]) {
  if (flashReportIds.length === 0) return [];
  return db
    .selectFrom('documents')
    .select(['id', 'flash_report_id', 'is_photo', 'name', 'size', 'content_type', 'storage_key'])
    .where('flash_report_id', 'in', flashReportIds)
    .orderBy('id')
    .execute();
}
