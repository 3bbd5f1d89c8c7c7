import { describe, expect, it } from 'vitest';
import { addDays, todayIso, weeklyDays } from './dates';

describe('calendar days', () => {
  it('add days across months and years', () => {
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('give weekly points ending on the chosen day, oldest first', () => {
    expect(weeklyDays('2026-11-22', 3)).toEqual(['2026-11-08', '2026-11-15', '2026-11-22']);
  });

  it('take today as the user lives it', () => {
    const now = new Date(2026, 10, 22, 23, 30);
    expect(todayIso(now)).toBe('2026-11-22');
  });
});
