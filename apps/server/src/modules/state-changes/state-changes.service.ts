import type { Selectable } from 'kysely';
import { normaliseColor } from '@heliotrack/domain/catalogues';
import type { Language } from '@heliotrack/domain/constants';
import type {
  ElementStateRef,
  MassiveStateChangeRequest,
  StateChangeHistoryItem,
  StateChangeRequest,
  StateChangeResult,
} from '@heliotrack/domain/elements';
import type { ApiMessageKey } from '@heliotrack/domain/i18n/translate';
import { translate } from '@heliotrack/domain/i18n/translate';
import type { PageQuery } from '@heliotrack/domain/pagination';
import type { Db } from '../../db/database';
import { fromFlag } from '../../db/dialect';
import type { PlantRow, StatesTable } from '../../db/schema';
import { offsetOf, pageOf } from '../../lib/pagination';
import { nowIso } from '../../lib/time';
import type { CurrentUser } from '../../plugins/auth';
import { ApiError, fieldError, notFound } from '../../plugins/errors';
import { findElementTypeInClient } from '../catalogues/catalogues.repository';
import { listDocumentsOfStateChanges } from '../documents/documents.repository';
import { toDocumentDto } from '../documents/documents.service';
import { findElementById } from '../elements/elements.repository';
import { type ElementTypeRow, matchesPath, requireExtraType, requirePathType } from '../elements/elements.service';
import { requirePlant } from '../plants/plants.service';
import * as repo from './state-changes.repository';
import { recordableStateIds } from '../rucs/rucs.service';

type StateRow = Selectable<StatesTable>;

/** Refusals name a few ids, never thousands. */
const NAMED_IDS = 5;

/** A 400 on `field` listing some `ids`, with the "…and N more" sentence when there are more. */
function idsError(field: string, keys: [ApiMessageKey, ApiMessageKey], ids: number[], params: Record<string, string | number>) {
  const named = ids.slice(0, NAMED_IDS).join(', ');
  const more = ids.length - NAMED_IDS;
  return more > 0
    ? fieldError(field, keys[1], { ...params, ids: named, more })
    : fieldError(field, keys[0], { ...params, ids: named });
}

/** The states from which `required` has been reached: itself and every state whose depends_on chain leads to it. */
function statesReaching(required: number, states: { id: number; depends_on: number | null }[]) {
  const dependsOn = new Map(states.map((s) => [s.id, s.depends_on]));
  const reaching = new Set<number>();
  for (const state of states) {
    const seen = new Set<number>();
    for (let current: number | null | undefined = state.id; current != null && !seen.has(current); current = dependsOn.get(current)) {
      if (current === required) {
        reaching.add(state.id);
        break;
      }
      seen.add(current);
    }
  }
  reaching.add(required);
  return reaching;
}

export class StateChangesService {
  constructor(private readonly db: Db) {}

  /** `POST plants/{id}/{type}/{elementId}/state-change/` */
  async changeOne(
    user: CurrentUser,
    params: { id: number; type: string; elementId: number },
    body: StateChangeRequest,
    language: Language,
  ): Promise<StateChangeResult> {
    const plant = await requirePlant(this.db, user, params.id);
    const path = await requirePathType(this.db, user, params.type);
    const element = await findElementById(this.db, params.elementId);
    if (!element || element.plant_id !== plant.id || !matchesPath(path, element)) throw notFound();
    const type = path.kind === 'standard' ? path.type : await findElementTypeInClient(this.db, user.clientId, { id: element.type_id });
    if (!type) throw notFound();
    return this.record(user, plant, type, [element.id], body, language);
  }

  /** `POST plants/{id}/{type}/massive-state-change/`: every element changes, or none does. */
  async changeMany(
    user: CurrentUser,
    params: { id: number; type: string },
    body: MassiveStateChangeRequest,
    language: Language,
  ): Promise<StateChangeResult> {
    const plant = await requirePlant(this.db, user, params.id);
    const path = await requirePathType(this.db, user, params.type);
    const type = path.kind === 'standard' ? path.type : await requireExtraType(this.db, user, body.element_type, 'element_type');
    return this.record(user, plant, type, body.element_ids, body, language);
  }

