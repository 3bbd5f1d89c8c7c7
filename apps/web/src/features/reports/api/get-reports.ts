import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@heliotrack/domain/pagination';
import type { Report, ReportKind } from '@heliotrack/domain/reports';
import { http, type QueryValue } from '../../../lib/http-client';
import { reportsPath } from './report-paths';
import { type ReportFilterValues, type ReportListQuery, reportKeys } from './query-keys';

export const EMPTY_REPORT_FILTERS: ReportFilterValues = {
  dateFrom: null,
  dateTo: null,
  type: null,
  author: null,
};

/** The query parameters of `GET plants/{id}/reports/` (ReportListQuery of the domain); empty filters are left out. */
export function reportListParams({ page, pageSize, filters }: ReportListQuery): Record<string, QueryValue> {
  return {
    page,
    page_size: pageSize,
    date_from: filters.dateFrom ?? undefined,
    date_to: filters.dateTo ?? undefined,
    type: filters.type ?? undefined,
    author: filters.author ?? undefined,
  };
}

export function getReports(
  plantId: number,
  kind: ReportKind,
  query: ReportListQuery,
  signal?: AbortSignal,
): Promise<Paged<Report>> {
  return http.get<Paged<Report>>(reportsPath(plantId, kind), { query: reportListParams(query), signal });
}

export function reportsQueryOptions(plantId: number, kind: ReportKind, query: ReportListQuery) {
  return queryOptions({
    queryKey: reportKeys.list(plantId, kind, query),
    queryFn: ({ signal }) => getReports(plantId, kind, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReports(plantId: number, kind: ReportKind, query: ReportListQuery) {
  return useQuery(reportsQueryOptions(plantId, kind, query));
}
