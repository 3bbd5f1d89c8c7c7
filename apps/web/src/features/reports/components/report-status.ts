import { isAdministrator } from '@heliotrack/domain/roles';
import type { Report, ReportStatus } from '@heliotrack/domain/reports';

/** done and failed are final: nothing more to wait for, no more polling. */
export function isReportFinished(status: ReportStatus): boolean {
  return status === 'done' || status === 'failed';
}

export interface ReportStatusView {
  status: ReportStatus;
  /** Mantine colour of the status badge. */
  color: string;
  /** 0–100 while the report is pending or running (a bar is shown); null once it is finished. */
  progress: number | null;
  /** The bar moves while the server works on the report; a queued one waits still. */
  isAnimated: boolean;
}

const COLORS: Record<ReportStatus, string> = {
  pending: 'gray',
  running: 'blue',
  done: 'teal',
  failed: 'red',
};

/** How a report's status is shown: badge colour and, while unfinished, the progress bar. */
export function reportStatusView(report: Pick<Report, 'status' | 'progress'>): ReportStatusView {
  const { status } = report;
  const finished = isReportFinished(status);
  const progress = Number.isFinite(report.progress)
    ? Math.min(100, Math.max(0, Math.round(report.progress)))
    : 0;
  return {
    status,
    color: COLORS[status],
    progress: finished ? null : progress,
    isAnimated: status === 'running',
  };
}

/** Files can be downloaded only from a finished, successful report (the server answers 409 before). */
export function canDownload(report: Pick<Report, 'status'>): boolean {
  return report.status === 'done';
}

/**
 * Who may delete a report, as the server decides (issue 31): a report, its author or an
 * administrator; a historic (daily) report, administrators only. Others are not offered the action.
 */
export function canDeleteReport(
  report: Pick<Report, 'kind' | 'author'>,
  user: { id: number; roles: { code: string }[] } | null | undefined,
): boolean {
  if (!user) return false;
  if (isAdministrator(user)) return true;
  return report.kind === 'report' && report.author?.id === user.id;
}
