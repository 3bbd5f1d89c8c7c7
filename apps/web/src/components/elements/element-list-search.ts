import type { SortingState } from '@tanstack/react-table';
import { ELEMENT_ORDERINGS, type ElementOrdering } from '@heliotrack/domain/elements';
import { PAGE_SIZE_DEFAULT } from '@heliotrack/domain/constants';
import { PAGE_SIZES } from '../data-table/page-sizes';
import { SERIAL_FLAGS, type ElementFilterValues, type ElementListQuery } from '../../api/get-elements';

/**
 * The element table keeps its whole state in the address (type tab, page, page size, ordering and
 * filters), so a reload, the back button or a shared link shows the same elements.
 */

export { PAGE_SIZES };
export const DEFAULT_ORDERING: ElementOrdering = 'code';

export interface ElementListState {
  /** Code of the element type tab; null: the first type. */
  typeCode: string | null;
  query: ElementListQuery;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

function idList(value: string | null): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => positiveInt(part.trim()))
    .filter((id): id is number => id !== null);
}

function day(value: string | null): string | null {
  return value && DAY.test(value) ? value : null;
}

export function readListState(params: URLSearchParams): ElementListState {
  const size = positiveInt(params.get('size'));
  const ordering = params.get('ordering');
  const flags = (params.get('flags') ?? '').split(',');
  const filters: ElementFilterValues = {
    code: params.get('code') ?? '',
    serial: params.get('serial') ?? '',
    states: idList(params.get('state')),
    contractor: positiveInt(params.get('contractor')),
    ct: positiveInt(params.get('ct')),
    updatedFrom: day(params.get('from')),
    updatedTo: day(params.get('to')),
    serialFlags: SERIAL_FLAGS.filter((flag) => flags.includes(flag)),
  };
  return {
    typeCode: params.get('type') || null,
    query: {
      page: positiveInt(params.get('page')) ?? 1,
      pageSize: size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZE_DEFAULT,
      ordering: (ELEMENT_ORDERINGS as readonly string[]).includes(ordering ?? '')
        ? (ordering as ElementOrdering)
        : DEFAULT_ORDERING,
      filters,
    },
  };
}

/** The address of a list state; defaults are left out, so the plain page has a clean address. */
export function writeListState({ typeCode, query }: ElementListState): URLSearchParams {
  const params = new URLSearchParams();
  const { filters } = query;
  if (typeCode) params.set('type', typeCode);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== PAGE_SIZE_DEFAULT) params.set('size', String(query.pageSize));
  if (query.ordering !== DEFAULT_ORDERING) params.set('ordering', query.ordering);
  if (filters.code) params.set('code', filters.code);
  if (filters.serial) params.set('serial', filters.serial);
  if (filters.states.length) params.set('state', filters.states.join(','));
  if (filters.contractor !== null) params.set('contractor', String(filters.contractor));
  if (filters.ct !== null) params.set('ct', String(filters.ct));
  if (filters.updatedFrom) params.set('from', filters.updatedFrom);
  if (filters.updatedTo) params.set('to', filters.updatedTo);
  if (filters.serialFlags.length) params.set('flags', filters.serialFlags.join(','));
  return params;
}

export function countActiveFilters(filters: ElementFilterValues): number {
  let count = 0;
  if (filters.code.trim()) count++;
  if (filters.serial.trim()) count++;
  if (filters.states.length) count++;
  if (filters.contractor !== null) count++;
  if (filters.ct !== null) count++;
  if (filters.updatedFrom || filters.updatedTo) count++;
  count += filters.serialFlags.length;
  return count;
}

/** `-code` ↔ TanStack's `[{ id: 'code', desc: true }]`; the table sorts by one column at a time. */
export function orderingToSorting(ordering: ElementOrdering): SortingState {
  const desc = ordering.startsWith('-');
  return [{ id: desc ? ordering.slice(1) : ordering, desc }];
}

export function sortingToOrdering(sorting: SortingState): ElementOrdering {
  const first = sorting[0];
  if (!first) return DEFAULT_ORDERING;
  const candidate = `${first.desc ? '-' : ''}${first.id}`;
  return (ELEMENT_ORDERINGS as readonly string[]).includes(candidate)
    ? (candidate as ElementOrdering)
    : DEFAULT_ORDERING;
}
