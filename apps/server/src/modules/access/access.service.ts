import { ADMIN_ROLE, VIEWER_ROLE } from '@heliotrack/domain/constants';
import type { Db } from '../../db/database';
import { forbidden, notFound } from '../../lib/errors';
import { findRecordableStateIds, findUserWithRoles, findVisiblePlant, lockRucsAllowing } from './access.repository';
import type { CurrentUser } from '../../lib/current-user';

/*
 * Who may do what, in one place (DESIGN sections 4 and 12): every service asks here, and the auth
 * plugin loads the caller here on every request.
 */

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

/**
 * The access check every plant-scoped handler starts with: a plant of another organisation, or one
 * the user is not authorised on, is simply not found.
 */
export async function requirePlant(db: Db, user: CurrentUser, plantId: number) {
  const plant = await findVisiblePlant(db, user, plantId);
  if (!plant) throw notFound();
  return plant;
}

/**
 * The RUC rule of DESIGN sections 4 and 12: which states `user` may record on `plantId`.
 * Administrators may record any state; anybody else only the states of their active RUCs on that
 * plant, and nothing at all (an empty set) without one: they may look but not record. RUCs on a
 * plant the user is no longer authorised on count for nothing. Offline downloads send it to the
 * device; the state-change service checks one state with mayRecordState.
 */
export async function recordableStateIds(
  db: Db,
  user: Pick<CurrentUser, 'id' | 'clientId' | 'isAdmin'>,
  plantId: number,
): Promise<Set<number> | 'all'> {
  if (user.isAdmin) return 'all';
  return new Set(await findRecordableStateIds(db, user.id, user.clientId, plantId));
}

/**
 * The same rule for one state, inside the transaction that records it (DESIGN section 10): the rows
 * that allow it stay locked until that transaction ends (see lockRucsAllowing).
 */
export async function mayRecordState(trx: Db, user: Pick<CurrentUser, 'id' | 'clientId' | 'isAdmin'>, plantId: number, stateId: number) {
  return user.isAdmin || lockRucsAllowing(trx, user.id, user.clientId, plantId, stateId);
}
