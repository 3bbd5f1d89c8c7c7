import { describe, expect, it } from 'vitest';
import {
  activityRefusal,
  closedRefusal,
  documentsRefusal,
  documentsUnavailableRefusal,
  equipmentRefusal,
  mergeResults,
  resultDateOf,
  resultMergeCounts,
  resultReviewGroups,
  unlinkedRefusal,
} from './ppi-result-rule';
import { MERGE_CASES } from './state-change-rule.cases';

const base = Date.parse('2026-11-28T10:00:00.000Z');
const minutes = (m: number) => new Date(base + m * 60_000).toISOString();
const knownVersion = 10;

describe('PPI result rule: the merge is the state-change rule, per result', () => {
  it.each(MERGE_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const current = c.current && {
      observedAt: minutes(c.current.at),
      userId: c.current.by === 'same' ? 1 : 2,
      version: c.current.arrived === 'after_download' ? knownVersion + 1 : knownVersion,
    };
    const [decision] = mergeResults([{ activityId: 3, elementId: 7 }], () => current, {
      observedAt: minutes(c.incoming.at),
      userId: 1,
      knownElementsVersion: c.incoming.sendsKnownVersion ? knownVersion : undefined,
    });
    expect(decision).toEqual({ activityId: 3, elementId: 7, ...c.expect });
  });

  it('counts and groups late and conflicting results by what they met', () => {
    const met = { userId: 2, result: 'ok', observedAt: minutes(10) };
    const other = { userId: 3, result: 'na', observedAt: minutes(10) };
    const decisions = [
      { activityId: 1, elementId: 1, late: true, conflict: false },
      { activityId: 1, elementId: 2, late: true, conflict: false },
      { activityId: 1, elementId: 3, late: true, conflict: false },
      { activityId: 1, elementId: 4, late: false, conflict: true },
      { activityId: 1, elementId: 5, late: false, conflict: false },
    ];
    expect(resultMergeCounts(decisions)).toEqual({ applied_count: 2, late_count: 3, conflict_count: 1 });
    const groups = resultReviewGroups(decisions, (t) =>
      t.elementId === 3 ? other : t.elementId === 5 ? null : met,
    );
    expect(groups).toEqual([
      { kind: 'late', activityId: 1, elementIds: [1, 2], met },
      { kind: 'late', activityId: 1, elementIds: [3], met: other },
      { kind: 'conflict', activityId: 1, elementIds: [4], met },
    ]);
  });
});

describe('PPI result rule: refusals', () => {
  it('refuses a closed PPI, saying so when the result was observed before it closed', () => {
    expect(closedRefusal({ code: 'P1', status: 'open', closed_at: null }, null)).toBeNull();
    expect(closedRefusal({ code: 'P1', status: 'closed', closed_at: minutes(5) }, null)).toMatchObject({
      code: 'ppi_closed',
      key: 'ppis.results.closed',
    });
    expect(closedRefusal({ code: 'P1', status: 'closed', closed_at: minutes(5) }, minutes(0))).toMatchObject({
      code: 'ppi_closed',
      key: 'ppis.results.closedMeanwhile',
      params: { ppi: 'P1', closed_at: minutes(5), observed_at: minutes(0) },
    });
  });

  it('takes the day of observation as the result date, and refuses a future one', () => {
    expect(resultDateOf(undefined, '2026-11-20T23:30:00.000Z', minutes(0))).toEqual({ date: '2026-11-20' });
    expect(resultDateOf('2026-11-19', minutes(0), minutes(0))).toEqual({ date: '2026-11-19' });
    expect(resultDateOf('2026-11-29', minutes(0), minutes(0))).toMatchObject({
      code: 'result_date_in_future',
      field: 'result_date',
    });
  });

  it("refuses an unknown activity (400), a user not linked and another role's activity (403)", () => {
    const activity = { name: 'Profundidad', roles: ['CA'] };
    const facts = { activityId: 4, field: 'activity', isAdmin: false, role: 'CA' };
    expect(activityRefusal(activity, facts)).toBeNull();
    expect(activityRefusal(activity, { ...facts, role: 'TC', isAdmin: true })).toBeNull();
    expect(activityRefusal(undefined, facts)).toMatchObject({
      status: 400,
      code: 'activity_unknown',
      field: 'activity',
    });
    expect(activityRefusal(activity, { ...facts, role: null })).toMatchObject({
      status: 403,
      code: 'not_linked_to_ppi',
    });
    expect(activityRefusal(activity, { ...facts, role: 'TC' })).toMatchObject({
      status: 403,
      code: 'activity_not_yours',
      params: { roles: 'CA', role: 'TC' },
    });
  });

  it('refuses unlinked elements and equipment unknown or expired on the result date (valid on its expiry day)', () => {
    expect(unlinkedRefusal([1, 2, 3], [1, 2, 3])).toBeNull();
    expect(unlinkedRefusal([1, 2, 3], [2])).toMatchObject({
      code: 'elements_not_linked',
      params: { ids: '1, 3' },
    });
    const facts = { id: 9, field: 'equipment', resultDate: '2026-11-20' };
    expect(equipmentRefusal(undefined, facts)).toMatchObject({ code: 'equipment_unknown' });
    expect(equipmentRefusal({ name: 'Medidor', expiry_date: '2026-11-20' }, facts)).toBeNull();
    expect(equipmentRefusal({ name: 'Medidor', expiry_date: '2026-11-19' }, facts)).toMatchObject({
      code: 'equipment_expired',
      params: { expiry: '2026-11-19' },
    });
  });

  it('attaches documents to a write of one result only, and refuses those it could not attach', () => {
    expect(documentsRefusal(undefined, 3)).toBeNull();
    expect(documentsRefusal([4], 1)).toBeNull();
    expect(documentsRefusal([4], 2)).toMatchObject({ code: 'documents_need_one_result', field: 'documents' });
    expect(documentsUnavailableRefusal([4, 5], [4, 5])).toBeNull();
    expect(documentsUnavailableRefusal([4, 5], [5])).toMatchObject({
      code: 'documents_unavailable',
      params: { ids: '4' },
    });
  });
});
