import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Paged } from '@heliotrack/domain/pagination';
import { REPORT_POLL_MS, type Report, type ReportKind } from '@heliotrack/domain/reports';
import { http } from '../../../lib/http-client';
import { isReportFinished } from '../components/report-status';
import { reportPath } from './report-paths';
import { reportKeys } from './query-keys';

export function getReport(plantId: number, kind: ReportKind, reportId: number, signal?: AbortSignal) {
  return http.get<Report>(reportPath(plantId, kind, reportId), { signal });
}

export function reportQueryOptions(plantId: number, kind: ReportKind, reportId: number) {
  return queryOptions({
    queryKey: reportKeys.one(plantId, kind, reportId),
    queryFn: ({ signal }) => getReport(plantId, kind, reportId, signal),
  });
}

/** Puts a fresher copy of a report into every cached list page that shows it. */
export function replaceInLists(lists: Paged<Report> | undefined, report: Report): Paged<Report> | undefined {
  if (!lists || !lists.results.some((item) => item.id === report.id)) return lists;
  return { ...lists, results: lists.results.map((item) => (item.id === report.id ? report : item)) };
}

/**
 * Follows a report that is not finished: `GET` it every REPORT_POLL_MS until it is done or failed,
 * writing each answer into the cached lists, so the table's row shows the progress. Stops on an
 * error (e.g. someone deleted it meanwhile: the list's own refetch drops the row).
 */
export function useReportPolling(
  plantId: number,
  kind: ReportKind,
  reportId: number,
  onFinished: (report: Report) => void,
) {
  const queryClient = useQueryClient();
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  });
  const { data } = useQuery({
    ...reportQueryOptions(plantId, kind, reportId),
    refetchInterval: (query) =>
      query.state.error || (query.state.data && isReportFinished(query.state.data.status))
        ? false
        : REPORT_POLL_MS,
    refetchIntervalInBackground: true,
  });

  useEffect(() => {
    if (!data) return;
    queryClient.setQueriesData<Paged<Report>>({ queryKey: reportKeys.lists(plantId, kind) }, (lists) =>
      replaceInLists(lists, data),
    );
    if (isReportFinished(data.status)) onFinishedRef.current(data);
  }, [data, plantId, kind, queryClient]);
}
