import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Milestone } from '@heliotrack/domain/milestones';
import { Chart } from '../../../components/chart/chart';
import { useElementsByState } from '../api/get-elements-by-state';
import { useMilestoneFollowup } from '../api/get-milestone-followup';
import { planningSplit, planningVsOthersOption } from '../lib/chart-options';
import { ChartCard } from './chart-card';
import { useFormatters } from './use-formatters';

/**
 * Elements by planning versus other elements: of the milestone's element type, those in its target
 * state (or a state that implies it) against the rest, with the CTR and date filters.
 */
export function PlanningVsOthers({
  plantId,
  milestone,
  isLoadingMilestones,
  ctr,
  targetDate,
  subtitle,
  onCreateMilestone,
}: {
  plantId: number;
  milestone: Milestone | null;
  isLoadingMilestones: boolean;
  ctr: number | null;
  targetDate: string | null;
  subtitle: string;
  /** Administrators: opens the planning's new milestone form (from the empty state). */
  onCreateMilestone?: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const followup = useMilestoneFollowup(plantId, milestone?.id ?? null);
  const byState = useElementsByState(
    milestone ? { plant: plantId, elementType: milestone.element_type, ctr, targetDate } : null,
  );
  const title = t('dashboard.planningVsOthers');
  const option = useMemo(
    () =>
      followup.data && byState.data
        ? planningVsOthersOption(
            planningSplit(byState.data, followup.data.reaching_states),
            { inPlanning: t('dashboard.inPlanning'), others: t('dashboard.otherElements') },
            format,
          )
        : null,
    [followup.data, byState.data, t, format],
  );
  return (
    <ChartCard
      title={title}
      subtitle={milestone ? `${milestone.name} · ${subtitle}` : undefined}
      isLoading={isLoadingMilestones || (milestone !== null && (followup.isPending || byState.isPending))}
      error={followup.error ?? byState.error}
      onRetry={() => {
        void followup.refetch();
        void byState.refetch();
      }}
      empty={!isLoadingMilestones && !milestone ? t('dashboard.noMilestones') : undefined}
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
