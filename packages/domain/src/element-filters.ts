import type { ElementFilters } from './elements';

/*
 * The element list filters as one rule: the server writes them as SQL (modules/elements), the
 * device applies this predicate to the rows it downloaded, and a server test checks that both pick
 * the same elements of the demo plant.
 *
 * - code, serial: contain the text anywhere, ignoring case (the text is trimmed; empty means no filter)
 * - state: one of the ids; contractor: of the last state change; ct: the element's CTR
 * - updated_from / updated_to: inclusive; a date covers its whole day (UTC), a date-time is compared
 *   as UTC, as times are stored
 * - is_serial_*: the flag equals the value
 * Case is folded as JavaScript folds it (toLowerCase); SQLite's lower() folds ASCII letters only, so
 * on SQLite a code or serial with accented capitals may match here and not on the server.
 */

export type ElementListFilters = Omit<ElementFilters, 'ordering'>;

/** The fields of an element the filters read: a list row plus its CTR. Flags as booleans or 0/1. */
export interface FilterableElement {
  code: string;
  serial: string;
  state_id: number | null;
  last_state_change_contractor_id: number | null;
  ctr_id: number | null;
  updated_at: string;
  is_serial_invalid_length: boolean | number;
  is_serial_duplicated: boolean | number;
  is_serial_unregistered: boolean | number;
}

export const SERIAL_FLAGS = ['is_serial_invalid_length', 'is_serial_duplicated', 'is_serial_unregistered'] as const;

/** The lowest updated_at a `updated_from` admits (inclusive). */
export function updatedFromBound(value: string): string {
  return value.length === 10 ? value : new Date(value).toISOString();
}

/** The bound a `updated_to` sets: before the next day for a date, up to the instant for a date-time. */
export function updatedToBound(value: string): { op: '<' | '<='; value: string } {
  if (value.length !== 10) return { op: '<=', value: new Date(value).toISOString() };
  const next = new Date(`${value}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { op: '<', value: next.toISOString().slice(0, 10) };
}

const contains = (value: string, text: string) => value.toLowerCase().includes(text.toLowerCase());
const isSet = (flag: boolean | number) => flag === true || flag === 1;

/** Whether `element` is listed under `filters` (the plant and type are the caller's scope). */
export function matchesElementFilters(element: FilterableElement, filters: ElementListFilters): boolean {
  if (filters.code && !contains(element.code, filters.code)) return false;
  if (filters.codes && !filters.codes.includes(element.code)) return false;
  if (filters.serial && !contains(element.serial, filters.serial)) return false;
  if (filters.state?.length && (element.state_id === null || !filters.state.includes(element.state_id))) return false;
  if (filters.contractor !== undefined && element.last_state_change_contractor_id !== filters.contractor) return false;
  if (filters.ct !== undefined && element.ctr_id !== filters.ct) return false;
  if (filters.updated_from && element.updated_at < updatedFromBound(filters.updated_from)) return false;
  if (filters.updated_to) {
    const bound = updatedToBound(filters.updated_to);
    if (bound.op === '<' ? element.updated_at >= bound.value : element.updated_at > bound.value) return false;
  }
  for (const flag of SERIAL_FLAGS) {
    if (filters[flag] !== undefined && isSet(element[flag]) !== filters[flag]) return false;
  }
  return true;
}
