import { translate } from '@heliotrack/domain/i18n/translate';
import {
  activityRefusal,
  closedRefusal,
  dayOf,
  documentsRefusal,
  documentsUnavailableRefusal,
  equipmentRefusal,
  type PpiResultRefusal,
  resultDateOf,
  unlinkedRefusal,
} from '@heliotrack/domain/ppi-result-rule';
import {
  BulkResultRequest,
  ListElementsQuery,
  MassiveResultRequest,
  type PpiResultWriteAnswer,
  PpiResultsQuery,
  type PpiResultValue,
  ResultUpdate,
  type ResultWriteAnswer,
} from '@heliotrack/domain/ppi-results';
import { type ActivityDetail, PpiListQuery } from '@heliotrack/domain/ppis';
import { isAdministrator } from '@heliotrack/domain/roles';
import { ApiError } from '../../lib/api-error';
import { newClientUuid } from '../../lib/client-uuid';
import type { OfflineRequest } from '../../lib/offline-resolver';
import { getStoredUser } from '../../lib/session';
import type { LocalPpi } from '../local-ppis';
import { markLocalDatabaseUsed, refreshOutboxCounts } from '../outbox-status';
import { linkPendingDocuments } from '../pending-documents';
import { resultWriteStatements } from '../ppi-result-writes';
import { parseWithProvisionalDocuments, unavailablePendingDocuments } from './documents';
import { idParam, language, notFound, parse, queryObject, store } from './local';

/*
 * The PPI paths an inspector uses in the field (issue 36), answered from the PPI sections of the
 * plant downloads (local-ppis.ts) in the server's shapes: the PPIs the user is linked to, one PPI,
 * the user's permissions on it, its activities' counts, the calibration equipment, the register's
 * table, its results and one result; and recording results, one (`update-result`) or one activity's
 * on several elements (`bulk-update-results`), into the outbox with a client uuid, a time of
 * observation and the download's version, shown on the device at once (recordResults below).
 * Photos chosen offline wait on the device (handlers/documents.ts) and go up before their result.
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

/** A result id of a path: the server's (positive), or a temporary one the device made offline (negative). */
function resultIdParam(text: string | undefined): number {
  if (text?.startsWith('-')) return -idParam(text.slice(1));
  return idParam(text);
}

type WriteFacts = { ppi: LocalPpi; equipment: { id: number; name: string; expiry_date: string }[]; elementsVersion: number | null };

/** One activity's result in a write, with the fields a refusal names. */
interface ActivityEntry {
  activityId: number;
  values: { result: PpiResultValue; observations: string; equipment: number | null };
  activityField: string;
  equipmentField: string;
}

/** What one offline write records: one or several activities' results on some elements. */
interface ResultWrite {
  entries: ActivityEntry[];
  elementIds: number[];
  body: { client_uuid?: string | undefined; result_date?: string | undefined; documents?: number[] | undefined };
  /** The documents kept on the device (negative ids) the write names. */
  provisional?: number[];
  /** The elements among elementIds linked to the PPI, when they must be checked. */
  linked?: () => Promise<number[]>;
}

type SentBody = Record<string, unknown> & { result_date: string; client_uuid: string; recorded_at: string };

/** The one activity of `update-result` and `bulk-update-results`, as the server names its fields. */
const oneActivity = (activityId: number, values: ActivityEntry['values']): ActivityEntry[] => [
  { activityId, values, activityField: 'activity', equipmentField: 'equipment' },
];

/**
 * Checks a write as the server does where the device can (a closed PPI, a future day, another
 * role's activity, unlinked elements, unknown or expired equipment: packages/domain
 * ppi-result-rule.ts), then stores it in the outbox with its client uuid, its time of observation
 * and the download's version, and shows it on the device, in one transaction. A resend (the same
 * client uuid) is answered again without a second entry. The server decides again at sync.
 */
