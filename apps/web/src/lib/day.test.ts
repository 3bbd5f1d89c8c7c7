import { describe, expect, it } from 'vitest';
import { parseDay } from './day';

describe('parseDay', () => {
  it('reads day-first dates, as es, en-GB and it write them, and ISO days', () => {
    expect(parseDay('05/03/2026')).toBe('2026-03-05');
    expect(parseDay('5.3.2026')).toBe('2026-03-05');
    expect(parseDay(' 2026-03-05 ')).toBe('2026-03-05');
  });

  it('refuses impossible days and other text', () => {
    expect(parseDay('31/02/2026')).toBeNull();
    expect(parseDay('2026-13-01')).toBeNull();
    expect(parseDay('March 5')).toBeNull();
    expect(parseDay('')).toBeNull();
  });
});
