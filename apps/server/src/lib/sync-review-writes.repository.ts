import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { SyncReviewsTable } from '../db/schema';

/*
 * The sync reviews a write records (issue 38): state changes and PPI results both write them, the
 * sync-reviews module reads and resolves them. Here, not in that module, because a module does not
 * import another (issue 30).
 */

export type NewSyncReview = Insertable<SyncReviewsTable>;

/** Conflicts and late arrivals of one write (a state change or a PPI result), inside its transaction. */
export async function insertReviews(trx: Db, rows: NewSyncReview[]) {
  if (rows.length) await trx.insertInto('sync_reviews').values(rows).execute();
}

/**
 * A refused offline change, once per client uuid in the organisation (a resend records nothing new),
 * and no more than `max` unresolved ones per user and plant. Answers whether it was recorded.
 */
export async function insertRefusedReview(db: Db, row: NewSyncReview & { refused_uuid: string }, max: number) {
  return db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('sync_reviews')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('plant_id', '=', row.plant_id)
      .where('user_id', '=', row.user_id as number)
      .where('kind', '=', 'refused')
      .where('resolved_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= max) return false;
    const result = await trx
      .insertInto('sync_reviews')
      .values(row)
      .onConflict((oc) => oc.columns(['client_id', 'refused_uuid']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  });
}
