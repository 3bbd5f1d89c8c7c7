import type { Report, ReportKind } from '@heliotrack/domain/reports';
import { useReportPolling } from '../api/get-report';

/**
 * Renders nothing: follows one unfinished report (see useReportPolling). The page mounts one per
 * unfinished row, outside the virtualised table, so rows scrolled out of view keep their progress.
 */
export function ReportPoller({
  plantId,
  kind,
  report,
  onFinished,
}: {
  plantId: number;
  kind: ReportKind;
  report: Report;
  onFinished: (report: Report) => void;
}) {
  useReportPolling(plantId, kind, report.id, onFinished);
  return null;
}
