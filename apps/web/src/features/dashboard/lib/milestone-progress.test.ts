import { describe, expect, it } from 'vitest';
import type { State } from '@heliotrack/domain/catalogues';
import type { MilestoneFollowup } from '@heliotrack/domain/milestones';
import { milestoneFormValues, milestoneRequestOf, statesOfType } from './milestone-form';
import { milestoneProgress } from './milestone-progress';

function followup(target: number, points: [string, number, number][]): MilestoneFollowup {
  return {
    milestone: {
      id: 1,
      plant: 1,
      name: 'Hincado',
      element_type: 1,
      state: 2,
      target_count: target,
      target_date: points.at(-1)?.[0] ?? '2026-12-31',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    },
    start_date: points[0]?.[0] ?? '2026-12-31',
    target_date: points.at(-1)?.[0] ?? '2026-12-31',
    target_count: target,
    reaching_states: [2],
    points: points.map(([date, planned, actual]) => ({ date, planned, actual })),
  };
}

const curve = followup(100, [
  ['2026-11-20', 0, 10],
  ['2026-11-21', 50, 30],
  ['2026-11-22', 100, 60],
]);

describe('milestone progress', () => {
  it('reads the last point at or before today', () => {
    expect(milestoneProgress(curve, '2026-11-21')).toEqual({
      actual: 30,
      target: 100,
      planned: 50,
      ratio: 0.3,
      status: 'behind',
    });
  });

  it('keeps the target day once it has passed', () => {
    expect(milestoneProgress(curve, '2027-01-15')).toMatchObject({ actual: 60, planned: 100, ratio: 0.6 });
  });

  it('counts nothing before the curve starts', () => {
    expect(milestoneProgress(curve, '2026-11-01')).toMatchObject({
      actual: 0,
      planned: 0,
      ratio: 0,
      status: 'onTrack',
    });
  });

  it('is on track when ahead of the plan and done at the target, never above 100 %', () => {
    expect(milestoneProgress(curve, '2026-11-20').status).toBe('onTrack');
    const over = followup(40, [['2026-11-20', 40, 55]]);
    expect(milestoneProgress(over, '2026-11-22')).toMatchObject({ actual: 55, ratio: 1, status: 'done' });
  });

  it('takes a target of zero as met', () => {
    expect(milestoneProgress(followup(0, [['2026-11-20', 0, 0]]), '2026-11-22')).toMatchObject({
      ratio: 1,
      status: 'done',
    });
  });
});

function state(id: number, elementType: number, isActive = true): State {
  return {
    id,
    element_type: elementType,
    code: `S${id}`,
    name: `State ${id}`,
    description: '',
    color: 'ff8000',
    restringed: false,
    is_ok: false,
    depends_on: null,
    is_active: isActive,
  };
}

describe('milestone form', () => {
  const states = [state(5, 2), state(3, 1), state(1, 1), state(4, 1, false)];

  it('offers the active states of the chosen type only, in order', () => {
    expect(statesOfType(states, 1).map((s) => s.id)).toEqual([1, 3]);
    expect(statesOfType(states, null)).toEqual([]);
  });

  it("keeps the milestone's own state when it is no longer active", () => {
    expect(statesOfType(states, 1, 4).map((s) => s.id)).toEqual([1, 3, 4]);
  });

  it('leaves empty fields out of the request so the schema names them', () => {
    expect(milestoneRequestOf(milestoneFormValues())).toEqual({
      name: '',
      element_type: undefined,
      state: undefined,
      target_count: undefined,
      target_date: undefined,
    });
    expect(
      milestoneRequestOf({
        name: 'A',
        element_type: 1,
        state: 3,
        target_count: 0,
        target_date: '2026-12-01',
      }),
    ).toEqual({ name: 'A', element_type: 1, state: 3, target_count: 0, target_date: '2026-12-01' });
  });
});
