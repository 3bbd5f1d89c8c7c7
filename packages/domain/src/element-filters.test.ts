import { describe, expect, it } from 'vitest';
import { type FilterableElement, matchesElementFilters, updatedFromBound, updatedToBound } from './element-filters';

const element = (over: Partial<FilterableElement> = {}): FilterableElement => ({
  code: 'MOD-B01-T003-042',
  serial: 'JAM72S30-0001-XYZ',
  state_id: 3,
  last_state_change_contractor_id: 7,
  ctr_id: 11,
  updated_at: '2026-03-10T14:30:00.000Z',
  is_serial_invalid_length: false,
  is_serial_duplicated: true,
  is_serial_unregistered: 0,
  ...over,
});

describe('matchesElementFilters', () => {
  it('lets everything through without filters', () => {
    expect(matchesElementFilters(element(), {})).toBe(true);
  });

  it('finds code and serial text anywhere, ignoring case', () => {
    expect(matchesElementFilters(element(), { code: 't003' })).toBe(true);
    expect(matchesElementFilters(element(), { code: 'MOD-B01' })).toBe(true);
    expect(matchesElementFilters(element(), { code: 'T004' })).toBe(false);
    expect(matchesElementFilters(element(), { serial: 'xyz' })).toBe(true);
    expect(matchesElementFilters(element({ serial: '' }), { serial: 'xyz' })).toBe(false);
  });

  it('reads special characters of the text literally, as the server escapes them in LIKE', () => {
    expect(matchesElementFilters(element({ code: 'A_1%' }), { code: '_1%' })).toBe(true);
    expect(matchesElementFilters(element({ code: 'AB1C' }), { code: '_1%' })).toBe(false);
  });

  it('matches one of the states, and never an element without a state', () => {
    expect(matchesElementFilters(element(), { state: [2, 3] })).toBe(true);
    expect(matchesElementFilters(element(), { state: [4] })).toBe(false);
    expect(matchesElementFilters(element({ state_id: null }), { state: [3] })).toBe(false);
    expect(matchesElementFilters(element({ state_id: null }), { state: [] })).toBe(true);
  });

  it('matches the contractor of the last change and the CTR', () => {
    expect(matchesElementFilters(element(), { contractor: 7, ct: 11 })).toBe(true);
    expect(matchesElementFilters(element(), { contractor: 8 })).toBe(false);
    expect(matchesElementFilters(element({ last_state_change_contractor_id: null }), { contractor: 7 })).toBe(false);
    expect(matchesElementFilters(element({ ctr_id: null }), { ct: 11 })).toBe(false);
  });

  it('takes a date as its whole day and a date-time as an instant, both bounds inclusive', () => {
    expect(matchesElementFilters(element(), { updated_from: '2026-03-10', updated_to: '2026-03-10' })).toBe(true);
    expect(matchesElementFilters(element(), { updated_from: '2026-03-11' })).toBe(false);
    expect(matchesElementFilters(element(), { updated_to: '2026-03-09' })).toBe(false);
    expect(matchesElementFilters(element(), { updated_to: '2026-03-10T14:30:00Z' })).toBe(true);
    expect(matchesElementFilters(element(), { updated_to: '2026-03-10T14:29:59Z' })).toBe(false);
    // An offset is converted to UTC, as times are stored.
    expect(matchesElementFilters(element(), { updated_from: '2026-03-10T15:30:00+01:00' })).toBe(true);
    expect(matchesElementFilters(element(), { updated_from: '2026-03-10T15:30:01+01:00' })).toBe(false);
  });

  it('matches serial flags given as booleans or as 0/1', () => {
    expect(matchesElementFilters(element(), { is_serial_duplicated: true, is_serial_invalid_length: false, is_serial_unregistered: false })).toBe(true);
    expect(matchesElementFilters(element(), { is_serial_duplicated: false })).toBe(false);
    expect(matchesElementFilters(element({ is_serial_unregistered: 1 }), { is_serial_unregistered: true })).toBe(true);
  });

  it('needs every filter to match', () => {
    expect(matchesElementFilters(element(), { code: 'MOD', state: [3], contractor: 7, is_serial_duplicated: true })).toBe(true);
    expect(matchesElementFilters(element(), { code: 'MOD', state: [3], contractor: 8, is_serial_duplicated: true })).toBe(false);
  });
});

describe('updated bounds', () => {
  it('runs a date bound to the end of its day, crossing months and years', () => {
    expect(updatedToBound('2026-02-28')).toEqual({ op: '<', value: '2026-03-01' });
    expect(updatedToBound('2026-12-31')).toEqual({ op: '<', value: '2027-01-01' });
    expect(updatedFromBound('2026-02-28')).toBe('2026-02-28');
  });

  it('normalises a date-time bound to UTC', () => {
    expect(updatedToBound('2026-03-10T00:30:00+02:00')).toEqual({ op: '<=', value: '2026-03-09T22:30:00.000Z' });
    expect(updatedFromBound('2026-03-10T00:30:00Z')).toBe('2026-03-10T00:30:00.000Z');
  });
});
