import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { findRecordableStateIds, findVisiblePlant, lockRucsAllowing } from './access.repository';
import type { CurrentUser } from '../../lib/current-user';

/*
 * Who may do what, in one place (DESIGN sections 4 and 12): every service asks here. The caller
 * itself (loadCurrentUser, requireAdmin) is lib/current-user.ts's, which the auth plugin uses too.
 */

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
