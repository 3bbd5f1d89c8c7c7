import { BULK_CHUNK_SIZE } from '@heliotrack/domain/constants';
import {
  MassiveStateChangeRequest,
  type StateChangeRequest,
  StateChangeRequest as StateChangeSchema,
  type StateChangeResult,
} from '@heliotrack/domain/elements';
import { type ApiMessageKey, translate } from '@heliotrack/domain/i18n/translate';
import { namedIds, type StateChangeRefusalCode } from '@heliotrack/domain/state-change-refusals';
import { statesReaching } from '@heliotrack/domain/states';
import { ApiError } from '../../lib/api-error';
import { newClientUuid } from '../../lib/client-uuid';
import type { OfflineRequest } from '../../lib/offline-resolver';
import { getStoredUser } from '../../lib/session';
import type { Statement } from '../local-database';
import type { OutboxKind } from '../local-outbox';
import { markLocalDatabaseUsed, refreshOutboxCounts } from '../outbox-status';
import { linkPendingDocuments } from '../pending-documents';
import { resolvePlantType } from './element-type';
import { groupsOf, PATHS } from './paths';
import { idParam, language, notFound, parse, refusal, store } from './local';

/*
 * Both state changes offline (specification section 7): checked as the server checks them where the
 * device can (the state's type and activity, the plant's states, the RUC rule through the download's
 * recordable_state_ids, the elements, the depends_on rule of packages/domain), then one transaction
 * stores the request in the outbox and sets the elements' state; the answer is the server's, with
 * 'Estado actualizado correctamente!'. What the device cannot know (documents, contractors and
 * transaction types edited meanwhile, RUCs changed on the server) the server decides at sync.
 */

/** A refusal on `field` listing some `ids` (the domain's namedIds: a few, then "…and N more"). */
function idsRefusal(
  code: StateChangeRefusalCode,
  field: string,
  keys: [ApiMessageKey, ApiMessageKey],
  ids: number[],
  params: Record<string, string | number>,
) {
  const named = namedIds(ids);
  return refusal(code, field, keys[named.more === undefined ? 0 : 1], { ...params, ...named });
}

interface LocalState {
  id: number;
  element_type: number;
  name: string;
  is_active: number;
  depends_on: number | null;
}

