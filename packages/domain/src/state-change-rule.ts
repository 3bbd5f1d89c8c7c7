import type { ApiMessageKey } from './i18n/translate';
import { namedIds, type StateChangeRefusalCode } from './state-change-refusals';
import { type StateLink, statesReaching } from './states';

/*
 * The state-change rule (DESIGN section 6, "Merge"), once, for the server's service and the device's
 * offline handler. Each side reads its own data (the server from its database inside the writing
 * transaction, the device from its local SQLite) and asks these pure functions what is refused and
 * why, and what each element's change becomes: current, late, conflicting.
 */

/** What a side turns into its 400: `{[field]: [message of key with params], code}`. */
export interface RuleRefusal {
  code: StateChangeRefusalCode;
  field: string;
  key: ApiMessageKey;
  params: Record<string, string | number>;
}

/** A refusal on `field` listing some `ids`: a few, then the "…and N more" form of the message. */
export function refusalOnIds(
  code: StateChangeRefusalCode,
  field: string,
  keys: readonly [ApiMessageKey, ApiMessageKey],
  ids: readonly number[],
  params: Record<string, string | number>,
): RuleRefusal {
  const named = namedIds(ids);
  return { code, field, key: keys[named.more === undefined ? 0 : 1], params: { ...params, ...named } };
}

/** The body's `element_type` must be the path's (or the element's) type. */
export function elementTypeRefusal(type: { id: number; code: string }, given: number): RuleRefusal | null {
  if (given === type.id) return null;
  return { code: 'element_type_mismatch', field: 'element_type', key: 'stateChanges.elementTypeMismatch', params: { expected: `${type.code} (${type.id})` } };
}

/** On the single-change path the offline payload's `element_ids` must be exactly the path's element. */
export function elementIdsRefusal(elementId: number, given: readonly number[] | undefined): RuleRefusal | null {
  if (!given || (given.length === 1 && given[0] === elementId)) return null;
  return { code: 'element_ids_mismatch', field: 'element_ids', key: 'stateChanges.elementIdsMismatch', params: { id: elementId } };
}

/** What a side knows about the requested state. */
export interface StateFacts {
  /** The requested state id. */
  requested: number;
  /** The state found in the organisation (any type), or undefined. */
  state: { id: number; name: string; element_type_id: number; is_active: boolean } | undefined;
  /** The element type the change is for. */
  typeId: number;
  /** In the plant's state group (true when the plant has none). */
  inPlantStates: boolean;
  /** The RUC rule: administrators any state, everybody else the states of their active RUCs on the plant. */
  recordable: boolean;
}

/** Unknown, of another type, inactive, outside the plant's states, not the user's to record — in that order. */
export function stateRefusal(facts: StateFacts): RuleRefusal | null {
  const { state } = facts;
  if (!state) return { code: 'state_unknown', field: 'state', key: 'stateChanges.unknownState', params: { id: facts.requested } };
  const named = { state: state.name };
  if (state.element_type_id !== facts.typeId) return { code: 'state_of_another_type', field: 'state', key: 'stateChanges.stateOfAnotherType', params: named };
  if (!state.is_active) return { code: 'state_not_recordable', field: 'state', key: 'stateChanges.stateInactive', params: named };
  if (!facts.inPlantStates) return { code: 'state_not_recordable', field: 'state', key: 'stateChanges.stateNotInGroup', params: named };
  if (!facts.recordable) return { code: 'state_not_recordable', field: 'state', key: 'stateChanges.stateNotAllowed', params: named };
  return null;
}

/** Requested ids that are not elements of the plant and type (in the order asked). */
export function missingElementsRefusal(requested: readonly number[], found: Iterable<number>, typeCode: string): RuleRefusal | null {
  const present = new Set(found);
  const missing = requested.filter((id) => !present.has(id));
  if (!missing.length) return null;
  return refusalOnIds('element_not_found', 'element_ids', ['stateChanges.elementsNotFound', 'stateChanges.elementsNotFoundMore'], missing, { type: typeCode });
}

