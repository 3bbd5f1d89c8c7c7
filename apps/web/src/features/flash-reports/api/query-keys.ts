import type { FlashReportSeverity, FlashReportStatus } from '@heliotrack/domain/flash-reports';

export interface FlashReportFilterValues {
  /** Local days, YYYY-MM-DD, both inclusive. */
  dateFrom: string | null;
  dateTo: string | null;
  severity: FlashReportSeverity | null;
  status: FlashReportStatus | null;
  author: number | null;
}

export interface ElementFlashReportsQuery {
  filters: FlashReportFilterValues;
  page: number;
  pageSize: number;
}

/**
 * Query keys of the flash reports feature: everything lives under `flash-reports`, so a write
 * invalidates `all` and refreshes the element's list, its authors and the reports' details.
 */
export const flashReportKeys = {
  all: ['flash-reports'] as const,
  detail: (flashReportId: number) => ['flash-reports', 'detail', flashReportId] as const,
  /** Every query of one element's flash reports. */
  element: (elementId: number) => ['flash-reports', 'element', elementId] as const,
  elementList: (elementId: number, query: ElementFlashReportsQuery) =>
    ['flash-reports', 'element', elementId, 'list', query] as const,
  elementAuthors: (elementId: number) => ['flash-reports', 'element', elementId, 'authors'] as const,
};
