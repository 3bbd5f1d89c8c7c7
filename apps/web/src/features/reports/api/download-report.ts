import { useMutation } from '@tanstack/react-query';
import type { Report, ReportFormat, ReportKind } from '@heliotrack/domain/reports';
import { apiUrl, downloadFile } from '../../../lib/download-file';
import { reportPath } from './report-paths';

export interface ReportDownload {
  report: Pick<Report, 'id' | 'created_at'>;
  format: ReportFormat;
}

/** `GET …/{reportId}/download/?format=pdf|xlsx` with the user's token; the server names the file. */
export function downloadReport(plantId: number, kind: ReportKind, { report, format }: ReportDownload) {
  const url = apiUrl(`${reportPath(plantId, kind, report.id)}download/`, { format });
  const day = report.created_at.slice(0, 10);
  return downloadFile(
    url,
    `${kind === 'historic' ? 'historic-report' : 'report'}-${day}-${report.id}.${format}`,
  );
}

export function useDownloadReport(plantId: number, kind: ReportKind) {
  return useMutation({ mutationFn: (download: ReportDownload) => downloadReport(plantId, kind, download) });
}
