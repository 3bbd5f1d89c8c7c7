import type { ApiMessageKey } from './i18n/translate';
import { type CurrentChange, type MergeDecision, mergeCounts, mergeDecision } from './state-change-rule';

/*
 * The PPI result rule (issue 36, DESIGN section 6 "Merge"), once, for the server's results service
 * and the device's offline handler. A result is one per (activity, element); every write of it is
 * kept in its history with its time of observation. The merge is the state-change rule's own
 * (mergeDecision): the latest-observed write is current (ties: the later arrival), an older one
 * arriving later is kept in history marked late, and a write from a device whose last download
 * (`known_elements_version`) predates another user's write of the same result is a conflict, merged
 * by the same rule. Refusals carry a stable code as state-change refusals do.
 */

export const PPI_RESULT_REFUSAL_CODES = [
  /** The PPI is closed (perhaps after the result was observed offline). */
  'ppi_closed',
  /** The activity is not one of the PPI's. */
  'activity_unknown',
  /** The user holds no role in the PPI (403). */
  'not_linked_to_ppi',
  /** The activity is checked by other roles than the user's (403). */
  'activity_not_yours',
  /** Some elements are not linked to the PPI. */
  'elements_not_linked',
  /** The calibration equipment is not the organisation's. */
  'equipment_unknown',
  /** The equipment's calibration had expired on the result's date. */
  'equipment_expired',
  /** `result_date` is later than today. */
  'result_date_in_future',
  /** `recorded_at` is later than the server's now (beyond the allowed clock skew). */
  'recorded_at_in_future',
  /** `documents` with a write of more than one result. */
  'documents_need_one_result',
  /** A document is of another plant or already attached to something else. */
  'documents_unavailable',
] as const;
export type PpiResultRefusalCode = (typeof PPI_RESULT_REFUSAL_CODES)[number];

/** What a side turns into its answer: 400 `{[field]: [message], code}`, or 403 `{detail, code: "permission_denied", refusal: code}`. */
export interface PpiResultRefusal {
  status: 400 | 403;
  code: PpiResultRefusalCode;
  field: string;
  key: ApiMessageKey;
  params: Record<string, string | number>;
}

/** The UTC day (YYYY-MM-DD) of an ISO time. */
export function dayOf(iso: string) {
  return new Date(Date.parse(iso)).toISOString().slice(0, 10);
}

/**
 * A closed PPI takes no result. A result observed before the PPI was closed (it was recorded offline
 * and arrives later) is refused too, with a message that says so: closing is an office decision and
 * is never undone by a device.
 */
export function closedRefusal(
  ppi: { code: string; status: string; closed_at: string | null },
  observedAt: string | null,
): PpiResultRefusal | null {
  if (ppi.status !== 'closed') return null;
  if (observedAt !== null && ppi.closed_at !== null && Date.parse(observedAt) < Date.parse(ppi.closed_at)) {
    return {
      status: 400,
      code: 'ppi_closed',
      field: 'non_field_errors',
      key: 'ppis.results.closedMeanwhile',
      params: { ppi: ppi.code, closed_at: ppi.closed_at, observed_at: observedAt },
    };
  }
  return {
    status: 400,
    code: 'ppi_closed',
    field: 'non_field_errors',
    key: 'ppis.results.closed',
    params: {},
  };
}

/**
 * The day checked: the one given, else the day of the time of observation (UTC). Never after the
 * day of `latest` (the server's now, give or take the devices' clock skew).
 */
export function resultDateOf(
  given: string | undefined,
  observedAt: string,
  latest: string,
): { date: string } | PpiResultRefusal {
  const date = given ?? dayOf(observedAt);
  if (date > dayOf(latest))
    return {
      status: 400,
      code: 'result_date_in_future',
      field: 'result_date',
      key: 'ppis.results.futureDate',
      params: {},
    };
  return { date };
}

/** An activity of the PPI the user may record (administrators any). */
export function activityRefusal(
  activity: { name: string; roles: readonly string[] } | undefined,
  facts: { activityId: number; field: string; isAdmin: boolean; role: string | null },
): PpiResultRefusal | null {
  if (!activity)
    return {
      status: 400,
      code: 'activity_unknown',
      field: facts.field,
      key: 'ppis.unknownActivity',
      params: { id: facts.activityId },
    };
  if (facts.isAdmin || (facts.role !== null && activity.roles.includes(facts.role))) return null;
  if (facts.role === null)
    return {
      status: 403,
      code: 'not_linked_to_ppi',
      field: 'detail',
      key: 'ppis.results.notLinkedToPpi',
      params: {},
    };
  return {
    status: 403,
    code: 'activity_not_yours',
    field: 'detail',
    key: 'ppis.results.notYourActivity',
    params: { activity: activity.name, roles: activity.roles.join(', '), role: facts.role },
  };
}

