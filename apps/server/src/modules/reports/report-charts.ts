import { CHART_FONT, renderChart } from '../../lib/pdf/charts';
import type { ReportCatalogue } from '@heliotrack/domain/i18n/reports';
import type { SnapshotMilestone, SnapshotType } from './report-snapshot';

/* The report's charts (progress by type, milestones' S-curves), drawn to SVG by lib/pdf/charts. */

const COLORS = { ok: '#2f9e44', notOk: '#e03131', noState: '#adb5bd', planned: '#1c7ed6', actual: '#f08c00' };

const percent = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 1000) / 10 : 0);

/** Stacked horizontal bars, one per element type: ok, not ok and no state as shares of its total (they add up to it). */
export function progressChart(types: SnapshotType[], words: ReportCatalogue, width: number, height: number) {
  const series = (name: string, color: string, value: (t: SnapshotType) => number) => ({
    name,
    type: 'bar' as const,
    stack: 'total',
    barMaxWidth: 22,
    itemStyle: { color },
    data: types.map((t) => percent(value(t), t.total)),
  });
  return renderChart(
    {
      legend: { bottom: 0, textStyle: CHART_FONT },
      grid: { left: 150, right: 30, top: 10, bottom: 40 },
      xAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value} %', ...CHART_FONT } },
      yAxis: { type: 'category', inverse: true, data: types.map((t) => t.name), axisLabel: CHART_FONT },
      series: [
        series(words.ok, COLORS.ok, (t) => t.ok),
        series(words.notOk, COLORS.notOk, (t) => t.not_ok),
        series(words.noState, COLORS.noState, (t) => t.no_state),
      ],
    },
    width,
    height,
  );
}

/** The S-curve of a milestone: planned (linear) and actual (cumulative, up to the report date). */
export function milestoneChart(
  milestone: SnapshotMilestone,
  words: ReportCatalogue,
  format: { day: (date: string) => string; number: (value: number) => string },
  width: number,
  height: number,
) {
  return renderChart(
    {
      legend: { bottom: 0, textStyle: CHART_FONT },
      grid: { left: 60, right: 30, top: 20, bottom: 55 },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: milestone.points.map((p) => format.day(p.date)),
        axisLabel: { ...CHART_FONT, fontSize: 9 },
      },
      yAxis: {
        type: 'value',
        min: 0,
        axisLabel: { ...CHART_FONT, formatter: (value: number) => format.number(value) },
      },
      series: [
        {
          name: words.planned,
          type: 'line',
          showSymbol: false,
          lineStyle: { color: COLORS.planned, type: 'dashed', width: 2 },
          itemStyle: { color: COLORS.planned },
          data: milestone.points.map((p) => p.planned),
        },
        {
          name: words.actual,
          type: 'line',
          showSymbol: milestone.points.length <= 31,
          lineStyle: { color: COLORS.actual, width: 2 },
          itemStyle: { color: COLORS.actual },
          data: milestone.points.map((p) => p.actual),
        },
      ],
    },
    width,
    height,
  );
}
