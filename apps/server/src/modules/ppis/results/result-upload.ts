import type { Db } from '../../../db/database';
import { detailError, fieldError } from '../../../lib/errors';
import type { CurrentUser } from '../../access/access.service';
import { findRoleInPpi, findVisiblePpi } from '../plans/plans.repository';
import { parseRoles } from '../templates/templates.service';

/**
 * `POST documents/` with `ppi_result_id`: the result must be of a plan the caller sees (else a 400
 * naming it, as for other owners), of an activity the caller records, on an open plan. Answers the
 * plan's plant, which the document belongs to.
 */
export async function resultForUpload(db: Db, user: CurrentUser, resultId: number): Promise<number> {
  const result = await db
    .selectFrom('ppi_results')
    .innerJoin('ppi_activities', 'ppi_activities.id', 'ppi_results.activity_id')
    .select(['ppi_results.ppi_id', 'ppi_activities.name', 'ppi_activities.roles'])
    .where('ppi_results.client_id', '=', user.clientId)
    .where('ppi_results.id', '=', resultId)
    .executeTakeFirst();
  const ppi = result && (await findVisiblePpi(db, user, result.ppi_id));
  if (!result || !ppi) throw fieldError('ppi_result_id', 'ppis.results.unknownResult', { id: resultId });
  if (ppi.status === 'closed') throw fieldError('ppi_result_id', 'ppis.results.closed');
  if (!user.isAdmin) {
    const role = await findRoleInPpi(db, ppi.id, user.id);
    const roles = parseRoles(result.roles);
    if (role === undefined || !roles.includes(role)) {
      throw detailError(403, 'ppis.results.notYourActivity', 'permission_denied', { activity: result.name, roles: roles.join(', '), role: role ?? '—' });
    }
  }
  return ppi.plant_id;
}
