import { ADMIN_ROLE, VIEWER_ROLE } from '@heliotrack/domain/constants';
import type { Db } from '../../db/database';
import { forbidden, notFound } from '../../lib/errors';
import { findRolesOfUsers, findUserById, findVisiblePlant } from './access.repository';

/*
 * Who may do what, in one place (DESIGN sections 4 and 12): every service asks here, and the auth
 * plugin loads the caller here on every request.
 */

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

export async function loadCurrentUser(db: Db, userId: number): Promise<(CurrentUser & { isActive: boolean; tokenVersion: number }) | null> {
  const row = await findUserById(db, userId);
  if (!row) return null;
  const roles = (await findRolesOfUsers(db, [row.id])).map((r) => r.code);
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

/**
 * The access check every plant-scoped handler starts with: a plant of another organisation, or one
 * the user is not authorised on, is simply not found.
 */
export async function requirePlant(db: Db, user: CurrentUser, plantId: number) {
  const plant = await findVisiblePlant(db, user, plantId);
  if (!plant) throw notFound();
  return plant;
}
