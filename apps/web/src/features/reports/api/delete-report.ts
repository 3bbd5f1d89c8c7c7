import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@heliotrack/domain/pagination';
import type { Report, ReportKind } from '@heliotrack/domain/reports';
import { http } from '../../../lib/http-client';
import { reportPath } from './report-paths';
import { reportKeys } from './query-keys';

export function deleteReport(plantId: number, kind: ReportKind, reportId: number): Promise<void> {
  return http.delete(reportPath(plantId, kind, reportId));
}

/** A list page without the deleted report and with one fewer in its count. */
export function withoutReport(lists: Paged<Report> | undefined, reportId: number): Paged<Report> | undefined {
  if (!lists) return lists;
  const results = lists.results.filter((item) => item.id !== reportId);
  if (results.length === lists.results.length) return lists;
  return { ...lists, results, count: Math.max(0, lists.count - 1) };
}

/**
 * Specification section 4: after the 204 the list drops the item and lowers the count by one at
 * once; the lists are then fetched again in the background (the next page's first row moves up).
 */
export function useDeleteReport(plantId: number, kind: ReportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: number) => deleteReport(plantId, kind, reportId),
    onSuccess: (_, reportId) => {
      queryClient.setQueriesData<Paged<Report>>({ queryKey: reportKeys.lists(plantId, kind) }, (lists) =>
        withoutReport(lists, reportId),
      );
      void queryClient.invalidateQueries({ queryKey: reportKeys.lists(plantId, kind) });
    },
  });
}
