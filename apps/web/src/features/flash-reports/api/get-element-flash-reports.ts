import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FlashReport } from '@heliotrack/domain/flash-reports';
import type { Paged } from '@heliotrack/domain/pagination';
import { http } from '../../../lib/http-client';
import { type ElementFlashReportsQuery, type FlashReportFilterValues, flashReportKeys } from './query-keys';

export const EMPTY_FLASH_REPORT_FILTERS: FlashReportFilterValues = {
  dateFrom: null,
  dateTo: null,
  severity: null,
  status: null,
  author: null,
};

/** A local day as the instant it starts or ends, so "today" means the user's day, not UTC's. */
function localDayBound(day: string, end: boolean): string {
  return new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`).toISOString();
}

/** `GET flash-reports/{id}/`: {id} is the ELEMENT's id; its flash reports, newest first (paged). */
export function getElementFlashReports(
  elementId: number,
  { filters, page, pageSize }: ElementFlashReportsQuery,
  signal?: AbortSignal,
): Promise<Paged<FlashReport>> {
  return http.get<Paged<FlashReport>>(`flash-reports/${elementId}/`, {
    query: {
      date_from: filters.dateFrom ? localDayBound(filters.dateFrom, false) : undefined,
      date_to: filters.dateTo ? localDayBound(filters.dateTo, true) : undefined,
      severity: filters.severity,
      status: filters.status,
      author: filters.author,
      page,
      page_size: pageSize,
    },
    signal,
  });
}

export function elementFlashReportsQueryOptions(elementId: number, query: ElementFlashReportsQuery) {
  return queryOptions({
    queryKey: flashReportKeys.elementList(elementId, query),
    queryFn: ({ signal }) => getElementFlashReports(elementId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useElementFlashReports(elementId: number, query: ElementFlashReportsQuery) {
  return useQuery(elementFlashReportsQueryOptions(elementId, query));
}

/**
 * The authors of the element's flash reports, for the author filter. An element has a handful of
 * reports, so one page of the largest size holds them all.
 */
export function useElementFlashReportAuthors(elementId: number) {
  return useQuery({
    queryKey: flashReportKeys.elementAuthors(elementId),
    queryFn: async ({ signal }) => {
      const page = await getElementFlashReports(
        elementId,
        { filters: EMPTY_FLASH_REPORT_FILTERS, page: 1, pageSize: 1000 },
        signal,
      );
      const authors = new Map<number, string>();
      for (const report of page.results) if (report.author) authors.set(report.author.id, report.author.name);
      return [...authors].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}
