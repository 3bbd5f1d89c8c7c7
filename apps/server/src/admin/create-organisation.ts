import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE } from '@heliotrack/domain/constants';
import type { Db } from '../db/database';
import { createCatalogue } from '../demo/catalogue';
import { ensureRoles } from '../demo/seed';
import { hashPassword } from '../lib/passwords';
import { nowIso } from '../lib/time';

export class AdminCreateError extends Error {}

/**
 * A real installation's first organisation and administrator (`npm run admin:create`, issue 31):
 * the organisation with the standard catalogue (element types, states, a state group, transaction
 * types; no contractors yet) and an administrator with a one-time password they must change at
 * first login. One transaction: nothing is left half made.
 */
export async function createOrganisationWithAdmin(db: Db, options: { organisation: string; email: string; name?: string }) {
  const email = options.email.trim().toLowerCase();
  const organisation = options.organisation.trim();
  if (!organisation) throw new AdminCreateError('--organisation needs a name');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AdminCreateError(`--email is not an email address: ${options.email}`);
  if (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) {
    throw new AdminCreateError(`a user with the email ${email} exists already`);
  }
  // 18 random bytes: 24 characters of base64url, nothing a person could guess.
  const password = randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  const ids = await db.transaction().execute(async (trx) => {
    const roleIds = await ensureRoles(trx);
    const client = await trx
      .insertInto('clients')
      .values({ name: organisation, contact_email: email, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createCatalogue(trx, client.id, []);
    const user = await trx
      .insertInto('users')
      .values({
        client_id: client.id,
        email,
        name: options.name?.trim() || email.split('@')[0],
        password_hash: passwordHash,
        is_active: 1,
        must_change_password: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('user_roles').values({ user_id: user.id, role_id: roleIds.get(ADMIN_ROLE)! }).execute();
    return { clientId: client.id, userId: user.id };
  });
  return { ...ids, email, password };
}
