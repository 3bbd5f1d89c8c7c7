import { translate } from '@heliotrack/domain/i18n/translate';
import {
  activityRefusal,
  closedRefusal,
  dayOf,
  equipmentRefusal,
  type PpiResultRefusal,
  resultDateOf,
} from '@heliotrack/domain/ppi-result-rule';
import { ListElementsQuery, type PpiResultWriteAnswer, PpiResultsQuery, ResultUpdate } from '@heliotrack/domain/ppi-results';
import { PpiListQuery } from '@heliotrack/domain/ppis';
import { ApiError } from '../../lib/api-error';
import { newClientUuid } from '../../lib/client-uuid';
import type { OfflineRequest } from '../../lib/offline-resolver';
import { getStoredUser } from '../../lib/session';
import { markLocalDatabaseUsed, refreshOutboxCounts } from '../outbox-status';
import { idParam, language, notFound, parse, queryObject, store } from './local';

/*
 * The PPI paths an inspector uses in the field (issue 36), answered from the PPI sections of the
 * plant downloads (local-ppis.ts) in the server's shapes: the PPIs the user is linked to, the user's
 * permissions on one, the calibration equipment, the register's results and one result; and
 * recording one result (`update-result`) into the outbox with its client uuid, its time of
 * observation and the download's version, shown on the device at once. What the device can check it
 * checks with the server's rule (packages/domain ppi-result-rule.ts): a closed PPI, another role's
 * activity, a future day, unknown or expired calibration equipment; the server decides again at sync.
 */

/** The rule's refusal as the server answers it: 400 on the field, or 403 with `refusal`. */
function refuse(found: PpiResultRefusal | null) {
  if (!found) return;
  const { code, field, key, params } = found;
  const text = translate(language(), key, params);
  if (found.status === 403) throw new ApiError(403, 'Forbidden', { detail: text, code: 'permission_denied', refusal: code });
  throw new ApiError(400, 'Bad Request', { [field]: [text], code });
}

/** The device holds no such PPI (not downloaded, or not the user's): the server's 404. */
async function heldPpi(ppiIdText: string | undefined) {
  const ppi = await (await store()).call('findPpi', idParam(ppiIdText));
  if (!ppi) throw notFound();
  return ppi;
}

export const ppiHandlers = {
  /** `GET user-linked-ppis` */
  linked: async (request: OfflineRequest) => {
    const filters = parse(PpiListQuery, queryObject(request.query));
    const list = await (await store()).call('listLinkedPpis', filters);
    // A template filter needs the server (the device keeps no templates): an empty answer would mislead.
    if (!list) throw new ApiError(0, 'No connection', null);
    return list;
  },
  /** `GET ppis/{id}/user-ppi-permissions` */
  permissions: async (request: OfflineRequest) => (await heldPpi(request.params.ppiId)).permissions,
  /** `GET calibration-equipment/` */
  equipment: async () => (await store()).call('listEquipment'),
  /** `GET ppis/{id}/list-elements` (paged): the register's table. */
  elements: async (request: OfflineRequest) => {
    const ppiId = idParam(request.params.ppiId);
    const query = parse(ListElementsQuery, queryObject(request.query));
    const search = request.query.toString();
    const page = await (await store()).call('listPpiElements', ppiId, query, `/api/${request.path}${search ? `?${search}` : ''}`);
    if (!page) throw notFound();
    return page;
  },
  /** `GET ppis/{id}/ppi-results` (paged, newest first). */
  results: async (request: OfflineRequest) => {
    const ppiId = idParam(request.params.ppiId);
    const query = parse(PpiResultsQuery, queryObject(request.query));
    const search = request.query.toString();
    const page = await (await store()).call('listPpiResults', ppiId, query, `/api/${request.path}${search ? `?${search}` : ''}`);
    if (!page) throw notFound();
    return page;
  },
  /** `GET ppis/{id}/ppi-results/{rid}/` */
  result: async (request: OfflineRequest) => {
    const found = await (await store()).call('getPpiResult', idParam(request.params.ppiId), idParam(request.params.resultId));
    if (!found) throw notFound();
    return found;
  },
  /** `PATCH ppis/{id}/ppi-results/{rid}/update-result/` */
  updateResult: async (request: OfflineRequest): Promise<PpiResultWriteAnswer> => {
    const user = getStoredUser();
    if (!user)
      throw new ApiError(401, 'Unauthorized', { detail: translate(language(), 'auth.notAuthenticated'), code: 'not_authenticated' });
    const ppiId = idParam(request.params.ppiId);
    const resultId = idParam(request.params.resultId);
    const body = parse(ResultUpdate, request.body);
    if (body.documents?.length) {
      // Documents kept on the device for a result are not offline yet: the server's own refusal would follow at sync.
      throw new ApiError(0, 'No connection', null);
    }
    const local = await store();
    const facts = await local.call('resultWriteFacts', ppiId, resultId, body.equipment);
    if (!facts.ppi || !facts.result) throw notFound();
    const { ppi, result } = facts;
    const clientUuid = body.client_uuid ?? newClientUuid();
    const now = new Date().toISOString();

    // A resent write (the same client uuid) is answered again without a second entry.
    const [earlier] = await local.call('select', 'SELECT client_uuid FROM outbox WHERE client_uuid = ?', [clientUuid]);
    if (!earlier) {
      refuse(closedRefusal(ppi, null));
      const day = resultDateOf(body.result_date, now, now);
      if ('code' in day) refuse(day);
      const resultDate = 'date' in day ? day.date : dayOf(now);
      const activity = ppi.activities.find((a) => a.id === result.activity_id);
      refuse(
        activityRefusal(activity, {
          activityId: result.activity_id,
          field: 'activity',
          isAdmin: ppi.permissions.can_manage,
          role: ppi.permissions.role,
        }),
      );
      if (body.equipment !== null) {
        refuse(equipmentRefusal(facts.equipment, { id: body.equipment, field: 'equipment', resultDate }));
      }
      const role = ppi.permissions.role ?? '';
      await local.call(
        'enqueueOutbox',
        {
          clientUuid,
          userId: user.id,
          kind: 'ppi_result',
          // The inspector's time travels as recorded_at, the download's version as known_elements_version:
          // the server merges results by them (DESIGN section 6).
          request: {
            method: 'PATCH',
            path: request.path.replace(/^\/+/, ''),
            body: {
              ...body,
              result_date: resultDate,
              client_uuid: clientUuid,
              recorded_at: now,
              ...(facts.elementsVersion === null ? {} : { known_elements_version: facts.elementsVersion }),
            },
          },
          elementIds: [result.element_id],
          recordedAt: now,
        },
        [
          {
            sql: `UPDATE ppi_result SET result = ?, observations = ?, equipment_id = ?, result_date = ?, user_id = ?, author_name = ?,
                         role = ?, observed_at = ?, updated_at = ?, pending_uuid = ? WHERE id = ?`,
            params: [body.result, body.observations, body.equipment, resultDate, user.id, user.name ?? '', role, now, now, clientUuid, result.id],
          },
        ],
      );
      markLocalDatabaseUsed();
      void refreshOutboxCounts().catch(() => undefined);
    }
    const current = await local.call('getPpiResult', ppiId, resultId);
    if (!current) throw notFound();
    return {
      ...current,
      // On the device the write is the result's latest; the server merges it at sync.
      applied_count: 1,
      late_count: 0,
      conflict_count: 0,
      elements_version: facts.elementsVersion ?? 0,
    };
  },
};