/**
 * The depends_on rule: every element must be, at the change's time of observation, in the required
 * state or one that depends on it (directly or down a chain). `elements` carry that state.
 */
export function dependsOnRefusal(
  state: { name: string; depends_on: number | null },
  typeStates: readonly (StateLink & { name: string })[],
  elements: readonly { id: number; state_id: number | null }[],
): RuleRefusal | null {
  if (state.depends_on === null) return null;
  const reaching = statesReaching(state.depends_on, typeStates);
  const behind = elements.filter((e) => e.state_id === null || !reaching.has(e.state_id)).map((e) => e.id);
  if (!behind.length) return null;
  const required = typeStates.find((s) => s.id === state.depends_on)?.name ?? String(state.depends_on);
  return refusalOnIds(
    'depends_on_not_reached',
    'state',
    ['stateChanges.dependsOnNotReached', 'stateChanges.dependsOnNotReachedMore'],
    behind.sort((a, b) => a - b),
    { state: state.name, required },
  );
}

/* ---------------------------------------------------------------- merge */

/** A change's time of observation: when the device recorded it, else when the server received it. */
export function observedAt(recordedAt: string | null | undefined, serverNow: string): string {
  return recordedAt ?? serverNow;
}

/** The change that gave an element its current state, as the merge needs it. */
export interface CurrentChange {
  /** Its time of observation (ISO 8601). */
  observedAt: string;
  /** Who made it (null: a user since deleted). */
  userId: number | null;
  /** The plant's elements_version its arrival made (the element's version since). */
  version: number;
}

export interface IncomingChange {
  observedAt: string;
  userId: number;
  /** The plant's elements_version of the device's last download, when the device sent one. */
  knownElementsVersion?: number | undefined;
}

/** What one element's change becomes: `late` (kept in history, not current) and/or `conflict` (recorded for review). */
export interface MergeDecision {
  late: boolean;
  conflict: boolean;
}

/**
 * The element's current state is its latest-observed change's (ties: the later arrival, i.e. the
 * incoming one). A change made on a device whose download predates another user's change of the
 * element is a conflict, merged by the same rule. An element with no change yet takes any.
 */
export function mergeDecision(current: CurrentChange | null, incoming: IncomingChange): MergeDecision {
  if (!current) return { late: false, conflict: false };
  const late = Date.parse(current.observedAt) > Date.parse(incoming.observedAt);
  const conflict =
    incoming.knownElementsVersion !== undefined && current.version > incoming.knownElementsVersion && current.userId !== incoming.userId;
  return { late, conflict };
}

/** One history row of an element: its change's time of observation and arrival order, the states it left and set. */
export interface HistoryStep {
  /** Arrival order (the change's id). */
  id: number;
  observedAt: string;
  stateId: number;
  previousStateId: number | null;
}

/**
 * The element's state at time `at`: that of its latest-observed change observed at or before `at`
 * (ties: the later arrival); before its first change, the state that change left; with no history,
 * its current state. Rules are checked against this state (DESIGN section 6).
 */
export function stateAt(history: readonly HistoryStep[], currentStateId: number | null, at: string): number | null {
  if (!history.length) return currentStateId;
  const t = Date.parse(at);
  let best: HistoryStep | undefined;
  for (const step of history) {
    const s = Date.parse(step.observedAt);
    if (s > t) continue;
    if (!best || s > Date.parse(best.observedAt) || (s === Date.parse(best.observedAt) && step.id > best.id)) best = step;
  }
  if (best) return best.stateId;
  const first = history.reduce((a, b) => (b.id < a.id ? b : a));
  return first.previousStateId;
}

/** The counts a `StateChangeResult` reports. */
export function mergeCounts(decisions: readonly MergeDecision[]) {
  let late = 0;
  let conflict = 0;
  for (const d of decisions) {
    if (d.late) late += 1;
    if (d.conflict) conflict += 1;
  }
  return { applied_count: decisions.length - late, late_count: late, conflict_count: conflict };
}
