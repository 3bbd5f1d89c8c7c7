import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Milestone } from '@heliotrack/domain/milestones';
import { Chart } from '../../../components/chart/chart';
import { formatDate, formatInteger } from '../../../lib/format';
import { useMilestoneFollowup } from '../api/get-milestone-followup';
import { sCurveOption } from '../lib/chart-options';
import { dayAsDate } from '../lib/dates';
import { sortMilestones } from '../lib/filters';
import { ChartCard } from './chart-card';
import { useFormatters } from './use-formatters';

/** Planned against actual of the chosen milestone, day by day (the followup endpoint). */
export function SCurve({
  plantId,
  milestones,
  milestone,
  isLoadingMilestones,
  milestonesError,
  onChooseMilestone,
}: {
  plantId: number;
  milestones: Milestone[] | undefined;
  milestone: Milestone | null;
  isLoadingMilestones: boolean;
  milestonesError: unknown;
  onChooseMilestone: (id: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const followup = useMilestoneFollowup(plantId, milestone?.id ?? null);
  const title = t('dashboard.sCurve');
  const option = useMemo(
    () =>
      followup.data &&
      sCurveOption(
        followup.data,
        {
          planned: t('dashboard.planned'),
          actual: t('dashboard.actual'),
          elements: t('dashboard.elementsAxis'),
        },
        format,
      ),
    [followup.data, t, format],
  );
  return (
    <ChartCard
      title={title}
      subtitle={
        milestone
          ? t('dashboard.milestoneTarget', {
              value: formatInteger(milestone.target_count),
              date: formatDate(dayAsDate(milestone.target_date)),
            })
          : undefined
      }
      actions={
        (milestones?.length ?? 0) > 1 && (
          <Select
            aria-label={t('dashboard.milestone')}
            size="xs"
            w={200}
            data={sortMilestones(milestones ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
            value={milestone ? String(milestone.id) : null}
            onChange={(value) => value && onChooseMilestone(Number(value))}
            allowDeselect={false}
          />
        )
      }
      isLoading={isLoadingMilestones || (milestone !== null && followup.isPending)}
      error={milestonesError ?? followup.error}
      onRetry={() => void followup.refetch()}
      empty={!isLoadingMilestones && !milestone ? t('dashboard.sCurveEmpty') : undefined}
    >
      {option && <Chart option={option} title={title} />}
    </ChartCard>
  );
}
