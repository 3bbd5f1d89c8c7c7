import type { Db } from '../db/database';
import { nowIso } from './time';

/*
 * The account reads and writes that both auth (login, own password change, reset) and users (the
 * administrator's edit, sign-out everywhere) make. Here, not in either module, so neither imports
 * the other (issue 30).
 */

export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function updateUser(
  db: Db,
  id: number,
  changes: Partial<{ email: string; name: string; password_hash: string; is_active: number; language: string; must_change_password: number }>,
) {
  await db.updateTable('users').set({ ...changes, updated_at: nowIso() }).where('id', '=', id).execute();
}

/**
 * Ends the user's sessions: every access token issued so far is refused (the token version moves on)
 * and every login but `keepFamily` is revoked. Returns the new token version.
 */
export async function endSessions(db: Db, userId: number, keepFamily?: string) {
  const now = nowIso();
  const row = await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  let families = db.updateTable('refresh_families').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepFamily) families = families.where('id', '!=', keepFamily);
  await families.execute();
  // Tokens from before families existed are revoked one by one. Tokens of families are left alone:
  // their family decides, and not locking them here keeps a concurrent refresh (token, then family)
  // from deadlocking with this (families, then tokens).
  await db.updateTable('refresh_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).where('family_id', 'is', null).execute();
  return row.token_version;
}

/** Reset codes mailed before a password change die with it. */
export async function usePasswordResetsOf(db: Db, userId: number) {
  await db.updateTable('password_resets').set({ used_at: nowIso() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
