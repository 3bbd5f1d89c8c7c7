import type { ElementFlashReportsQuery } from './get-element-flash-reports';

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
