import { describe, expect, it } from 'vitest';
import { namedIds, REFUSAL_NAMED_IDS } from './state-change-refusals';

describe('namedIds (refusals name a few ids, never thousands)', () => {
  it('names every id up to five', () => {
    expect(namedIds([3])).toEqual({ ids: '3' });
    expect(namedIds([1, 2, 3, 4, 5])).toEqual({ ids: '1, 2, 3, 4, 5' });
  });

  it('names the first five and counts the rest', () => {
    expect(REFUSAL_NAMED_IDS).toBe(5);
    expect(namedIds([1, 2, 3, 4, 5, 6])).toEqual({ ids: '1, 2, 3, 4, 5', more: 1 });
    expect(namedIds(Array.from({ length: 50_000 }, (_, i) => i + 1))).toEqual({ ids: '1, 2, 3, 4, 5', more: 49_995 });
  });
});