/** Ids named in a refusal about elements that are not linked. */
const LISTED_IDS = 20;

/** Every element must be linked to the PPI, or nothing is written. */
export function unlinkedRefusal(
  requested: readonly number[],
  linked: Iterable<number>,
): PpiResultRefusal | null {
  const present = new Set(linked);
  const missing = requested.filter((id) => !present.has(id));
  if (!missing.length) return null;
  const ids = missing.slice(0, LISTED_IDS).join(', ') + (missing.length > LISTED_IDS ? '…' : '');
  return {
    status: 400,
    code: 'elements_not_linked',
    field: 'element_ids',
    key: 'ppis.results.elementsNotLinked',
    params: { ids },
  };
}

/** Calibration gating: equipment of the organisation whose calibration is valid on the result's date (the expiry day still is). */
export function equipmentRefusal(
  equipment: { name: string; expiry_date: string } | undefined,
  facts: { id: number; field: string; resultDate: string },
): PpiResultRefusal | null {
  if (!equipment)
    return {
      status: 400,
      code: 'equipment_unknown',
      field: facts.field,
      key: 'ppis.results.unknownEquipment',
      params: { id: facts.id },
    };
  if (equipment.expiry_date < facts.resultDate) {
    return {
      status: 400,
      code: 'equipment_expired',
      field: facts.field,
      key: 'ppis.results.equipmentExpired',
      params: { name: equipment.name, date: facts.resultDate, expiry: equipment.expiry_date },
    };
  }
  return null;
}

/** Documents attach to one result: a write with documents must be of one element. */
export function documentsRefusal(
  documentIds: readonly number[] | undefined,
  elementCount: number,
): PpiResultRefusal | null {
  if (!documentIds?.length || elementCount === 1) return null;
  return {
    status: 400,
    code: 'documents_need_one_result',
    field: 'documents',
    key: 'ppis.results.documentsNeedOneResult',
    params: {},
  };
}

/** The documents that could not be attached (of another plant, attached already, or none such). */
export function documentsUnavailableRefusal(
  requested: readonly number[],
  attached: Iterable<number>,
): PpiResultRefusal | null {
  const done = new Set(attached);
  const missing = requested.filter((id) => !done.has(id));
  if (!missing.length) return null;
  return {
    status: 400,
    code: 'documents_unavailable',
    field: 'documents',
    key: 'ppis.results.documentsUnavailable',
    params: { ids: missing.join(', ') },
  };
}

/* ---------------------------------------------------------------- merge */

/** The current result of one (activity, element), as the merge needs it. */
export type CurrentResult = CurrentChange;

/** One target of a write: an activity's result on an element, and what the write becomes there. */
export interface ResultTarget {
  activityId: number;
  elementId: number;
}

export type ResultDecision = ResultTarget & MergeDecision;

/**
 * Each target's decision against its current result (none yet: the write takes it). The same rule as
 * state changes, per result instead of per element.
 */
export function mergeResults(
  targets: readonly ResultTarget[],
  currentOf: (target: ResultTarget) => CurrentResult | null,
  incoming: { observedAt: string; userId: number; knownElementsVersion?: number | undefined },
): ResultDecision[] {
  return targets.map((t) => ({ ...t, ...mergeDecision(currentOf(t), incoming) }));
}

/** The counts a result write answers (with `written`, every target): the state-change rule's own. */
export const resultMergeCounts = mergeCounts;

/** A group of targets of one write for one review: same kind, activity and met result's author, result and time of observation. */
export interface ResultReviewGroup<M> {
  kind: 'conflict' | 'late';
  activityId: number;
  elementIds: number[];
  /** The first met result of the group. */
  met: M | null;
}

/**
 * Late and conflicting targets of one write, grouped for the office's review: one review per kind,
 * activity and "what they met" (its author, result and time of observation), so a massive write
 * late against one earlier write makes one review, not one per element.
 */
export function resultReviewGroups<M extends { userId: number | null; result: string; observedAt: string }>(
  decisions: readonly ResultDecision[],
  metOf: (target: ResultTarget) => M | null,
): ResultReviewGroup<M>[] {
  const groups = new Map<string, ResultReviewGroup<M>>();
  for (const d of decisions) {
    if (!d.late && !d.conflict) continue;
    const kind = d.conflict ? 'conflict' : 'late';
    const met = metOf(d);
    const key = JSON.stringify([
      kind,
      d.activityId,
      met?.userId ?? null,
      met?.result ?? null,
      met?.observedAt ?? null,
    ]);
    const group = groups.get(key) ?? { kind, activityId: d.activityId, elementIds: [], met };
    group.elementIds.push(d.elementId);
    groups.set(key, group);
  }
  return [...groups.values()];
}
