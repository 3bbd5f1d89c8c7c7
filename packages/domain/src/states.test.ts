import { describe, expect, it } from 'vitest';
import { statesReaching } from './states';

const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);

describe('statesReaching', () => {
  // 1 hincado → 2 montado → 3 conectado → 4 verificado; 5 rechazado depends on nothing; 6 → 5.
  const chain = [
    { id: 1, depends_on: null },
    { id: 2, depends_on: 1 },
    { id: 3, depends_on: 2 },
    { id: 4, depends_on: 3 },
    { id: 5, depends_on: null },
    { id: 6, depends_on: 5 },
  ];

  it('holds the required state and every later stage of the same chain', () => {
    expect(sorted(statesReaching(2, chain))).toEqual([2, 3, 4]);
    expect(sorted(statesReaching(1, chain))).toEqual([1, 2, 3, 4]);
  });

  it('leaves out earlier stages and other chains', () => {
    expect(sorted(statesReaching(3, chain))).toEqual([3, 4]);
    expect(statesReaching(3, chain).has(6)).toBe(false);
  });

  it('holds the required state even when it is not among the states given', () => {
    expect(sorted(statesReaching(99, chain))).toEqual([99]);
  });

  it('follows branches: two states that both depend on the same one', () => {
    const branches = [...chain, { id: 7, depends_on: 2 }, { id: 8, depends_on: 7 }];
    expect(sorted(statesReaching(2, branches))).toEqual([2, 3, 4, 7, 8]);
  });

  it('ends on a chain that loops instead of running for ever', () => {
    const loop = [
      { id: 1, depends_on: 3 },
      { id: 2, depends_on: 1 },
      { id: 3, depends_on: 2 },
      { id: 4, depends_on: 9 },
    ];
    expect(sorted(statesReaching(1, loop))).toEqual([1, 2, 3]);
    expect(sorted(statesReaching(9, loop))).toEqual([4, 9]);
  });
});
