import { describe, expect, it } from 'vitest';
import {
  dependsOnRefusal,
  elementIdsRefusal,
  elementTypeRefusal,
  mergeCounts,
  mergeDecision,
  missingElementsRefusal,
  type RuleRefusal,
  stateAt,
  stateRefusal,
  type StateFacts,
} from './state-change-rule';
import { MERGE_CASES, REFUSAL_CASES, type RefusalSituation } from './state-change-rule.cases';

const base = Date.parse('2026-11-28T10:00:00.000Z');
const minutes = (m: number) => new Date(base + m * 60_000).toISOString();

/* The situations of the shared table in the rule's own terms: type 5 "MOD", states 1 (active), 2 (depends on 1). */
const state = { id: 2, name: 'Montado', element_type_id: 5, is_active: true };
const facts: StateFacts = { requested: 2, state, typeId: 5, inPlantStates: true, recordable: true };
const typeStates = [
  { id: 1, name: 'Inicial', depends_on: null },
  { id: 2, name: 'Montado', depends_on: 1 },
];
const situations: Record<RefusalSituation, () => RuleRefusal | null> = {
  element_type_of_another_path: () => elementTypeRefusal({ id: 5, code: 'MOD' }, 6),
  state_unknown: () => stateRefusal({ ...facts, requested: 99, state: undefined }),
  state_of_another_type: () => stateRefusal({ ...facts, state: { ...state, element_type_id: 6 } }),
  state_inactive: () => stateRefusal({ ...facts, state: { ...state, is_active: false } }),
  state_outside_plant_states: () => stateRefusal({ ...facts, inPlantStates: false }),
  state_not_in_users_rucs: () => stateRefusal({ ...facts, recordable: false }),
  element_missing: () => missingElementsRefusal([11, 12], [11], 'MOD'),
  depends_on_not_reached: () => dependsOnRefusal({ name: 'Montado', depends_on: 1 }, typeStates, [{ id: 11, state_id: null }]),
  element_ids_not_the_path_element: () => elementIdsRefusal(11, [11, 12]),
};

describe('the state-change rule: what is refused and why (shared table)', () => {
  it.each(Object.entries(REFUSAL_CASES) as [RefusalSituation, (typeof REFUSAL_CASES)[RefusalSituation]][])('%s', (situation, expected) => {
    expect(situations[situation]()).toMatchObject(expected);
  });

  it('accepts what passes every check', () => {
    expect(elementTypeRefusal({ id: 5, code: 'MOD' }, 5)).toBeNull();
    expect(elementIdsRefusal(11, undefined)).toBeNull();
    expect(elementIdsRefusal(11, [11])).toBeNull();
    expect(stateRefusal(facts)).toBeNull();
    expect(missingElementsRefusal([11, 12], [12, 11], 'MOD')).toBeNull();
    expect(dependsOnRefusal({ name: 'Montado', depends_on: 1 }, typeStates, [{ id: 11, state_id: 1 }, { id: 12, state_id: 2 }])).toBeNull();
  });

  it('names the first ids sorted, then "…and N more"', () => {
    const behind = [9, 8, 7, 6, 5, 4].map((id) => ({ id, state_id: null }));
    expect(dependsOnRefusal({ name: 'Montado', depends_on: 1 }, typeStates, behind)).toEqual({
      code: 'depends_on_not_reached',
      field: 'state',
      key: 'stateChanges.dependsOnNotReachedMore',
      params: { state: 'Montado', required: 'Inicial', ids: '4, 5, 6, 7, 8', more: 1 },
    });
  });
});

describe('the merge per element (shared table)', () => {
  const knownVersion = 10;
  it.each(MERGE_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const current = c.current && {
      observedAt: minutes(c.current.at),
      userId: c.current.by === 'same' ? 1 : 2,
      version: c.current.arrived === 'after_download' ? knownVersion + 1 : knownVersion,
    };
    const decision = mergeDecision(current, {
      observedAt: minutes(c.incoming.at),
      userId: 1,
      knownElementsVersion: c.incoming.sendsKnownVersion ? knownVersion : undefined,
    });
    expect(decision).toEqual(c.expect);
  });

  it('counts applied, late and conflicting elements', () => {
    expect(mergeCounts([{ late: false, conflict: false }, { late: true, conflict: true }, { late: true, conflict: false }])).toEqual({
      applied_count: 1,
      late_count: 2,
      conflict_count: 1,
    });
  });
});

describe('the state at the time of observation', () => {
  const history = [
    { id: 1, observedAt: minutes(0), stateId: 1, previousStateId: null },
    { id: 3, observedAt: minutes(20), stateId: 3, previousStateId: 2 },
    // Arrived late: observed before change 3.
    { id: 4, observedAt: minutes(10), stateId: 2, previousStateId: 1 },
  ];
  it('is the latest change observed at or before it, whatever the arrival order', () => {
    expect(stateAt(history, 3, minutes(15))).toBe(2);
    expect(stateAt(history, 3, minutes(25))).toBe(3);
    expect(stateAt(history, 3, minutes(10))).toBe(2);
  });
  it('before any change, the state the first change left; with no history, the current one', () => {
    expect(stateAt(history, 3, minutes(-5))).toBeNull();
    expect(stateAt([], 7, minutes(0))).toBe(7);
  });
  it('on a tie, the later arrival', () => {
    expect(stateAt([...history, { id: 5, observedAt: minutes(20), stateId: 4, previousStateId: 3 }], 4, minutes(20))).toBe(4);
  });
});
