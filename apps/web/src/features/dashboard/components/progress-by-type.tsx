import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementsByState } from '@heliotrack/domain/dashboard';
import { Chart } from '../../../components/chart/chart';
import { progressByTypeOption } from '../lib/chart-options';
import { ChartCard } from './chart-card';
import { useFormatters } from './use-formatters';

/** Progress per element type: a 100 % bar per type split by state, in the states' colours. */
export function ProgressByType({
  rows,
  isLoading,
  error,
  onRetry,
  subtitle,
}: {
  rows: { label: string; answer: ElementsByState }[];
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  subtitle: string;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const title = t('dashboard.progressByType');
  const option = useMemo(
    () =>
      progressByTypeOption(rows, { noState: t('elements.noState'), share: t('dashboard.shareAxis') }, format),
    [rows, t, format],
  );
  const height = Math.max(220, rows.length * 44 + 90);
  return (
    <ChartCard
      title={title}
      subtitle={subtitle}
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      empty={rows.length === 0 ? t('dashboard.progressByTypeEmpty') : undefined}
      height={260}
    >
      <Chart option={option} title={title} height={height} />
    </ChartCard>
  );
}