  /**
   * Who may record which states on a plant. The RUC rules of DESIGN section 4 plug in here when
   * the administration issue adds the RUC tables: a non-administrator will then record only the
   * states of their active RUCs on this plant (and nothing on a plant where they have none). Until
   * then administrators and the users authorised on the plant may record any state.
   */
  /**
   * The RUC rule (DESIGN sections 4 and 12): administrators record any state; everybody else only
   * the states of their active RUCs on this plant, so with no RUC they may look but not record.
   */
  async assertMayRecordState(user: CurrentUser, plant: PlantRow, states: StateRow[]) {
    const allowed = await recordableStateIds(this.db, user, plant.id);
    if (allowed === 'all') return;
    const refused = states.find((state) => !allowed.has(state.id));
    if (refused) throw fieldError('state', 'stateChanges.stateNotAllowed', { state: refused.name });
  }

  /**
   * One history record, one history row per element with the state it leaves, the elements' new
   * state, and a new plant version, in one transaction. Everything that can be refused is checked
   * before anything is written; the elements are checked inside the transaction, rows locked.
   */
  private async record(
    user: CurrentUser,
    plant: PlantRow,
    type: ElementTypeRow,
    elementIds: number[],
    body: StateChangeRequest,
    language: Language,
  ): Promise<StateChangeResult> {
    if (body.element_type !== type.id) {
      throw fieldError('element_type', 'stateChanges.elementTypeMismatch', { expected: `${type.code} (${type.id})` });
    }
    if (body.client_uuid) {
      const earlier = await this.earlierResult(user, body.client_uuid, language);
      if (earlier) return earlier;
    }
    const state = await this.requireRecordableState(user, plant, type, body.state);
    await this.assertMayRecordState(user, plant, [state]);
    const transactionTypeId = await this.transactionTypeId(user, type, body.transaction_type);
    const contractorId = await this.contractorId(user, body.contractor);
    const documentIds = [...new Set(body.documents)];
    const free = await repo.findUnlinkedDocumentIds(this.db, plant.id, documentIds);
    const unavailable = documentIds.filter((id) => !free.includes(id));
    if (unavailable.length) throw fieldError('documents', 'stateChanges.documentsUnavailable', { ids: unavailable.join(', ') });
    const typeStates = state.depends_on !== null ? await repo.listStatesOfType(this.db, type.id) : [];
    const requiredName = state.depends_on !== null ? await repo.findStateName(this.db, state.depends_on) : undefined;

    const ids = [...new Set(elementIds)];
    const now = nowIso();
    try {
      const id = await this.db.transaction().execute(async (trx) => {
        const current = await repo.lockElements(trx, plant.id, type.id, ids);
        if (current.length !== ids.length) {
          const found = new Set(current.map((e) => e.id));
          const missing = ids.filter((id) => !found.has(id));
          throw idsError('element_ids', ['stateChanges.elementsNotFound', 'stateChanges.elementsNotFoundMore'], missing, { type: type.code });
        }
        if (state.depends_on !== null) {
          const reaching = statesReaching(state.depends_on, typeStates);
          const behind = current.filter((e) => e.state_id === null || !reaching.has(e.state_id)).map((e) => e.id);
          if (behind.length) {
            throw idsError('state', ['stateChanges.dependsOnNotReached', 'stateChanges.dependsOnNotReachedMore'], behind.sort((a, b) => a - b), {
              state: state.name,
              required: requiredName ?? String(state.depends_on),
            });
          }
        }
        const stateChangeId = await repo.insertStateChange(trx, {
          client_id: user.clientId,
          plant_id: plant.id,
          client_uuid: body.client_uuid ?? null,
          element_type_id: type.id,
          state_id: state.id,
          transaction_type_id: transactionTypeId,
          contractor_id: contractorId,
          user_id: user.id,
          // The specification: observations are kept only when not empty.
          observations: body.observations?.trim() ?? '',
          element_count: ids.length,
          created_at: now,
        });
        await repo.insertStateChangeElements(trx, stateChangeId, ids);
        await repo.setElementsState(trx, ids, { stateId: state.id, contractorId, updatedAt: now });
        if (documentIds.length && (await repo.linkDocuments(trx, stateChangeId, plant.id, documentIds)) !== documentIds.length) {
          // Taken by a concurrent change since they were checked.
          throw fieldError('documents', 'stateChanges.documentsUnavailable', { ids: documentIds.join(', ') });
        }
        await repo.bumpElementsVersion(trx, plant.id);
        return stateChangeId;
      });
      return { id, element_count: ids.length, state: state.id, detail: translate(language, 'stateChanges.success') };
    } catch (error) {
      // The same offline change sent twice at once: the second insert hits the unique client_uuid.
      if (body.client_uuid && !(error instanceof ApiError)) {
        const earlier = await this.earlierResult(user, body.client_uuid, language);
        if (earlier) return earlier;
      }
      throw error;
    }
  }

