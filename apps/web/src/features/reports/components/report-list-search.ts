import { PAGE_SIZE_DEFAULT } from '@heliotrack/domain/constants';
import type { ReportKind } from '@heliotrack/domain/reports';
import { pageSizeOf } from '../../../components/data-table/page-sizes';
import type { ReportFilterValues, ReportListQuery } from '../api/query-keys';

/**
 * The report page keeps its state in the address (tab, page, rows per page, filters), so a reload,
 * the back button or a shared link shows the same reports. `tab=historic` is the historic tab.
 */
export interface ReportListState {
  kind: ReportKind;
  query: ReportListQuery;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

function day(value: string | null): string | null {
  if (!value || !DAY.test(value)) return null;
  // 2026-02-30 matches the pattern but is no day: the server would refuse it with a 400.
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

export function readReportListState(params: URLSearchParams): ReportListState {
  let dateFrom = day(params.get('from'));
  let dateTo = day(params.get('to'));
  // A range typed backwards in the address is still the same range.
  if (dateFrom && dateTo && dateFrom > dateTo) [dateFrom, dateTo] = [dateTo, dateFrom];
  const filters: ReportFilterValues = {
    dateFrom,
    dateTo,
    type: positiveInt(params.get('type')),
    author: positiveInt(params.get('author')),
  };
  return {
    kind: params.get('tab') === 'historic' ? 'historic' : 'report',
    query: {
      page: positiveInt(params.get('page')) ?? 1,
      pageSize: pageSizeOf(positiveInt(params.get('size'))),
      filters,
    },
  };
}

/** The address of a list state; defaults are left out, so the plain page has a clean address. */
export function writeReportListState({ kind, query }: ReportListState): URLSearchParams {
  const params = new URLSearchParams();
  const { filters } = query;
  if (kind === 'historic') params.set('tab', 'historic');
  if (query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== PAGE_SIZE_DEFAULT) params.set('size', String(query.pageSize));
  if (filters.dateFrom) params.set('from', filters.dateFrom);
  if (filters.dateTo) params.set('to', filters.dateTo);
  if (filters.type !== null) params.set('type', String(filters.type));
  if (filters.author !== null) params.set('author', String(filters.author));
  return params;
}

export function countActiveReportFilters(filters: ReportFilterValues): number {
  return (
    (filters.dateFrom || filters.dateTo ? 1 : 0) +
    (filters.type !== null ? 1 : 0) +
    (filters.author !== null ? 1 : 0)
  );
}
