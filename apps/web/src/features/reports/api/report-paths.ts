import type { ReportKind } from '@heliotrack/domain/reports';

/**
 * Where reports live in the API (packages/domain/src/reports.ts): on-demand reports under
 * `plants/{id}/reports/`, the daily snapshots under `plants/{id}/historic-reports/`, with one shape
 * and one set of endpoints. Shared by the calls of this folder; not a call itself.
 */
const SEGMENTS: Record<ReportKind, string> = { report: 'reports', historic: 'historic-reports' };

export function reportsPath(plantId: number, kind: ReportKind): string {
  return `plants/${plantId}/${SEGMENTS[kind]}/`;
}

export function reportPath(plantId: number, kind: ReportKind, reportId: number): string {
  return `${reportsPath(plantId, kind)}${reportId}/`;
}
