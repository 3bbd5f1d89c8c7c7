import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementsByState, ElementsOk } from '@heliotrack/domain/dashboard';
import { Chart } from '../../../components/chart/chart';
import { confirm } from '../../../lib/dialogs';
import { useElementTypeLabel } from '../../../lib/element-type-label';
import { useElementsByStateList } from '../api/get-elements-by-state';
import { customChartOption } from '../lib/chart-options';
import type { DashboardChart } from '../lib/custom-charts';
import { todayIso, weeklyDays } from '../lib/dates';
import { ChartCard } from './chart-card';
import { useFormatters } from './use-formatters';

/** Weekly points of a chart over time: eight weeks up to the filters' day. */
const LINE_POINTS = 8;

/** One chart the user added: its states on the filters' day (bars, pie) or over the last weeks (lines). */
export function CustomChartCard({
  chart,
  plantId,
  types,
  ctr,
  targetDate,
  onRemove,
}: {
  chart: DashboardChart;
  plantId: number;
  types: ElementsOk;
  ctr: number | null;
  targetDate: string | null;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const format = useFormatters();
  const type = types.find((candidate) => candidate.element_type === chart.element_type);
  const days = useMemo(
    () => (chart.kind === 'line' ? weeklyDays(targetDate ?? todayIso(), LINE_POINTS) : [targetDate]),
    [chart.kind, targetDate],
  );
  const answers = useElementsByStateList(
    days.map((day) => ({ plant: plantId, elementType: chart.element_type, ctr, targetDate: day })),
  );
  const loaded = answers.data.filter((answer): answer is ElementsByState => answer !== undefined);
  const states = (loaded[loaded.length - 1]?.states ?? []).filter((state) =>
    chart.states.includes(state.state),
  );
  const title = `${type ? typeLabel(type) : '—'}: ${states.map((state) => state.name).join(', ')}`;
  const isLoading = answers.isPending;
  const option = useMemo(
    () =>
      isLoading
        ? null
        : customChartOption(
            chart.kind,
            states,
            days.map((day) => day ?? todayIso()),
            loaded,
            { elements: t('dashboard.elementsAxis') },
            format,
          ),
    // loaded and states derive from answers.data
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [isLoading, answers.data, chart, days, t, format],
  );

  const onRemoveClick = async () => {
    const accepted = await confirm({
      message: t('dashboard.removeChartConfirm', { title }),
      acceptLabel: t('dashboard.removeChart'),
      acceptColor: 'red',
    });
    if (accepted) onRemove();
  };

  return (
    <ChartCard
      title={title}
      actions={
        <Tooltip label={t('dashboard.removeChart')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('dashboard.removeChart')}
            onClick={() => void onRemoveClick()}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      }
      isLoading={isLoading}
      error={answers.error}
      onRetry={answers.refetch}
      empty={!isLoading && (!type || states.length === 0) ? t('dashboard.chartUnavailable') : undefined}
    >
      {option && <Chart option={option} title={title} />}
    </ChartCard>
  );
}
