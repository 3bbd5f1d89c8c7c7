import type { ApiMessageKey } from './i18n/translate';
import type { StateChangeRefusalCode } from './state-change-refusals';

/*
 * One table of situations for the state-change rule, checked three times: by the domain's unit
 * test (state-change-rule.test.ts), by the server's API test and by the device handler's test. Each
 * side builds every situation in its own data (a Record over RefusalSituation, so a new row fails to
 * typecheck until every side builds it) and expects the same refusal.
 */

export const REFUSAL_SITUATIONS = [
  'element_type_of_another_path',
  'state_unknown',
  'state_of_another_type',
  'state_inactive',
  'state_outside_plant_states',
  'state_not_in_users_rucs',
  'element_missing',
  'depends_on_not_reached',
  'element_ids_not_the_path_element',
] as const;
export type RefusalSituation = (typeof REFUSAL_SITUATIONS)[number];

export const REFUSAL_CASES: Record<RefusalSituation, { code: StateChangeRefusalCode; field: string; key: ApiMessageKey }> = {
  element_type_of_another_path: { code: 'element_type_mismatch', field: 'element_type', key: 'stateChanges.elementTypeMismatch' },
  state_unknown: { code: 'state_unknown', field: 'state', key: 'stateChanges.unknownState' },
  state_of_another_type: { code: 'state_of_another_type', field: 'state', key: 'stateChanges.stateOfAnotherType' },
  state_inactive: { code: 'state_not_recordable', field: 'state', key: 'stateChanges.stateInactive' },
  state_outside_plant_states: { code: 'state_not_recordable', field: 'state', key: 'stateChanges.stateNotInGroup' },
  state_not_in_users_rucs: { code: 'state_not_recordable', field: 'state', key: 'stateChanges.stateNotAllowed' },
  element_missing: { code: 'element_not_found', field: 'element_ids', key: 'stateChanges.elementsNotFound' },
  depends_on_not_reached: { code: 'depends_on_not_reached', field: 'state', key: 'stateChanges.dependsOnNotReached' },
  element_ids_not_the_path_element: { code: 'element_ids_mismatch', field: 'element_ids', key: 'stateChanges.elementIdsMismatch' },
};

/**
 * The merge, per element: the element's current change (observed at `current.at` minutes, by the
 * same user or another, arrived before or after the device's download) meets an incoming change
 * observed at `incoming.at` minutes, sent with or without `known_elements_version`.
 */
export interface MergeCase {
  name: string;
  current: { at: number; by: 'same' | 'other'; arrived: 'before_download' | 'after_download' } | null;
  incoming: { at: number; sendsKnownVersion: boolean };
  expect: { late: boolean; conflict: boolean };
}

export const MERGE_CASES: readonly MergeCase[] = [
  { name: 'an element never changed takes the change', current: null, incoming: { at: 0, sendsKnownVersion: true }, expect: { late: false, conflict: false } },
  { name: 'a newer change becomes current', current: { at: 0, by: 'same', arrived: 'before_download' }, incoming: { at: 10, sendsKnownVersion: true }, expect: { late: false, conflict: false } },
  { name: 'an older change is late', current: { at: 10, by: 'same', arrived: 'before_download' }, incoming: { at: 0, sendsKnownVersion: false }, expect: { late: true, conflict: false } },
  { name: 'a tie goes to the later arrival', current: { at: 5, by: 'other', arrived: 'before_download' }, incoming: { at: 5, sendsKnownVersion: true }, expect: { late: false, conflict: false } },
  { name: "another user's change after the download: conflict, older incoming is late", current: { at: 10, by: 'other', arrived: 'after_download' }, incoming: { at: 0, sendsKnownVersion: true }, expect: { late: true, conflict: true } },
  { name: "another user's change after the download: conflict, newer incoming is current", current: { at: 0, by: 'other', arrived: 'after_download' }, incoming: { at: 10, sendsKnownVersion: true }, expect: { late: false, conflict: true } },
  { name: "the same user's own change after the download is no conflict", current: { at: 10, by: 'same', arrived: 'after_download' }, incoming: { at: 0, sendsKnownVersion: true }, expect: { late: true, conflict: false } },
  { name: 'without known_elements_version there is no conflict', current: { at: 10, by: 'other', arrived: 'after_download' }, incoming: { at: 0, sendsKnownVersion: false }, expect: { late: true, conflict: false } },
];
