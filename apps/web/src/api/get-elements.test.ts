import { describe, expect, it } from 'vitest';
import { ElementListQuery } from '@heliotrack/domain/elements';
import { EMPTY_FILTERS, elementListParams, filterParams, localDayBound } from './get-elements';

describe('element filters as query parameters', () => {
  it('leave every empty filter out', () => {
    expect(filterParams(EMPTY_FILTERS)).toEqual({
      code: undefined,
      serial: undefined,
      state: undefined,
      contractor: undefined,
      ct: undefined,
      updated_from: undefined,
      updated_to: undefined,
    });
  });

  it('send trimmed text, comma-joined states, ids and the chosen serial flags', () => {
    const params = filterParams({
      ...EMPTY_FILTERS,
      code: '  HIN-01 ',
      serial: ' ',
      states: [3, 4],
      contractor: 7,
      ct: 120,
      serialFlags: ['is_serial_duplicated', 'is_serial_unregistered'],
    });
    expect(params).toMatchObject({
      code: 'HIN-01',
      serial: undefined,
      state: '3,4',
      contractor: 7,
      ct: 120,
      is_serial_duplicated: 'true',
      is_serial_unregistered: 'true',
    });
    expect(params).not.toHaveProperty('is_serial_invalid_length');
  });

  it('turn "updated between" days into the local start of the first and end of the last day', () => {
    const params = filterParams({ ...EMPTY_FILTERS, updatedFrom: '2026-11-03', updatedTo: '2026-11-05' });
    const from = new Date(String(params.updated_from));
    const to = new Date(String(params.updated_to));
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours(), from.getMinutes()]).toEqual(
      [2026, 10, 3, 0, 0],
    );
    expect([
      to.getFullYear(),
      to.getMonth(),
      to.getDate(),
      to.getHours(),
      to.getMinutes(),
      to.getSeconds(),
    ]).toEqual([2026, 10, 5, 23, 59, 59]);
    expect(localDayBound('2026-11-03', 'start')).toMatch(/Z$/);
  });

  it('make a query the server schema accepts, page and ordering included', () => {
    const params = elementListParams({
      page: 3,
      pageSize: 250,
      ordering: '-updated_at',
      filters: {
        ...EMPTY_FILTERS,
        states: [1, 2],
        updatedFrom: '2026-01-01',
        updatedTo: '2026-01-31',
        serialFlags: ['is_serial_invalid_length'],
      },
    });
    const asStrings = Object.fromEntries(
      Object.entries(params)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, String(value)]),
    );
    const parsed = ElementListQuery.parse(asStrings);
    expect(parsed).toMatchObject({
      page: 3,
      page_size: 250,
      ordering: '-updated_at',
      state: [1, 2],
      is_serial_invalid_length: true,
    });
  });
});
