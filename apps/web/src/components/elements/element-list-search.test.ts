import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from '../../api/get-elements';
import {
  countActiveFilters,
  orderingToSorting,
  readListState,
  sortingToOrdering,
  writeListState,
  type ElementListState,
} from './element-list-search';

describe('element table state in the address', () => {
  it('reads defaults from an empty address and writes them back as nothing', () => {
    const state = readListState(new URLSearchParams());
    expect(state).toEqual({
      typeCode: null,
      query: { page: 1, pageSize: 25, ordering: 'code', filters: EMPTY_FILTERS },
    });
    expect(writeListState(state).toString()).toBe('');
  });

  it('round-trips a type, page, page size, ordering and every filter', () => {
    const state: ElementListState = {
      typeCode: 'MOD',
      query: {
        page: 4,
        pageSize: 500,
        ordering: '-state',
        filters: {
          code: 'MOD-0',
          serial: 'JA',
          states: [5, 6],
          contractor: 2,
          ct: 99,
          updatedFrom: '2026-11-01',
          updatedTo: '2026-11-22',
          serialFlags: ['is_serial_duplicated'],
        },
      },
    };
    expect(readListState(writeListState(state))).toEqual(state);
  });

  it('ignores what a hand-edited address gets wrong', () => {
    const state = readListState(
      new URLSearchParams(
        'page=-2&size=33&ordering=drop&state=1,x,3&contractor=abc&from=yesterday&flags=nope,is_serial_unregistered',
      ),
    );
    expect(state.query.page).toBe(1);
    expect(state.query.pageSize).toBe(25);
    expect(state.query.ordering).toBe('code');
    expect(state.query.filters.states).toEqual([1, 3]);
    expect(state.query.filters.contractor).toBeNull();
    expect(state.query.filters.updatedFrom).toBeNull();
    expect(state.query.filters.serialFlags).toEqual(['is_serial_unregistered']);
  });

  it('counts the active filters for the clear button', () => {
    expect(countActiveFilters(EMPTY_FILTERS)).toBe(0);
    expect(
      countActiveFilters({ ...EMPTY_FILTERS, code: 'x', updatedFrom: '2026-01-01', updatedTo: '2026-01-02' }),
    ).toBe(2);
  });

  it('maps the API ordering to the table sorting and back', () => {
    expect(orderingToSorting('-updated_at')).toEqual([{ id: 'updated_at', desc: true }]);
    expect(sortingToOrdering([{ id: 'state', desc: false }])).toBe('state');
    expect(sortingToOrdering([{ id: 'code', desc: true }])).toBe('-code');
    expect(sortingToOrdering([{ id: 'description', desc: false }])).toBe('code');
    expect(sortingToOrdering([])).toBe('code');
  });
});
