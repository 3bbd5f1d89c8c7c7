import type { DossierCatalogue } from '@heliotrack/domain/i18n/ppi-dossier';
import { RESULT_COLORS, type ActivityCounts } from '@heliotrack/domain/ppi-results';
import { renderChart } from '../../../lib/pdf/charts';
import { winAnsi } from '../../../lib/pdf/win-ansi';

/** A chart's category label: whole when it fits, cut with an ellipsis when not. */
function chartLabel(text: string, max = 38): string {
  const safe = winAnsi(text);
  return safe.length > max ? `${safe.slice(0, max - 1).trimEnd()}…` : safe;
}

/** The dossier's summary chart: stacked bars per activity of ok, not ok, not applicable and pending. */
export function activitiesChart(counts: ActivityCounts[], words: DossierCatalogue, width: number, height: number) {
  const series = (name: string, color: string, key: 'ok' | 'not_ok' | 'na' | 'pending') => ({
    name,
    type: 'bar' as const,
    stack: 'total',
    barMaxWidth: 18,
    itemStyle: { color },
    data: counts.map((c) => c[key]),
  });
  return renderChart(
    {
      legend: { bottom: 0 },
      grid: { left: 200, right: 20, top: 10, bottom: 40 },
      xAxis: { type: 'value' },
      yAxis: {
        type: 'category',
        inverse: true,
        data: counts.map((c) => chartLabel(`${c.activity.position}. ${c.activity.name}`)),
      },
      series: [
        series(words.ok, RESULT_COLORS.ok, 'ok'),
        series(words.notOk, RESULT_COLORS.not_ok, 'not_ok'),
        series(words.na, RESULT_COLORS.na, 'na'),
        series(words.pending, RESULT_COLORS.pending, 'pending'),
      ],
    },
    width,
    height,
  );
}