  /** A change already recorded with this client id answers its first result again (offline sync resends). */
  private async earlierResult(user: CurrentUser, clientUuid: string, language: Language): Promise<StateChangeResult | null> {
    const earlier = await repo.findStateChangeByUuid(this.db, clientUuid);
    if (!earlier) return null;
    if (earlier.client_id !== user.clientId) throw fieldError('client_uuid', 'stateChanges.clientUuidTaken');
    return { id: earlier.id, element_count: earlier.element_count, state: earlier.state_id, detail: translate(language, 'stateChanges.success') };
  }

  /** A state of the organisation, of this element type, active, and in the plant's state group when it has one. */
  private async requireRecordableState(user: CurrentUser, plant: PlantRow, type: ElementTypeRow, stateId: number) {
    const state = await repo.findStateInClient(this.db, user.clientId, stateId);
    if (!state) throw fieldError('state', 'stateChanges.unknownState', { id: stateId });
    if (state.element_type_id !== type.id) throw fieldError('state', 'stateChanges.stateOfAnotherType', { state: state.name });
    if (!fromFlag(state.is_active)) throw fieldError('state', 'stateChanges.stateInactive', { state: state.name });
    if (plant.state_group_id !== null && !(await repo.isStateInGroup(this.db, plant.state_group_id, state.id))) {
      throw fieldError('state', 'stateChanges.stateNotInGroup', { state: state.name });
    }
    return state;
  }

  /** Optional; one of the organisation's, and when it is meant for one element type, this one. */
  private async transactionTypeId(user: CurrentUser, type: ElementTypeRow, id: number | null | undefined) {
    if (id == null) return null;
    const transactionType = await repo.findTransactionTypeInClient(this.db, user.clientId, id);
    if (!transactionType) throw fieldError('transaction_type', 'stateChanges.unknownTransactionType', { id });
    if (transactionType.element_type_id !== null && transactionType.element_type_id !== type.id) {
      throw fieldError('transaction_type', 'stateChanges.transactionTypeOfAnotherType', { code: transactionType.code });
    }
    return transactionType.id;
  }

  private async contractorId(user: CurrentUser, id: number | null | undefined) {
    if (id == null) return null;
    if (!(await repo.findContractorInClient(this.db, user.clientId, id))) throw fieldError('contractor', 'stateChanges.unknownContractor', { id });
    return id;
  }

  /** `GET elements/{id}/state-changes/`: the element's history, newest first, with documents. */
  async history(user: CurrentUser, elementId: number, page: PageQuery, url: string) {
    const element = await findElementById(this.db, elementId);
    if (!element) throw notFound();
    await requirePlant(this.db, user, element.plant_id);
    const [count, rows] = await Promise.all([
      repo.countHistory(this.db, element.id),
      repo.listHistory(this.db, element.id, page.page_size, offsetOf(page)),
    ]);
    const ids = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];
    const [states, transactionTypes, contractors, users, documents] = await Promise.all([
      repo.findStates(this.db, ids(rows.flatMap((r) => [r.state_id, r.previous_state_id]))),
      repo.findTransactionTypes(this.db, ids(rows.map((r) => r.transaction_type_id))),
      repo.findContractors(this.db, ids(rows.map((r) => r.contractor_id))),
      repo.findUsers(this.db, ids(rows.map((r) => r.user_id))),
      listDocumentsOfStateChanges(this.db, rows.map((r) => r.id)),
    ]);
    const stateRef = (id: number | null): ElementStateRef | null => {
      const s = states.find((x) => x.id === id);
      return s ? { id: s.id, code: s.code, name: s.name, color: normaliseColor(s.color), is_ok: fromFlag(s.is_ok) } : null;
    };
    const results: StateChangeHistoryItem[] = rows.map((row) => ({
      id: row.id,
      // A state is never deleted while history uses it (the foreign key refuses), so it is always found.
      state: stateRef(row.state_id) ?? { id: row.state_id, code: '', name: '', color: normaliseColor(null), is_ok: false },
      previous_state: stateRef(row.previous_state_id),
      transaction_type: transactionTypes.find((t) => t.id === row.transaction_type_id) ?? null,
      contractor: contractors.find((c) => c.id === row.contractor_id) ?? null,
      user: users.find((u) => u.id === row.user_id) ?? null,
      observations: row.observations,
      element_count: row.element_count,
      created_at: row.created_at,
      documents: documents.filter((d) => d.state_change_id === row.id).map(toDocumentDto),
    }));
    return pageOf(results, count, page, url);
  }
}
