import { Button, Grid, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconFilter, IconTimeline } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@heliotrack/domain/dashboard';
import type { Element } from '@heliotrack/domain/elements';
import type { Milestone } from '@heliotrack/domain/milestones';
import { formatDate } from '../../../lib/format';
import { DATE_INPUT_FORMAT, dayAsDate } from '../lib/dates';
import { sortMilestones, withPlant, type DashboardFilters } from '../lib/filters';

/**
 * The plant and its filters: by transformation centre, and by a target date or a target planning
 * (a milestone, whose target date the charts then show). Kept in session storage by the caller.
 * Above the milestone (or date) field, the button that opens the plant's planning.
 */
export function PlantFilters({
  dashboard,
  plantId,
  filters,
  onChange,
  ctrs,
  isLoadingCtrs,
  milestones,
  isLoadingMilestones,
  milestone,
  onOpenPlanning,
}: {
  dashboard: Dashboard;
  plantId: number | null;
  filters: DashboardFilters;
  onChange: (change: (current: DashboardFilters) => DashboardFilters) => void;
  ctrs: Element[] | undefined;
  isLoadingCtrs: boolean;
  milestones: Milestone[] | undefined;
  isLoadingMilestones: boolean;
  milestone: Milestone | null;
  onOpenPlanning: () => void;
}) {
  const { t } = useTranslation();
  const plants = [...dashboard.plants].sort((a, b) => a.name.localeCompare(b.name));
  const hasMilestones = (milestones?.length ?? 0) > 0;

  return (
    <Paper withBorder p="lg" component="section" aria-label={t('dashboard.filters')}>
      <Group justify="space-between" gap="sm" mb="sm">
        <Text fw={700} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <IconFilter size={18} aria-hidden /> {t('dashboard.filters')}
        </Text>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconTimeline size={16} aria-hidden />}
          onClick={onOpenPlanning}
          aria-haspopup="dialog"
        >
          {t('dashboard.planning.open')}
        </Button>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
          <Select
            label={t('dashboard.plant')}
            placeholder={t('dashboard.plantPlaceholder')}
            data={plants.map((p) => ({ value: String(p.id), label: `${p.name} (${p.code})` }))}
            value={plantId === null ? null : String(plantId)}
            onChange={(value) => value && onChange((current) => withPlant(current, Number(value)))}
            allowDeselect={false}
            searchable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 2.5 }}>
          <Select
            label={t('dashboard.ctr')}
            placeholder={t('dashboard.allCtrs')}
            data={(ctrs ?? []).map((ctr) => ({ value: String(ctr.id), label: ctr.code }))}
            value={filters.ctrId === null ? null : String(filters.ctrId)}
            onChange={(value) => onChange((current) => ({ ...current, ctrId: value ? Number(value) : null }))}
            disabled={isLoadingCtrs}
            clearable
            searchable
            nothingFoundMessage={t('dashboard.allCtrs')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="dashboard-filter-by">
              {t('dashboard.filterBy')}
            </Text>
            <SegmentedControl
              aria-labelledby="dashboard-filter-by"
              fullWidth
              value={filters.byPlanning ? 'planning' : 'date'}
              onChange={(value) => onChange((current) => ({ ...current, byPlanning: value === 'planning' }))}
              data={[
                { value: 'date', label: t('dashboard.byTargetDate') },
                { value: 'planning', label: t('dashboard.byTargetPlanning') },
              ]}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 2.5 }}>
          {filters.byPlanning ? (
            <Select
              label={t('dashboard.milestone')}
              placeholder={hasMilestones ? t('dashboard.milestonePlaceholder') : t('dashboard.noMilestones')}
              data={sortMilestones(milestones ?? []).map((m) => ({
                value: String(m.id),
                label: `${m.name} · ${formatDate(dayAsDate(m.target_date))}`,
              }))}
              value={milestone ? String(milestone.id) : null}
              onChange={(value) =>
                value && onChange((current) => ({ ...current, milestoneId: Number(value) }))
              }
              disabled={isLoadingMilestones || !hasMilestones}
              allowDeselect={false}
              description={!isLoadingMilestones && !hasMilestones ? t('dashboard.noMilestones') : undefined}
            />
          ) : (
            <DateInput
              label={t('dashboard.targetDate')}
              placeholder={t('dashboard.targetDateNow')}
              value={filters.targetDate}
              onChange={(value) => onChange((current) => ({ ...current, targetDate: value || null }))}
              valueFormat={DATE_INPUT_FORMAT}
              clearable
            />
          )}
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