async function recordResults(
  facts: WriteFacts,
  write: ResultWrite,
  outboxRequest: (sent: SentBody) => { method: 'POST' | 'PATCH'; path: string; body: unknown },
): Promise<{ resultDate: string; elementsVersion: number }> {
  const user = getStoredUser();
  if (!user)
    throw new ApiError(401, 'Unauthorized', { detail: translate(language(), 'auth.notAuthenticated'), code: 'not_authenticated' });
  const { body } = write;
  const { ppi } = facts;
  const local = await store();
  const clientUuid = body.client_uuid ?? newClientUuid();
  const now = new Date().toISOString();
  const elementsVersion = facts.elementsVersion ?? 0;
  const [earlier] = await local.call('select', 'SELECT payload FROM outbox WHERE client_uuid = ?', [clientUuid]);
  if (earlier) {
    const sent = (JSON.parse(String(earlier.payload)) as { body: { result_date?: string } }).body;
    return { resultDate: sent.result_date ?? dayOf(now), elementsVersion };
  }
  refuse(closedRefusal(ppi, null));
  const day = resultDateOf(body.result_date, now, now);
  if ('code' in day) refuse(day);
  const resultDate = 'date' in day ? day.date : dayOf(now);
  for (const entry of write.entries) {
    refuse(
      activityRefusal(
        ppi.activities.find((a) => a.id === entry.activityId),
        { activityId: entry.activityId, field: entry.activityField, isAdmin: ppi.permissions.can_manage, role: ppi.permissions.role },
      ),
    );
  }
  if (write.linked) refuse(unlinkedRefusal(write.elementIds, await write.linked()));
  refuse(documentsRefusal(body.documents, write.elementIds.length));
  for (const { values, equipmentField } of write.entries) {
    if (values.equipment === null) continue;
    const equipment = facts.equipment.find((e) => e.id === values.equipment);
    refuse(equipmentRefusal(equipment, { id: values.equipment, field: equipmentField, resultDate }));
  }
  // Photos kept on the device: this user's, of the PPI's plant, not taken by another write. They
  // leave it with the outbox entry (removeOutbox), once the server took or refused the result.
  const provisional = write.provisional ?? [];
  const unavailable = await unavailablePendingDocuments(provisional, { plantId: ppi.plant_id, userId: user.id, clientUuid });
  refuse(documentsUnavailableRefusal(provisional, provisional.filter((id) => !unavailable.includes(id))));

  const sent: SentBody = {
    ...body,
    result_date: resultDate,
    client_uuid: clientUuid,
    // The inspector's time travels as recorded_at, the download's version as known_elements_version:
    // the server merges results by them (DESIGN section 6).
    recorded_at: now,
    ...(facts.elementsVersion === null ? {} : { known_elements_version: facts.elementsVersion }),
  };
  const shown = write.entries.flatMap(({ activityId, values }) =>
    resultWriteStatements({
      ppiId: ppi.id,
      activityId,
      elementIds: write.elementIds,
      ...values,
      resultDate,
      user: { id: user.id, name: user.name ?? '' },
      role: ppi.permissions.role ?? '',
      at: now,
      clientUuid,
    }),
  );
  if (provisional.length) shown.push(linkPendingDocuments(clientUuid, provisional));
  await local.call(
    'enqueueOutbox',
    { clientUuid, userId: user.id, kind: 'ppi_result', request: outboxRequest(sent), elementIds: write.elementIds, recordedAt: now },
    shown,
  );
  markLocalDatabaseUsed();
  void refreshOutboxCounts().catch(() => undefined);
  return { resultDate, elementsVersion };
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
  /** `GET ppis-admin-list` (administrators): the PPIs held on the device, in the server's shape and order. */
  adminList: async (request: OfflineRequest) => {
    if (!isAdministrator(getStoredUser()))
      throw new ApiError(403, 'Forbidden', { detail: translate(language(), 'errors.forbidden'), code: 'permission_denied' });
    const filters = parse(PpiListQuery, queryObject(request.query));
    const list = await (await store()).call('listHeldPpis', filters);
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
    const found = await (await store()).call('getPpiResult', idParam(request.params.ppiId), resultIdParam(request.params.resultId));
    if (!found) throw notFound();
    return found;
  },
  /** `GET ppis/{id}/ppi-results/{rid}/other-roles-result`: any result, read-only. */
  otherRolesResult: async (request: OfflineRequest) => {
    const found = await (await store()).call('getPpiResult', idParam(request.params.ppiId), resultIdParam(request.params.resultId));
    if (!found) throw notFound();
    return { ...found, editable: false };
  },
  /** `GET ppis/{id}`: the plan, as the register shows it. */
  detail: async (request: OfflineRequest) => {
    const found = await (await store()).call('getPpiDetail', idParam(request.params.ppiId));
    if (!found) throw notFound();
    return found;
  },
  /** `GET ppis/{id}/activities/{aid}`: an activity with its plan (the activity details page), from the PPI held here. */
  activity: async (request: OfflineRequest): Promise<ActivityDetail> => {
    const ppi = await (await store()).call('getPpiDetail', idParam(request.params.ppiId));
    const activityId = idParam(request.params.activityId);
    const activity = ppi?.activities.find((a) => a.id === activityId);
    if (!ppi || !activity) throw notFound();
    const { id, code, name, plant, element_type, status } = ppi;
    return { ...activity, ppi: { id, code, name, plant, element_type, status } };
  },
  /** `GET ppis/{id}/activity-summary`, `user-activities-summary` and `other-roles-activity-summary`. */
  counts: async (request: OfflineRequest) => {
    const ppi = await heldPpi(request.params.ppiId);
    const counts = (await (await store()).call('ppiActivityCounts', ppi.id)) ?? [];
    const mine = new Set(ppi.permissions.recordable_activities);
    if (/\/user-activities-summary\/?$/.test(request.path)) return counts.filter((c) => mine.has(c.activity.id));
    if (/\/other-roles-activity-summary\/?$/.test(request.path)) return counts.filter((c) => !mine.has(c.activity.id));
    return counts;
  },
  /** `PATCH ppis/{id}/ppi-results/{rid}/update-result/` */
  updateResult: async (request: OfflineRequest): Promise<PpiResultWriteAnswer> => {
    const ppiId = idParam(request.params.ppiId);
    const resultId = resultIdParam(request.params.resultId);
    const { body, provisional } = parseWithProvisionalDocuments((value) => parse(ResultUpdate, value), request.body);
    const facts = await (await store()).call('resultWriteFacts', ppiId, resultId, body.equipment);
    if (!facts.ppi || !facts.result) throw notFound();
    const { result } = facts;
    // A result made offline (a temporary id) is unknown to the server: its new values travel as a
    // write of the activity on its element, which the server keys the same way.
    const path =
      resultId < 0 ? `ppis/${ppiId}/bulk-update-results/` : request.path.replace(/^\/+/, '');
    const { elementsVersion } = await recordResults(
      { ...facts, ppi: facts.ppi },
      { entries: oneActivity(result.activity_id, body), elementIds: [result.element_id], body, provisional },
      (sent) =>
        resultId < 0
          ? { method: 'POST', path, body: { ...sent, activity: result.activity_id, element_ids: [result.element_id] } }
          : { method: 'PATCH', path, body: sent },
    );
    const current = await (await store()).call('getPpiResult', ppiId, resultId);
    if (!current) throw notFound();
    // On the device the write is the result's latest; the server merges it at sync.
    return { ...current, applied_count: 1, late_count: 0, conflict_count: 0, elements_version: elementsVersion };
  },
  /** `POST ppis/{id}/bulk-update-results/`: one activity's result on several linked elements, all or nothing. */
  bulkResults: async (request: OfflineRequest): Promise<ResultWriteAnswer> => {
    const ppiId = idParam(request.params.ppiId);
    const { body, provisional } = parseWithProvisionalDocuments((value) => parse(BulkResultRequest, value), request.body);
    const local = await store();
    const facts = await local.call('writeFacts', ppiId, body.equipment === null ? [] : [body.equipment]);
    if (!facts.ppi) throw notFound();
    const ids = [...new Set(body.element_ids)];
    const { resultDate, elementsVersion } = await recordResults(
      { ...facts, ppi: facts.ppi },
      { entries: oneActivity(body.activity, body), elementIds: ids, body, provisional, linked: () => local.call('linkedAmong', ppiId, ids) },
      (sent) => ({ method: 'POST', path: request.path.replace(/^\/+/, ''), body: { ...sent, activity: body.activity, element_ids: ids } }),
    );
    return {
      written: ids.length,
      element_count: ids.length,
      activity_count: 1,
      result_date: resultDate,
      // On the device the write is the results' latest; the server merges it at sync.
      applied_count: ids.length,
      late_count: 0,
      conflict_count: 0,
      elements_version: elementsVersion,
    };
  },
  /** `POST ppis/{id}/massive-activities-updates/`: several activities, each with its result, on several linked elements, all or nothing. */
  massiveResults: async (request: OfflineRequest): Promise<ResultWriteAnswer> => {
    const ppiId = idParam(request.params.ppiId);
    const body = parse(MassiveResultRequest, request.body);
    const local = await store();
    const equipmentIds = body.activities.flatMap((a) => (a.equipment === null ? [] : [a.equipment]));
    const facts = await local.call('writeFacts', ppiId, equipmentIds);
    if (!facts.ppi) throw notFound();
    const ids = [...new Set(body.element_ids)];
    const entries = body.activities.map((a, index) => ({
      activityId: a.activity,
      values: a,
      activityField: `activities.${index}.activity`,
      equipmentField: `activities.${index}.equipment`,
    }));
    const { resultDate, elementsVersion } = await recordResults(
      { ...facts, ppi: facts.ppi },
      { entries, elementIds: ids, body, linked: () => local.call('linkedAmong', ppiId, ids) },
      (sent) => ({ method: 'POST', path: request.path.replace(/^\/+/, ''), body: { ...sent, element_ids: ids } }),
    );
    const written = ids.length * entries.length;
    return {
      written,
      element_count: ids.length,
      activity_count: entries.length,
      result_date: resultDate,
      applied_count: written,
      late_count: 0,
      conflict_count: 0,
      elements_version: elementsVersion,
    };
  },
};
