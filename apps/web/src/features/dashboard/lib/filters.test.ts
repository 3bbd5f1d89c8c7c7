import { describe, expect, it } from 'vitest';
import type { Milestone } from '@heliotrack/domain/milestones';
import {
  DASHBOARD_FILTERS_KEY,
  EMPTY_FILTERS,
  effectiveTargetDate,
  parseFilters,
  readFilters,
  resolveMilestone,
  resolvePlantId,
  withPlant,
  writeFilters,
  type DashboardFilters,
} from './filters';

function milestone(id: number, target_date: string): Milestone {
  return {
    id,
    plant: 1,
    name: `M${id}`,
    element_type: 5,
    state: 9,
    target_count: 100,
    target_date,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('dashboard filters', () => {
  const filters: DashboardFilters = {
    plantId: 3,
    ctrId: 41,
    byPlanning: true,
    targetDate: '2026-11-15',
    milestoneId: 7,
  };

  it('survive a round trip through session storage', () => {
    const storage = new MemoryStorage();
    writeFilters(filters, storage);
    expect(JSON.parse(storage.getItem(DASHBOARD_FILTERS_KEY)!)).toEqual(filters);
    expect(readFilters(storage)).toEqual(filters);
  });

  it('start empty when nothing or garbage is stored', () => {
    expect(readFilters(new MemoryStorage())).toEqual(EMPTY_FILTERS);
    expect(parseFilters('{not json')).toEqual(EMPTY_FILTERS);
    expect(parseFilters('[1,2]')).toEqual(EMPTY_FILTERS);
  });

  it('drop only the fields that are not valid', () => {
    const parsed = parseFilters(
      JSON.stringify({
        plantId: 'x',
        ctrId: 41,
        byPlanning: 'yes',
        targetDate: '15/11/2026',
        milestoneId: -1,
      }),
    );
    expect(parsed).toEqual({
      plantId: null,
      ctrId: 41,
      byPlanning: false,
      targetDate: null,
      milestoneId: null,
    });
  });

  it('forget the CTR and the milestone when the plant changes, and keep the date and the flag', () => {
    expect(withPlant(filters, 4)).toEqual({ ...filters, plantId: 4, ctrId: null, milestoneId: null });
    expect(withPlant(filters, 3)).toBe(filters);
  });

  it('fall back to the first plant when the stored one is no longer visible', () => {
    expect(resolvePlantId(3, [1, 3])).toBe(3);
    expect(resolvePlantId(9, [1, 3])).toBe(1);
    expect(resolvePlantId(null, [])).toBeNull();
  });

  it('fall back to the earliest milestone when the stored one is gone', () => {
    const milestones = [milestone(2, '2026-12-31'), milestone(5, '2026-06-30')];
    expect(resolveMilestone(2, milestones)?.id).toBe(2);
    expect(resolveMilestone(99, milestones)?.id).toBe(5);
    expect(resolveMilestone(null, [])).toBeNull();
  });

  it('take the target date from the milestone by planning, else from the date filter', () => {
    const chosen = milestone(2, '2026-12-31');
    expect(effectiveTargetDate(filters, chosen)).toBe('2026-12-31');
    expect(effectiveTargetDate(filters, null)).toBeNull();
    expect(effectiveTargetDate({ ...filters, byPlanning: false }, chosen)).toBe('2026-11-15');
    expect(effectiveTargetDate({ ...filters, byPlanning: false, targetDate: null }, chosen)).toBeNull();
  });
});
