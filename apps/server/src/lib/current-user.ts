import { ADMIN_ROLE, VIEWER_ROLE } from '@heliotrack/domain/constants';
import type { Db } from '../db/database';
import { queryTemplate } from '../db/query-template';
import { forbidden } from './errors';

/** The caller, loaded on every authenticated request (so deactivation takes effect at once). */
export interface CurrentUser {
  id: number;
  clientId: number;
  email: string;
  name: string;
  language: string;
  roles: string[];
  isAdmin: boolean;
  /** Holds only the viewer role (VI): reads, never writes (plugins/account-guards.ts). */
  isViewer?: boolean;
  /** Signed in with the one-time password of `admin:create`: must choose their own first. */
  mustChangePassword?: boolean;
}

/**
 * A user and the codes of their roles in one statement (one row per role, or one with no role): the
 * auth plugin reads this on every request. Only what it checks and keeps: never the password hash.
 */
const userWithRoles = queryTemplate({ id: 0 }, (db, { id }) =>
  db
    .selectFrom('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('roles', 'roles.id', 'user_roles.role_id')
    .select([
      'users.id',
      'users.client_id',
      'users.email',
      'users.name',
      'users.language',
      'users.must_change_password',
      'users.is_active',
      'users.token_version',
      'roles.code as role_code',
    ])
    .where('users.id', '=', id)
    .orderBy('roles.id'),
);

async function findUserWithRoles(db: Db, id: number) {
  const { rows } = await userWithRoles(db, { id });
  if (rows.length === 0) return undefined;
  const { role_code: _, ...user } = rows[0];
  return { user, roles: rows.flatMap((r) => (r.role_code === null ? [] : [r.role_code])) };
}

/** The caller of a request, or null when the user is gone; with what the auth plugin checks. */
export async function loadCurrentUser(db: Db, userId: number): Promise<(CurrentUser & { isActive: boolean; tokenVersion: number }) | null> {
  const found = await findUserWithRoles(db, userId);
  if (!found) return null;
  const { user: row, roles } = found;
  return {
    id: row.id,
    clientId: row.client_id,
    email: row.email,
    name: row.name,
    language: row.language,
    roles,
    isAdmin: roles.includes(ADMIN_ROLE),
    isViewer: roles.length > 0 && roles.every((role) => role === VIEWER_ROLE),
    mustChangePassword: row.must_change_password === 1,
    isActive: row.is_active === 1,
    tokenVersion: row.token_version,
  };
}

/** Administrator-only endpoints answer 403 to everybody else (DESIGN section 4). */
export function requireAdmin(user: CurrentUser) {
  if (!user.isAdmin) throw forbidden();
}
