import { describe, expect, it } from 'vitest';
import type { ElementsByState } from '@heliotrack/domain/dashboard';
import { addCompareElement, compareRows, hasErrors, okSplit, validateCompare } from './compare';

function answer(counts: { ok: number[]; notOk: number[]; noState: number }): ElementsByState {
  const states = [
    ...counts.ok.map((count, index) => ({ state: 10 + index, is_ok: true, count })),
    ...counts.notOk.map((count, index) => ({ state: 20 + index, is_ok: false, count })),
  ].map((s) => ({ ...s, element_type: 1, code: `S${s.state}`, name: `S${s.state}`, color: '00ff00' }));
  const total = states.reduce((sum, s) => sum + s.count, 0) + counts.noState;
  return { plant: 1, element_type: 1, ctr: null, target_date: null, total, no_state: counts.noState, states };
}

describe('compare', () => {
  it('needs at least one element (specification section 5)', () => {
    const errors = validateCompare({
      elementTypes: [],
      ctr: null,
      startDate: '2026-11-01',
      endDate: '2026-11-22',
    });
    expect(errors).toEqual({ elements: 'compareNeedsElement' });
    expect(hasErrors(errors)).toBe(true);
  });

  it('needs both dates, the start not after the end', () => {
    expect(validateCompare({ elementTypes: [1], ctr: null, startDate: null, endDate: null })).toEqual({
      startDate: 'compareDateRequired',
      endDate: 'compareDateRequired',
    });
    expect(
      validateCompare({ elementTypes: [1], ctr: null, startDate: '2026-11-23', endDate: '2026-11-22' }),
    ).toEqual({
      startDate: 'compareDatesOrder',
    });
    const valid = validateCompare({
      elementTypes: [1],
      ctr: 4,
      startDate: '2026-11-22',
      endDate: '2026-11-22',
    });
    expect(hasErrors(valid)).toBe(false);
  });

  it('adds each element type once, in the order added', () => {
    expect(addCompareElement(addCompareElement([3], 1), 3)).toEqual([3, 1]);
  });

  it('splits the states into ok and not ok, leaving the stateless apart', () => {
    expect(okSplit(answer({ ok: [5, 7], notOk: [2], noState: 4 }))).toEqual({
      ok: 12,
      notOk: 2,
      noState: 4,
      total: 18,
    });
  });

  it('pairs the start and end answers of each element type', () => {
    const rows = compareRows(
      [1, 2],
      [answer({ ok: [1], notOk: [3], noState: 6 }), answer({ ok: [0], notOk: [0], noState: 2 })],
      [answer({ ok: [8], notOk: [1], noState: 1 }), undefined],
    );
    expect(rows).toEqual([
      {
        elementType: 1,
        start: { ok: 1, notOk: 3, noState: 6, total: 10 },
        end: { ok: 8, notOk: 1, noState: 1, total: 10 },
        okChange: 7,
      },
    ]);
  });
});
