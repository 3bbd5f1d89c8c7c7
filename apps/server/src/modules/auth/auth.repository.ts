import type { Db } from '../../db/database';
import { nowIso } from '../../lib/time';

/**
 * Marks a refresh token used; false when it was used or revoked already, has expired, or was never
 * issued, so it works once and the stored expiry has the last word.
 */
export async function markRefreshTokenUsed(db: Db, jti: string) {
  const now = nowIso();
  const result = await db.updateTable('refresh_tokens').set({ used_at: now }).where('jti', '=', jti).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertRefreshToken(db: Db, row: { jti: string; user_id: number; expires_at: string }) {
  await db.insertInto('refresh_tokens').values({ ...row, used_at: null }).execute();
}

export async function deleteExpiredRefreshTokens(db: Db, userId: number) {
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<', nowIso()).execute();
}

/** Signs the user out everywhere: none of their refresh tokens works any more. */
export async function revokeRefreshTokens(db: Db, userId: number) {
  await db.updateTable('refresh_tokens').set({ used_at: nowIso() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
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
