import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_COLORS, type DetailedResults } from '@heliotrack/domain/ppi-results';
import type { PpiDetail } from '@heliotrack/domain/ppis';
import { isAdministrator } from '@heliotrack/domain/roles';
import { useProfile } from '../../../api/get-profile';
import { Chart } from '../../../components/chart/chart';
import type { ChartOption } from '../../../components/chart/chart-option';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatDay } from '../../../lib/day';
import { formatInteger, formatPercent } from '../../../lib/format';
import { useDetailedResults } from '../api/ppi-results';
import { ClosePpiButton } from '../components/close-ppi-button';
import { DossierExports } from '../components/dossier-exports';
import { ppiLoader, WithPpi } from '../components/ppi-route';
import { ResultsHeader } from '../components/results-nav';
import { StatusBadge } from '../components/status-badge';
import { useRoleLabel } from '../components/role-label';

export const ppiSummaryLoader = ppiLoader;

/** /ppis/{ppiId}/ppi-results-summary and /ppis/{ppiId}/ppi-detailed-summary (with the breakdowns by day and author). */
export function PpiSummaryPage({ detailed = false }: { detailed?: boolean }) {
  return <WithPpi>{(ppi) => <Summary key={ppi.id} ppi={ppi} detailed={detailed} />}</WithPpi>;
}

export function PpiDetailedSummaryPage() {
  return <PpiSummaryPage detailed />;
}

/**
 * One figure of the summary. The result's colour (the charts' colour) marks the card's left edge; the
 * number stays in the text colour: yellow "pending" as text was 2:1 on white.
 */
function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Paper withBorder p="sm" style={color ? { borderLeft: `6px solid ${color}` } : undefined}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Paper>
  );
}

function useCharts(data: DetailedResults | undefined) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  return useMemo(() => {
    if (!data) return null;
    const words = {
      ok: t('ppis.results.value.ok'),
      not_ok: t('ppis.results.value.not_ok'),
      na: t('ppis.results.value.na'),
      pending: t('ppis.results.value.pending'),
    };
    const keys = ['ok', 'not_ok', 'na', 'pending'] as const;
    const stacked = (categories: string[], rows: Record<(typeof keys)[number], number>[]): ChartOption => ({
      // Drawn at once: a summary is read, not watched.
      animation: false,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { bottom: 0 },
      grid: { left: 8, right: 16, top: 8, bottom: 40, containLabel: true },
      xAxis: { type: 'value' },
      yAxis: {
        type: 'category',
        inverse: true,
        data: categories,
        axisLabel: { width: 180, overflow: 'truncate' },
      },
      series: keys.map((key) => ({
        name: words[key],
        type: 'bar',
        stack: 'total',
        itemStyle: { color: RESULT_COLORS[key] },
        data: rows.map((r) => r[key]),
      })),
    });
    const s = data.summary;
    return {
      byActivity: stacked(
        data.by_activity.map((c) => `${c.activity.position}. ${c.activity.name}`),
        data.by_activity,
      ),
      byRole: stacked(
        data.by_role.map((r) => roleLabel(r.role)),
        data.by_role,
      ),
      share: {
        animation: false,
        tooltip: { trigger: 'item' },
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['40%', '70%'],
            data: keys.map((key) => ({
              name: words[key],
              value: s[key],
              itemStyle: { color: RESULT_COLORS[key] },
            })),
          },
        ],
      } as ChartOption,
      byDay: {
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { bottom: 0 },
        grid: { left: 8, right: 16, top: 8, bottom: 40, containLabel: true },
        xAxis: { type: 'category', data: data.by_day.map((d) => formatDay(d.date)) },
        yAxis: { type: 'value' },
        series: (['ok', 'not_ok', 'na'] as const).map((key) => ({
          name: words[key],
          type: 'bar',
          stack: 'total',
          itemStyle: { color: RESULT_COLORS[key] },
          data: data.by_day.map((d) => d[key]),
        })),
      } as ChartOption,
    };
  }, [data, t, roleLabel]);
}

function Summary({ ppi, detailed }: { ppi: PpiDetail; detailed: boolean }) {
  const { t } = useTranslation();
  const { data: user } = useProfile();
  const isAdmin = isAdministrator(user);
  const results = useDetailedResults(ppi.id);
  const charts = useCharts(results.data);
  const s = results.data?.summary;

  return (
    <Stack gap={0}>
      <ResultsHeader ppi={ppi} view="summary" />
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="sm">
            <StatusBadge status={ppi.status} />
            {ppi.closed_by && ppi.closed_at && (
              <Text size="sm" c="dimmed">
                {t('ppis.close.closedBy', { name: ppi.closed_by.name })}
              </Text>
            )}
          </Group>
          {isAdmin && <ClosePpiButton ppi={ppi} />}
        </Group>
        {results.error && !results.data ? (
          <QueryError error={results.error} onRetry={() => void results.refetch()} />
        ) : !s || !charts ? (
          <PageLoader />
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" data-testid="summary-figures">
              <Figure label={t('ppis.summary.progress')} value={formatPercent(s.progress / 100)} />
              <Figure
                label={t('ppis.results.value.ok')}
                value={formatInteger(s.ok)}
                color={RESULT_COLORS.ok}
              />
              <Figure
                label={t('ppis.results.value.not_ok')}
                value={formatInteger(s.not_ok)}
                color={RESULT_COLORS.not_ok}
              />
              <Figure
                label={t('ppis.results.value.na')}
                value={formatInteger(s.na)}
                color={RESULT_COLORS.na}
              />
              <Figure
                label={t('ppis.results.value.pending')}
                value={formatInteger(s.pending)}
                color={RESULT_COLORS.pending}
              />
              <Figure
                label={t('ppis.summary.complete')}
                value={`${formatInteger(s.elements_complete)} / ${formatInteger(s.element_count)}`}
              />
              <Figure
                label={t('ppis.summary.withNotOk')}
                value={formatInteger(s.elements_with_not_ok)}
                color={RESULT_COLORS.not_ok}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              <Paper withBorder p="md">
                <Text fw={600} mb="xs">
                  {t('ppis.summary.byActivity')}
                </Text>
                <Chart
                  option={charts.byActivity}
                  title={t('ppis.summary.byActivity')}
                  height={Math.max(220, 60 + 34 * (results.data?.by_activity.length ?? 0))}
                />
              </Paper>
              <Paper withBorder p="md">
                <Text fw={600} mb="xs">
                  {t('ppis.summary.share')}
                </Text>
                <Chart option={charts.share} title={t('ppis.summary.share')} height={260} />
              </Paper>
              <Paper withBorder p="md">
                <Text fw={600} mb="xs">
                  {t('ppis.summary.byRole')}
                </Text>
                <Chart option={charts.byRole} title={t('ppis.summary.byRole')} height={220} />
              </Paper>
              {detailed && (
                <Paper withBorder p="md">
                  <Text fw={600} mb="xs">
                    {t('ppis.summary.byDay')}
                  </Text>
                  <Chart option={charts.byDay} title={t('ppis.summary.byDay')} height={260} />
                </Paper>
              )}
            </SimpleGrid>
          </>
        )}
        <DossierExports ppi={ppi} />
      </Stack>
    </Stack>
  );
}
