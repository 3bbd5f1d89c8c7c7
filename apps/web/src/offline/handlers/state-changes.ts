import { BULK_CHUNK_SIZE } from '@heliotrack/domain/constants';
import {
  MassiveStateChangeRequest,
  type StateChangeRequest,
  StateChangeRequest as StateChangeSchema,
  type StateChangeResult,
} from '@heliotrack/domain/elements';
import { translate } from '@heliotrack/domain/i18n/translate';
import {
  dependsOnRefusal,
  elementIdsRefusal,
  elementTypeRefusal,
  missingElementsRefusal,
  type RuleRefusal,
  stateRefusal,
} from '@heliotrack/domain/state-change-rule';
import { ApiError } from '../../lib/api-error';
import { newClientUuid } from '../../lib/client-uuid';
import type { OfflineRequest } from '../../lib/offline-resolver';
import { getStoredUser } from '../../lib/session';
import type { SqlParams, Statement } from '../local-database';
import type { OutboxKind } from '../local-outbox';
import { markLocalDatabaseUsed, refreshOutboxCounts } from '../outbox-status';
import { linkPendingDocuments } from '../pending-documents';
import { parseWithProvisionalDocuments, unavailablePendingDocuments } from './documents';
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

/** Throws the rule's refusal, if any, as the server's 400 in the user's language. */
function refuse(found: RuleRefusal | null) {
  if (found) throw refusal(found.code, found.field, found.key, found.params);
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

  const ids = [...new Set(elementIds)];
  const clientUuid = body.client_uuid ?? newClientUuid();
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += BULK_CHUNK_SIZE) chunks.push(ids.slice(i, i + BULK_CHUNK_SIZE));
  // Every read at once: the worker answers them one after the other, and the page waits for them
  // once instead of once per read. Each wait is a turn of the page's thread, which a loaded device
  // gives late (measured up to 0.8 s between two reads, at a load of 11 on 2 cores).
  const select = (sql: string, params: SqlParams) => local.call('select', sql, params);
  const [[download], found, [earlier], stateRows, [other], [inPlant], ...currentChunks] = await Promise.all([
    select('SELECT recordable_state_ids, elements_version FROM plant_download WHERE plant_id = ?', [plantId]),
    singleId === undefined
      ? Promise.resolve([])
      : select('SELECT id FROM element WHERE plant_id = ? AND id = ? AND type_id = ?', [plantId, singleId, type.id]),
    // A resent action (the same client uuid) is answered again without a second entry.
    select('SELECT client_uuid FROM outbox WHERE client_uuid = ?', [clientUuid]),
    select('SELECT id, element_type, name, is_active, depends_on FROM state WHERE element_type = ?', [type.id]),
    // The requested state when it is not of this type (the refusal names it).
    select('SELECT name, element_type FROM state WHERE id = ?', [body.state]),
    select('SELECT 1 AS yes FROM plant_state WHERE plant_id = ? AND state_id = ?', [plantId, body.state]),
    // The elements of a change are read and written by id (the rowid), never through an index on
    // plant_id: without statistics (a download runs no ANALYZE) SQLite prefers `plant_id = ?` on the
    // bbox index, or `plant_id = ? AND type_id = ?` on a type index, to `id IN (…)`, and visited every
    // element of the plant (or of the type) to change one: on a plant of 500,000 elements, both indexes
    // read whole, from OPFS when not cached (right after a download). The unary `+` keeps a column out
    // of the index choice, so the id lookup is the only plan (handlers/state-changes.test.ts).
    ...chunks.map((chunk) =>
      select('SELECT id, state_id FROM element WHERE +plant_id = ? AND +type_id = ? AND id IN (SELECT value FROM json_each(?))', [
        plantId,
        type.id,
        JSON.stringify(chunk),
      ]),
    ),
  ]);
  const elementsVersion = Number(download?.elements_version ?? 0);
  if (singleId !== undefined && !found.length) throw notFound();
  refuse(elementTypeRefusal(type, body.element_type));
  const answer = (stateId: number): StateChangeResult => ({
    // No server id yet: the history record is made at sync.
    id: 0,
    element_count: ids.length,
    state: stateId,
    detail: translate(language(), 'stateChanges.success'),
    elements_version: elementsVersion,
    // On the device the change is the elements' latest; the server merges it at sync (DESIGN section 6).
    applied_count: ids.length,
    late_count: 0,
    conflict_count: 0,
  });
  if (earlier) return answer(body.state);

  const states = stateRows as unknown as LocalState[];
  const own = states.find((s) => s.id === body.state);
  // The RUC rule as the download saw it (recordable_state_ids); the server decides again at sync.
  const recordable = JSON.parse(String(download?.recordable_state_ids ?? '[]')) as number[];
  refuse(
    stateRefusal({
      requested: body.state,
      state: own
        ? { id: own.id, name: own.name, element_type_id: own.element_type, is_active: Boolean(own.is_active) }
        : other && { id: body.state, name: String(other.name), element_type_id: Number(other.element_type), is_active: true },
      typeId: type.id,
      inPlantStates: Boolean(inPlant),
      recordable: recordable.includes(body.state),
    }),
  );
  const state = own as LocalState;
  const current = currentChunks.flat() as unknown as { id: number; state_id: number | null }[];
  refuse(missingElementsRefusal(ids, current.map((e) => e.id), type.code));
  refuse(dependsOnRefusal(state, states, current));

  const now = new Date().toISOString();
  const writes: Statement[] = [];
  if (provisional.length) {
    // Documents kept on the device: this user's, of this plant, not taken by another change.
    const unavailable = await unavailablePendingDocuments(provisional, { plantId, userId: user.id, clientUuid });
    if (unavailable.length) {
      throw refusal('documents_unavailable', 'documents', 'stateChanges.documentsUnavailable', { ids: unavailable.join(', ') });
    }
    writes.push(linkPendingDocuments(clientUuid, provisional));
  }
  for (let i = 0; i < ids.length; i += BULK_CHUNK_SIZE) {
    writes.push({
      // The last contractor stays when the change names none, as on the server. By id, as read above.
      sql: `UPDATE element SET state_id = ?, updated_at = ?, last_state_change_contractor_id = COALESCE(?, last_state_change_contractor_id)
            WHERE +plant_id = ? AND id IN (SELECT value FROM json_each(?))`,
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
      // The technician's time travels as recorded_at (the change's time of observation), and the
      // download's version as known_elements_version: the server merges by them (DESIGN section 6).
      request: {
        method: 'POST',
        path: request.path,
        body: {
          ...body,
          client_uuid: clientUuid,
          recorded_at: now,
          ...(download ? { known_elements_version: elementsVersion } : {}),
        },
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

export const stateChangeHandlers = {
  single: async (request: OfflineRequest) => {
    const match = groupsOf(PATHS.stateChange, request.path);
    if (!match) throw notFound();
    const [plantIdText, segment, elementIdText] = match;
    const elementId = idParam(elementIdText);
    const { body, provisional } = parseWithProvisionalDocuments((value) => parse(StateChangeSchema, value), request.body);
    refuse(elementIdsRefusal(elementId, body.element_ids));
    return record(request, 'state_change', plantIdText, segment, body, [elementId], provisional, elementId);
  },
  massive: async (request: OfflineRequest) => {
    const match = groupsOf(PATHS.massiveStateChange, request.path);
    if (!match) throw notFound();
    const [plantIdText, segment] = match;
    const { body, provisional } = parseWithProvisionalDocuments((value) => parse(MassiveStateChangeRequest, value), request.body);
    return record(request, 'massive_state_change', plantIdText, segment, body, body.element_ids, provisional);
  },
};
