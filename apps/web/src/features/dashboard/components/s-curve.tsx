import { Button, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
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
  onCreateMilestone,
}: {
  plantId: number;
  milestones: Milestone[] | undefined;
  milestone: Milestone | null;
  isLoadingMilestones: boolean;
  milestonesError: unknown;
  onChooseMilestone: (id: number) => void;
  /** Administrators: opens the planning's new milestone form (from the empty state). */
  onCreateMilestone?: () => void;
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
      emptyAction={
        onCreateMilestone && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onCreateMilestone}>
            {t('dashboard.planning.create')}
          </Button>
        )
      }
    >
      {option && <Chart option={option} title={title} />}
    </ChartCard>
  );
}
