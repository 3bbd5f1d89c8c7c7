import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report, ReportKind, ReportRequest } from '@heliotrack/domain/reports';
import { http } from '../../../lib/http-client';
import { reportsPath } from './report-paths';
import { reportKeys } from './query-keys';

/**
 * `POST plants/{id}/reports/` → 202 with the report, `pending`: the list then follows its progress.
 * 400s go under the form's field, not to the global dialog.
 */
export function createReport(plantId: number, kind: ReportKind, body: ReportRequest): Promise<Report> {
  return http.post<Report>(reportsPath(plantId, kind), body, { handle400: false });
}

export function useCreateReport(plantId: number, kind: ReportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportRequest) => createReport(plantId, kind, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.lists(plantId, kind) }),
  });
}
