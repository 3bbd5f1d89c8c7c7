import { describe, expect, it } from 'vitest';
import { elementsFilter } from './map-filters';

describe('plant map filter', () => {
  it('is null when neither types nor states are filtered', () => {
    expect(elementsFilter({ typeCodes: null, stateIds: null })).toBeNull();
  });

  it('keeps the chosen element types by their code', () => {
    expect(elementsFilter({ typeCodes: ['MOD', 'TRA'], stateIds: null })).toEqual([
      'in',
      ['get', 'type'],
      ['literal', ['MOD', 'TRA']],
    ]);
  });

  it('combines types and states, and an empty list hides everything of that kind', () => {
    expect(elementsFilter({ typeCodes: ['HIN'], stateIds: [] })).toEqual([
      'all',
      ['in', ['get', 'type'], ['literal', ['HIN']]],
      ['in', ['get', 'state'], ['literal', []]],
    ]);
  });
});
