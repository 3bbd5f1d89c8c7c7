import type { Db } from '../../db/database';
import { nowIso } from '../../lib/time';

/**
 * Marks a refresh token used and answers its family; undefined when it was used or revoked already,
 * has expired, or was never issued, so it works once and the stored expiry has the last word. On
 * PostgreSQL a second refresh of the same token waits here for the first one's transaction and then
 * finds it used.
 */
export async function markRefreshTokenUsed(db: Db, jti: string) {
  const now = nowIso();
  return db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('jti', '=', jti)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['family_id'])
    .executeTakeFirst();
}

export async function findRefreshToken(db: Db, jti: string) {
  return db.selectFrom('refresh_tokens').select(['user_id', 'used_at', 'family_id']).where('jti', '=', jti).executeTakeFirst();
}

export async function insertRefreshToken(db: Db, row: { jti: string; user_id: number; expires_at: string; family_id: string }) {
  await db.insertInto('refresh_tokens').values({ ...row, used_at: null }).execute();
}

export async function deleteExpiredRefreshTokens(db: Db, userId: number) {
  const now = nowIso();
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<', now).execute();
  // A family past its absolute end can hold no working token any more; its tokens go with it (cascade).
  await db.deleteFrom('refresh_families').where('user_id', '=', userId).where('expires_at', '<', now).execute();
}

export async function insertRefreshFamily(db: Db, row: { id: string; user_id: number; expires_at: string }) {
  await db.insertInto('refresh_families').values({ ...row, created_at: nowIso(), revoked_at: null }).execute();
}

/**
 * The family when it is neither revoked nor past its absolute end. Written as an update that changes
 * nothing so that, on PostgreSQL, it holds the family's row until the refresh commits: a revocation
 * running at the same time waits for it, or the refresh waits for the revocation and finds it revoked.
 */
export async function claimLiveFamily(db: Db, familyId: string) {
  const now = nowIso();
  return db
    .updateTable('refresh_families')
    .set({ revoked_at: null })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'user_id', 'expires_at'])
    .executeTakeFirst();
}

/** Revokes one login: every refresh token it rotated into stops working at once (one row). */
export async function revokeRefreshFamily(db: Db, familyId: string) {
  await db.updateTable('refresh_families').set({ revoked_at: nowIso() }).where('id', '=', familyId).where('revoked_at', 'is', null).execute();
}

/** Marks one refresh token used without a family (tokens issued before families existed). */
export async function revokeRefreshToken(db: Db, jti: string) {
  await db.updateTable('refresh_tokens').set({ used_at: nowIso() }).where('jti', '=', jti).where('used_at', 'is', null).execute();
}

export async function insertPasswordReset(db: Db, row: { user_id: number; token_hash: string; expires_at: string }) {
  await db.insertInto('password_resets').values({ ...row, used_at: null }).execute();
}

/** The reset of this token hash, when it is neither used nor expired. */
export async function findUsablePasswordReset(db: Db, tokenHash: string) {
  return db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
}

/**
 * Marks a reset used on condition that it is still usable; false when another confirmation got there
 * first (two racing confirmations of one code: the second finds it used once the first commits).
 */
export async function markPasswordResetUsed(db: Db, id: number) {
  const now = nowIso();
  const result = await db.updateTable('password_resets').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
