import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FlashReportDetail } from '@heliotrack/domain/flash-reports';
import { http } from '../../../lib/http-client';
import { flashReportKeys } from './query-keys';

/** `GET flash-reports/{id}/details`: {id} is the flash report's id; with photos, documents and history. */
export function getFlashReport(flashReportId: number): Promise<FlashReportDetail> {
  return http.get<FlashReportDetail>(`flash-reports/${flashReportId}/details`);
}

export function flashReportQueryOptions(flashReportId: number) {
  return queryOptions({
    queryKey: flashReportKeys.detail(flashReportId),
    queryFn: () => getFlashReport(flashReportId),
  });
}

export function useFlashReport(flashReportId: number) {
  return useQuery(flashReportQueryOptions(flashReportId));
}
