import { normaliseColor } from '@heliotrack/domain/catalogues';
import type { Language } from '@heliotrack/domain/constants';
import {
  type ElementStateRef,
  type MassiveStateChangeRequest,
  RECORDED_AT_MAX_SKEW_MS,
  type StateChangeHistoryItem,
  type StateChangeRequest,
  type StateChangeResult,
} from '@heliotrack/domain/elements';
import { translate } from '@heliotrack/domain/i18n/translate';
import type { PageQuery } from '@heliotrack/domain/pagination';
import {
  dependsOnRefusal,
  elementIdsRefusal,
  elementTypeRefusal,
  type HistoryStep,
  type IncomingChange,
  mergeCounts,
  mergeDecision,
  type MergeDecision,
  missingElementsRefusal,
  observedAt,
  type RuleRefusal,
  stateAt,
  stateRefusal,
} from '@heliotrack/domain/state-change-rule';
import type { Db } from '../../db/database';
import { fromFlag } from '../../db/dialect';
import type { PlantRow } from '../../db/schema';
import { offsetOf, pageOf } from '../../lib/pagination';
import { nowIso } from '../../lib/time';
import { ApiError, notFound, refusal } from '../../lib/errors';
import { idempotentWrite, TwinWrites } from '../../lib/idempotent-write';
import type { CurrentUser } from '../../lib/current-user';
import { mayRecordState, requirePlant } from '../access/access.service';
import { findElementTypeInClient, findStateInClient, listStatesOfType } from '../catalogues/catalogues.repository';
import { toDocumentDto } from '../../lib/document-dto';
import { lockClientUuid, shareElementWrites, takeElementsVersion } from '../../lib/plant-writes.repository';
import { findElementById } from '../../lib/element-reads.repository';
import { type ElementTypeRow, matchesPath, requireExtraType, requirePathType } from '../catalogues/element-paths';
import { insertRefusedReview, insertReviews, type NewSyncReview } from '../../lib/sync-review-writes.repository';
import * as repo from './state-changes.repository';

/** Throws the rule's refusal, if any, as the API's 400 in the user's language. */
function refuse(found: RuleRefusal | null) {
  if (found) throw refusal(found.code, found.field, found.key, found.params);
}

/** `recorded_at` as stored (UTC). Later than now, beyond the clock skew devices are allowed, is refused. */
function checkedRecordedAt(value: string) {
  const at = Date.parse(value);
  if (at > Date.now() + RECORDED_AT_MAX_SKEW_MS) {
    throw refusal('recorded_at_in_future', 'recorded_at', 'stateChanges.recordedAtInFuture', { recorded_at: value, now: nowIso() });
  }
  return new Date(at).toISOString();
}

/**
 * A state of the organisation, of this element type, active, in the plant's state group when it has
 * one, and one the user may record (the RUC rule of DESIGN sections 4 and 12: administrators any,
 * everybody else only the states of their active RUCs on this plant). Inside the writing transaction.
 */
async function requireRecordableState(
  trx: Db,
  user: CurrentUser,
  plant: { id: number; stateGroupId: number | null },
  type: ElementTypeRow,
  stateId: number,
) {
  const state = await findStateInClient(trx, user.clientId, stateId, { share: true });
  const usable = state !== undefined && state.element_type_id === type.id && fromFlag(state.is_active);
  refuse(
    stateRefusal({
      requested: stateId,
      state: state && { id: state.id, name: state.name, element_type_id: state.element_type_id, is_active: fromFlag(state.is_active) },
      typeId: type.id,
      // Asked only of a usable state, one after the other, as each needs a query.
      inPlantStates: !usable || plant.stateGroupId === null || (await repo.isStateInGroup(trx, plant.stateGroupId, stateId)),
      recordable: !usable || (await mayRecordState(trx, user, plant.id, stateId)),
    }),
  );
  return state!;
}