async function record(
  request: OfflineRequest,
  kind: OutboxKind,
  plantIdText: string,
  segment: string,
  body: StateChangeRequest,
  elementIds: number[],
  provisional: number[],
  singleId?: number,
): Promise<StateChangeResult> {
  const user = getStoredUser();
  if (!user)
    throw new ApiError(401, 'Unauthorized', {
      detail: translate(language(), 'auth.notAuthenticated'),
      code: 'not_authenticated',
    });
  const { plantId, type } = await resolvePlantType(plantIdText, segment, body.element_type);
  const local = await store();

  const [download] = await local.call(
    'select',
    'SELECT recordable_state_ids, elements_version FROM plant_download WHERE plant_id = ?',
    [plantId],
  );
  const elementsVersion = Number(download?.elements_version ?? 0);
  const ids = [...new Set(elementIds)];
  if (singleId !== undefined) {
    const [found] = await local.call(
      'select',
      'SELECT id FROM element WHERE plant_id = ? AND id = ? AND type_id = ?',
      [plantId, singleId, type.id],
    );
    if (!found) throw notFound();
  }
  if (body.element_type !== type.id) {
    throw refusal('element_type_mismatch', 'element_type', 'stateChanges.elementTypeMismatch', {
      expected: `${type.code} (${type.id})`,
    });
  }
  const clientUuid = body.client_uuid ?? newClientUuid();
  const answer = (stateId: number): StateChangeResult => ({
    // No server id yet: the history record is made at sync.
    id: 0,
    element_count: ids.length,
    state: stateId,
    detail: translate(language(), 'stateChanges.success'),
    elements_version: elementsVersion,
  });
  // A resent action (the same client uuid) is answered again without a second entry.
  const [earlier] = await local.call('select', 'SELECT client_uuid FROM outbox WHERE client_uuid = ?', [
    clientUuid,
  ]);
  if (earlier) return answer(body.state);

  const states = (await local.call(
    'select',
    'SELECT id, element_type, name, is_active, depends_on FROM state WHERE element_type = ?',
    [type.id],
  )) as unknown as LocalState[];
  const state = states.find((s) => s.id === body.state);
  if (!state) {
    const [other] = await local.call('select', 'SELECT name FROM state WHERE id = ?', [body.state]);
    if (other)
      throw refusal('state_of_another_type', 'state', 'stateChanges.stateOfAnotherType', {
        state: String(other.name),
      });
    throw refusal('state_unknown', 'state', 'stateChanges.unknownState', { id: body.state });
  }
  if (!state.is_active)
    throw refusal('state_not_recordable', 'state', 'stateChanges.stateInactive', { state: state.name });
  const [inPlant] = await local.call(
    'select',
    'SELECT 1 AS yes FROM plant_state WHERE plant_id = ? AND state_id = ?',
    [plantId, state.id],
  );
  if (!inPlant)
    throw refusal('state_not_recordable', 'state', 'stateChanges.stateNotInGroup', { state: state.name });
  const recordable = JSON.parse(String(download?.recordable_state_ids ?? '[]')) as number[];
  if (!recordable.includes(state.id))
    throw refusal('state_not_recordable', 'state', 'stateChanges.stateNotAllowed', { state: state.name });

  const current: { id: number; state_id: number | null }[] = [];
  for (let i = 0; i < ids.length; i += BULK_CHUNK_SIZE) {
    const rows = await local.call(
      'select',
      'SELECT id, state_id FROM element WHERE plant_id = ? AND type_id = ? AND id IN (SELECT value FROM json_each(?))',
      [plantId, type.id, JSON.stringify(ids.slice(i, i + BULK_CHUNK_SIZE))],
    );
    current.push(...(rows as unknown as { id: number; state_id: number | null }[]));
  }
  if (current.length !== ids.length) {
    const found = new Set(current.map((e) => e.id));
    const missing = ids.filter((id) => !found.has(id));
    throw idsRefusal(
      'element_not_found',
      'element_ids',
      ['stateChanges.elementsNotFound', 'stateChanges.elementsNotFoundMore'],
      missing,
      { type: type.code },
    );
  }
  if (state.depends_on !== null) {
    const reaching = statesReaching(state.depends_on, states);
    const behind = current.filter((e) => e.state_id === null || !reaching.has(e.state_id)).map((e) => e.id);
    if (behind.length) {
      const required = states.find((s) => s.id === state.depends_on)?.name ?? String(state.depends_on);
      throw idsRefusal(
        'depends_on_not_reached',
        'state',
        ['stateChanges.dependsOnNotReached', 'stateChanges.dependsOnNotReachedMore'],
        behind.sort((a, b) => a - b),
        {
          state: state.name,
          required,
        },
      );
    }
  }

  const now = new Date().toISOString();
  const writes: Statement[] = [];
  if (provisional.length) {
    // Documents kept on the device: this user's, of this plant, not taken by another change.
    const kept = await local.call('findPendingDocuments', provisional);
    const unavailable = provisional.filter((id) => {
      const document = kept.find((k) => k.provisional_id === id);
      return !document || document.plant_id !== plantId || document.user_id !== user.id || (document.outbox_uuid !== null && document.outbox_uuid !== clientUuid);
    });
    if (unavailable.length) {
      throw refusal('documents_unavailable', 'documents', 'stateChanges.documentsUnavailable', { ids: unavailable.join(', ') });
    }
    writes.push(linkPendingDocuments(clientUuid, provisional));
  }
  for (let i = 0; i < ids.length; i += BULK_CHUNK_SIZE) {
    writes.push({
      // The last contractor stays when the change names none, as on the server.
      sql: `UPDATE element SET state_id = ?, updated_at = ?, last_state_change_contractor_id = COALESCE(?, last_state_change_contractor_id)
            WHERE plant_id = ? AND id IN (SELECT value FROM json_each(?))`,
      params: [
        state.id,
        now,
        body.contractor ?? null,
        plantId,
        JSON.stringify(ids.slice(i, i + BULK_CHUNK_SIZE)),
      ],
    });
  }
  await local.call(
    'enqueueOutbox',
    {
      clientUuid,
      userId: user.id,
      kind,
      // The technician's time travels as recorded_at; the server keeps it beside its own.
      request: {
        method: 'POST',
        path: request.path,
        body: { ...body, client_uuid: clientUuid, recorded_at: now },
      },
      elementIds: ids,
      recordedAt: now,
    },
    writes,
  );
  markLocalDatabaseUsed();
  void refreshOutboxCounts().catch(() => undefined);
  return answer(state.id);
}

/**
 * Parses a state change whose `documents` may hold provisional ids (negative: documents kept on the
 * device by the offline `POST documents/`, handlers/documents.ts). The schema checks their count and
 * that they are integers on their absolute values; the body keeps them negative, for the sync.
 */
function parseChange<T extends { documents: number[] }>(parseBody: (value: unknown) => T, raw: unknown) {
  const given = (raw as { documents?: unknown } | null)?.documents;
  if (!Array.isArray(given)) return { body: parseBody(raw), provisional: [] as number[] };
  const isProvisional = (d: unknown): d is number => Number.isInteger(d) && (d as number) < 0;
  const provisional = [...new Set(given.filter(isProvisional))];
  const body = parseBody({ ...(raw as object), documents: given.map((d) => (isProvisional(d) ? -d : d)) });
  return { body: { ...body, documents: body.documents.map((d, i) => (isProvisional(given[i]) ? (given[i] as number) : d)) }, provisional };
}

export const stateChangeHandlers = {
  single: async (request: OfflineRequest) => {
    const match = groupsOf(PATHS.stateChange, request.path);
    if (!match) throw notFound();
    const [plantIdText, segment, elementIdText] = match;
    const elementId = idParam(elementIdText);
    const { body, provisional } = parseChange((value) => parse(StateChangeSchema, value), request.body);
    if (body.element_ids && (body.element_ids.length !== 1 || body.element_ids[0] !== elementId)) {
      throw refusal('element_ids_mismatch', 'element_ids', 'stateChanges.elementIdsMismatch', {
        id: elementId,
      });
    }
    return record(request, 'state_change', plantIdText, segment, body, [elementId], provisional, elementId);
  },
  massive: async (request: OfflineRequest) => {
    const match = groupsOf(PATHS.massiveStateChange, request.path);
    if (!match) throw notFound();
    const [plantIdText, segment] = match;
    const { body, provisional } = parseChange((value) => parse(MassiveStateChangeRequest, value), request.body);
    return record(request, 'massive_state_change', plantIdText, segment, body, body.element_ids, provisional);
  },
};
