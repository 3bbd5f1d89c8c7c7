import { BULK_CHUNK_SIZE } from '@heliotrack/domain/constants';
import type { Db } from '../../db/database';

export interface ReviewFilters {
  kind?: 'conflict' | 'late' | 'refused';
  resolved: 'true' | 'false' | 'all';
  user?: number;
  elementType?: number;
  subject?: 'state_change' | 'ppi_result';
  ppi?: number;
  from?: string;
  to?: string;
}

function filtered(db: Db, plantId: number, f: ReviewFilters) {
  let query = db.selectFrom('sync_reviews').where('plant_id', '=', plantId);
  if (f.kind) query = query.where('kind', '=', f.kind);
  if (f.resolved === 'false') query = query.where('resolved_at', 'is', null);
  if (f.resolved === 'true') query = query.where('resolved_at', 'is not', null);
  if (f.user !== undefined) query = query.where('user_id', '=', f.user);
  if (f.elementType !== undefined) query = query.where('element_type_id', '=', f.elementType);
  if (f.subject) query = query.where('subject', '=', f.subject);
  if (f.ppi !== undefined) query = query.where('ppi_id', '=', f.ppi);
  if (f.from) query = query.where('received_at', '>=', f.from);
  if (f.to) query = query.where('received_at', '<', f.to);
  return query;
}

export async function countReviews(db: Db, plantId: number, f: ReviewFilters) {
  const row = await filtered(db, plantId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first. */
export async function listReviews(db: Db, plantId: number, f: ReviewFilters, limit: number, offset: number) {
  return filtered(db, plantId, f).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function findReview(db: Db, plantId: number, reviewId: number) {
  return db.selectFrom('sync_reviews').selectAll().where('plant_id', '=', plantId).where('id', '=', reviewId).executeTakeFirst();
}

/** Resolves once: a second call leaves the first resolution. */
export async function resolveReview(db: Db, reviewId: number, userId: number, at: string) {
  await db.updateTable('sync_reviews').set({ resolved_at: at, resolved_by: userId }).where('id', '=', reviewId).where('resolved_at', 'is', null).execute();
}

/** Resolved reviews older than the retention age out (SYNC_REVIEW_RETENTION_DAYS). */
export async function deleteResolvedBefore(db: Db, plantId: number, before: string) {
  await db.deleteFrom('sync_reviews').where('plant_id', '=', plantId).where('resolved_at', '<', before).execute();
}

/** Unresolved reviews per plant, for the dashboard's link. */
export async function findChanges(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.selectFrom('state_changes').select(['id', 'user_id', 'state_id', 'observed_at', 'created_at']).where('id', 'in', ids).execute();
}

/** The PPI result writes the reviews name (incoming and met). */
export async function findResultWrites(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('ppi_result_history')
    .select(['id', 'user_id', 'result', 'observed_at', 'received_at'])
    .where('id', 'in', ids)
    .execute();
}

export async function findPpis(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.selectFrom('ppis').select(['id', 'code', 'name']).where('id', 'in', ids).execute();
}

export async function findPpiActivities(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.selectFrom('ppi_activities').select(['id', 'position', 'name']).where('id', 'in', ids).execute();
}

export async function findUsers(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
}

export async function findStates(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.selectFrom('states').select(['id', 'code', 'name', 'color']).where('id', 'in', ids).execute();
}

/** The codes of the reviews' elements (an element deleted since has none), in chunks of bound parameters. */
export async function findElementCodes(db: Db, ids: number[]) {
  const found: { id: number; code: string }[] = [];
  for (let start = 0; start < ids.length; start += BULK_CHUNK_SIZE) {
    const chunk = ids.slice(start, start + BULK_CHUNK_SIZE);
    found.push(...(await db.selectFrom('elements').select(['id', 'code']).where('id', 'in', chunk).execute()));
  }
  return found;
}

export async function findElementTypes(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.selectFrom('element_types').select(['id', 'code', 'name']).where('id', 'in', ids).execute();
}