/** Optional; one of the organisation's, and when it is meant for one element type, this one. */
async function transactionTypeIdOf(trx: Db, user: CurrentUser, type: ElementTypeRow, id: number | null | undefined) {
  if (id == null) return null;
  const transactionType = await repo.findTransactionTypeInClient(trx, user.clientId, id);
  if (!transactionType) throw refusal('transaction_type_unknown', 'transaction_type', 'stateChanges.unknownTransactionType', { id });
  if (transactionType.element_type_id !== null && transactionType.element_type_id !== type.id) {
    throw refusal('transaction_type_of_another_type', 'transaction_type', 'stateChanges.transactionTypeOfAnotherType', { code: transactionType.code });
  }
  return transactionType.id;
}

async function contractorIdOf(trx: Db, user: CurrentUser, id: number | null | undefined) {
  if (id == null) return null;
  if (!(await repo.findContractorInClient(trx, user.clientId, id))) throw refusal('contractor_unknown', 'contractor', 'stateChanges.unknownContractor', { id });
  return id;
}

/** A recorded_at that parses, as stored (UTC); else null. */
function validRecordedAt(value: string | undefined) {
  const at = value === undefined ? Number.NaN : Date.parse(value);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

type ElementDecision = MergeDecision & { id: number; met: number | null };

/**
 * The merge of DESIGN section 6 for the locked elements: each element's decision (late, conflict)
 * against the change that gave it its current state, and for elements reached late, their state at
 * the incoming change's time of observation, from their history (the rules are checked against it).
 */
async function mergeElements(trx: Db, elements: { id: number; state_id: number | null; state_change_id: number | null }[], incoming: IncomingChange) {
  const metIds = [...new Set(elements.map((e) => e.state_change_id).filter((id): id is number => id !== null))];
  const met = new Map((await repo.findCurrentChanges(trx, metIds)).map((c) => [c.id, c]));
  const decisions: ElementDecision[] = elements.map((e) => {
    const change = e.state_change_id === null ? undefined : met.get(e.state_change_id);
    const current = change ? { observedAt: change.observed_at, userId: change.user_id, version: change.elements_version } : null;
    return { id: e.id, met: change?.id ?? null, ...mergeDecision(current, incoming) };
  });
  const lateIds = decisions.filter((d) => d.late).map((d) => d.id);
  const stateAtObservation = new Map<number, number | null>();
  if (lateIds.length) {
    const history = new Map<number, HistoryStep[]>();
    for (const row of await repo.listHistoryOfElements(trx, lateIds)) {
      const steps = history.get(row.element_id) ?? [];
      steps.push({ id: row.id, observedAt: row.observed_at, stateId: row.state_id, previousStateId: row.previous_state_id });
      history.set(row.element_id, steps);
    }
    for (const e of elements) {
      if (history.has(e.id)) stateAtObservation.set(e.id, stateAt(history.get(e.id)!, e.state_id, incoming.observedAt));
    }
  }
  const asObserved = elements.map((e) => ({ id: e.id, state_id: stateAtObservation.has(e.id) ? stateAtObservation.get(e.id)! : e.state_id }));
  return { decisions, stateAtObservation, asObserved };
}

/** One review per kind and change met: the elements of a change that met another user's (conflict) or arrived late. */
function reviewsOf(
  decisions: ElementDecision[],
  change: { clientId: number; plantId: number; userId: number; typeId: number; stateId: number; stateChangeId: number; observed: string; now: string },
): NewSyncReview[] {
  const groups = new Map<string, { kind: 'conflict' | 'late'; met: number | null; ids: number[] }>();
  for (const d of decisions) {
    if (!d.conflict && !d.late) continue;
    const kind = d.conflict ? 'conflict' : 'late';
    const key = `${kind}:${d.met}`;
    const group = groups.get(key) ?? { kind, met: d.met, ids: [] };
    group.ids.push(d.id);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => ({
    client_id: change.clientId,
    plant_id: change.plantId,
    kind: g.kind,
    user_id: change.userId,
    element_type_id: change.typeId,
    state_id: change.stateId,
    element_ids: JSON.stringify(g.ids),
    element_count: g.ids.length,
    observed_at: change.observed,
    received_at: change.now,
    state_change_id: change.stateChangeId,
    met_state_change_id: g.met,
    refused_uuid: null,
    reason_code: null,
    reason: null,
    created_at: change.now,
  }));
}

export class StateChangesService {
  constructor(
    private readonly db: Db,
    /** How many unresolved refused changes are recorded per user and plant (SYNC_REVIEW_MAX_UNRESOLVED). */
    private readonly reviewLimits: { maxUnresolved: number } = { maxUnresolved: 1000 },
  ) {}

  /**
   * Copies of one change sent at once (an outbox resending): the first records, the others take its
   * answer, in flight or within a second after it.
   */
  private readonly twins = new TwinWrites(1000);

  /**
   * `POST plants/{id}/{type}/{elementId}/state-change/`. Also takes the offline payload of the
   * specification (section 7), whose `element_ids` must then be exactly the path's element.
   */
  async changeOne(
    user: CurrentUser,
    params: { id: number; type: string; elementId: number },
    body: StateChangeRequest,
    language: Language,
  ): Promise<StateChangeResult> {
    return this.once(user, body, `${params.id}/${params.type}/${params.elementId}`, language, async () => {
      const plant = await requirePlant(this.db, user, params.id);
      const path = await requirePathType(this.db, user, params.type);
      const element = await findElementById(this.db, params.elementId);
      if (!element || element.plant_id !== plant.id || !matchesPath(path, element)) throw notFound();
      refuse(elementIdsRefusal(element.id, body.element_ids));
      const type = path.kind === 'standard' ? path.type : await findElementTypeInClient(this.db, user.clientId, { id: element.type_id });
      if (!type) throw notFound();
      return this.record(user, plant, type, [element.id], body, language);
    });
  }

  /** `POST plants/{id}/{type}/massive-state-change/`: every element changes, or none does. */
  async changeMany(
    user: CurrentUser,
    params: { id: number; type: string },
    body: MassiveStateChangeRequest,
    language: Language,
  ): Promise<StateChangeResult> {
    return this.once(user, body, `${params.id}/${params.type}/massive`, language, async () => {
      const plant = await requirePlant(this.db, user, params.id);
      const path = await requirePathType(this.db, user, params.type);
      const type = path.kind === 'standard' ? path.type : await requireExtraType(this.db, user, body.element_type, 'element_type');
      return this.record(user, plant, type, body.element_ids, body, language);
    });
  }

  /**
   * A change with a client uuid whose twin (same organisation, uuid, caller and path) is in flight
   * in this process takes the twin's answer, in its own language (TwinWrites); otherwise `run`.
   */
  private async once(user: CurrentUser, body: StateChangeRequest, target: string, language: Language, run: () => Promise<StateChangeResult>) {
    const key = body.client_uuid ? JSON.stringify([user.clientId, body.client_uuid, user.id, target]) : null;
    const { answer, twin } = await this.twins.run(key, run);
    return twin ? { ...answer, detail: translate(language, 'stateChanges.success') } : answer;
  }

  /**
   * One history record, one history row per element with the state it leaves, the elements' new
   * state, and a new plant version, in one transaction. Everything that decides is read inside it
   * (DESIGN section 10). Changes of one plant run side by side; two changes of one element run one
   * after the other, the later one seeing what the earlier one wrote (lib/plant-writes.repository.ts).
   * The rows that decide (states, the state group, RUCs, documents, elements) are locked as they are
   * read, so an edit of them either waits for the change to commit or is seen by it; it never slips
   * between the check and the write.
   */
  private async record(
    user: CurrentUser,
    plant: PlantRow,
    type: ElementTypeRow,
    elementIds: number[],
    body: StateChangeRequest,
    language: Language,
  ): Promise<StateChangeResult> {
    try {
      return await this.merge(user, plant, type, elementIds, body, language);
    } catch (error) {
      // A refused offline change (it carries the device's uuid) is recorded for the office (DESIGN section 6).
      if (body.client_uuid && error instanceof ApiError && error.statusCode === 400) {
        await this.recordRefusal(user, plant, type, elementIds, body, language, error);
      }
      throw error;
    }
  }

  private async recordRefusal(
    user: CurrentUser,
    plant: PlantRow,
    type: ElementTypeRow,
    elementIds: number[],
    body: StateChangeRequest,
    language: Language,
    error: ApiError,
  ) {
    const answer = typeof error.body === 'function' ? error.body(language) : error.body;
    const code = typeof answer.code === 'string' ? answer.code : null;
    const messages = Object.entries(answer).flatMap(([field, value]) => (field !== 'code' && Array.isArray(value) ? value : []));
    const now = nowIso();
    const ids = [...new Set(elementIds)];
    await insertRefusedReview(
      this.db,
      {
        client_id: user.clientId,
        plant_id: plant.id,
        kind: 'refused',
        user_id: user.id,
        element_type_id: type.id,
        state_id: (await findStateInClient(this.db, user.clientId, body.state, { share: true }))?.id ?? null,
        element_ids: JSON.stringify(ids),
        element_count: ids.length,
        observed_at: observedAt(validRecordedAt(body.recorded_at), now),
        received_at: now,
        state_change_id: null,
        met_state_change_id: null,
        refused_uuid: body.client_uuid!,
        reason_code: code,
        reason: messages.join(' ').slice(0, 2000),
        created_at: now,
      },
      this.reviewLimits.maxUnresolved,
    );
  }

  /**
   * One history record, one history row per element with the state it leaves, the elements' new
   * state where the change is their latest observed one, and a new plant version, in one
   * transaction (DESIGN section 6 "Merge"). See record().
   */
  private async merge(
    user: CurrentUser,
    plant: PlantRow,
    type: ElementTypeRow,
    elementIds: number[],
    body: StateChangeRequest,
    language: Language,
  ): Promise<StateChangeResult> {
    refuse(elementTypeRefusal(type, body.element_type));
    const recordedAt = body.recorded_at === undefined ? null : checkedRecordedAt(body.recorded_at);
    const ids = [...new Set(elementIds)];
    const documentIds = [...new Set(body.documents)];
    // A resent change answers the first one's result without waiting for anything when it can; a
    // twin in flight is waited for (its uuid's lock), then answered. Only twins wait for each other.
    const { answer } = await idempotentWrite({
      db: this.db,
      clientUuid: body.client_uuid,
      earlier: (db, uuid) => this.earlierResult(db, user, uuid, language),
      lock: async (trx) => {
        if (body.client_uuid) await lockClientUuid(trx, user.clientId, body.client_uuid);
        return shareElementWrites(trx, plant.id);
      },
      write: async (trx, locked) => {
        // Changes of one plant run side by side (lib/plant-writes.repository.ts): what decides is
        // read under row locks, the elements' last.
        const state = await requireRecordableState(trx, user, { id: plant.id, stateGroupId: locked.state_group_id }, type, body.state);
        const transactionTypeId = await transactionTypeIdOf(trx, user, type, body.transaction_type);
        const contractorId = await contractorIdOf(trx, user, body.contractor);
        const free = await repo.lockUnlinkedDocumentIds(trx, plant.id, documentIds);
        const unavailable = documentIds.filter((id) => !free.includes(id));
        if (unavailable.length) throw refusal('documents_unavailable', 'documents', 'stateChanges.documentsUnavailable', { ids: unavailable.join(', ') });

        const current = await repo.lockElements(trx, plant.id, type.id, ids);
        refuse(missingElementsRefusal(ids, current.map((e) => e.id), type.code));
        // The server's time is read once the elements are locked: changes of an element without a
        // recorded_at are then observed in the order they are applied, and a change that waited for
        // an element is never "late" against the one that overtook it while it waited.
        const now = nowIso();
        const observed = observedAt(recordedAt, now);
        const merged = await mergeElements(trx, current, { observedAt: observed, userId: user.id, knownElementsVersion: body.known_elements_version });
        // The rules as of the change's time of observation: depends_on against each element's state then.
        if (state.depends_on !== null) refuse(dependsOnRefusal(state, await listStatesOfType(trx, type.id, { share: true }), merged.asObserved));

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
          recorded_at: recordedAt,
          observed_at: observed,
          // Set with the version, at the end.
          elements_version: 0,
        });
        const applied = merged.decisions.filter((d) => !d.late);
        await repo.insertStateChangeElements(trx, stateChangeId, applied.filter((d) => !d.conflict).map((d) => d.id));
        await repo.insertStateChangeElements(trx, stateChangeId, applied.filter((d) => d.conflict).map((d) => d.id), true);
        await repo.insertLateStateChangeElements(
          trx,
          stateChangeId,
          merged.decisions.filter((d) => d.late).map((d) => ({ element_id: d.id, previous_state_id: merged.stateAtObservation.get(d.id) ?? null, conflict: d.conflict })),
        );
        if (documentIds.length && (await repo.linkDocuments(trx, stateChangeId, plant.id, documentIds)) !== documentIds.length) {
          // Cannot happen while the documents stay locked; refused rather than linked in part.
          throw refusal('documents_unavailable', 'documents', 'stateChanges.documentsUnavailable', { ids: documentIds.join(', ') });
        }
        await insertReviews(trx, reviewsOf(merged.decisions, { clientId: user.clientId, plantId: plant.id, userId: user.id, typeId: type.id, stateId: state.id, stateChangeId, observed, now }));

        // The tail: the plant's next version, then the rows that carry it, then the commit.
        const version = await takeElementsVersion(trx, plant.id);
        // Only the elements the change became current for take its state (and the version, for the sync).
        await repo.setElementsState(trx, applied.map((d) => d.id), { stateId: state.id, stateChangeId, contractorId, updatedAt: now, rowVersion: version });
        await repo.setStateChangeVersion(trx, stateChangeId, version);
        return {
          id: stateChangeId,
          element_count: ids.length,
          state: state.id,
          detail: translate(language, 'stateChanges.success'),
          elements_version: version,
          ...mergeCounts(merged.decisions),
        };
      },
    });
    return answer;
  }

  /**
   * A change already recorded with this client uuid in the organisation answers its first result
   * again (offline sync resends). Another organisation's uuid is not found: a new change.
   */
  private async earlierResult(db: Db, user: CurrentUser, clientUuid: string, language: Language): Promise<StateChangeResult | null> {
    const earlier = await repo.findStateChangeByUuid(db, user.clientId, clientUuid);
    if (!earlier) return null;
    const merge = await repo.countMergeOf(db, earlier.id);
    return {
      id: earlier.id,
      element_count: earlier.element_count,
      state: earlier.state_id,
      detail: translate(language, 'stateChanges.success'),
      // The plant's version now: at least the one this change made.
      elements_version: await repo.findElementsVersion(db, earlier.plant_id),
      applied_count: earlier.element_count - merge.late,
      late_count: merge.late,
      conflict_count: merge.conflict,
    };
  }

  /** `GET elements/{id}/state-changes/`: the element's history, latest observed first, with documents. */
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
      repo.listDocumentsOfStateChanges(this.db, rows.map((r) => r.id)),
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
      recorded_at: row.recorded_at,
      observed_at: row.observed_at,
      late: fromFlag(row.late),
      conflict: fromFlag(row.conflict),
      documents: documents.filter((d) => d.state_change_id === row.id).map(toDocumentDto),
    }));
    return pageOf(results, count, page, url);
  }
}
