import { Button, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { isAdministrator } from '@heliotrack/domain/roles';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@heliotrack/domain/dashboard';
import { QueryError } from '../../../components/query-error';
import { useElementTypeLabel } from '../../../lib/element-type-label';
import { formatDate } from '../../../lib/format';
import { useProfile } from '../../../api/get-profile';
import { useCtrs } from '../api/get-ctrs';
import { useElementsByStateList } from '../api/get-elements-by-state';
import { useElementsOk } from '../api/get-elements-ok';
import { useMilestones } from '../api/get-milestones';
import { MAX_CUSTOM_CHARTS } from '../lib/custom-charts';
import { dayAsDate } from '../lib/dates';
import { effectiveTargetDate, resolveMilestone, resolvePlantId } from '../lib/filters';
import { AddChartDialog } from './add-chart-dialog';
import { ComparePanel } from './compare-panel';
import { CustomChartCard } from './custom-chart-card';
import { ElementsDownload } from './elements-download';
import { PlanningModal, type PlanningView } from './planning-modal';
import { PlanningVsOthers } from './planning-vs-others';
import { PlantFilters } from './plant-filters';
import { ProgressByType } from './progress-by-type';
import { SCurve } from './s-curve';
import { useCustomCharts } from './use-custom-charts';
import { useDashboardFilters } from './use-dashboard-filters';

/** The part of the dashboard about one plant: its filters, charts, comparison and downloads. */
export function PlantSection({ dashboard }: { dashboard: Dashboard }) {
  const { t, i18n } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const [filters, setFilters] = useDashboardFilters();
  const plantId = resolvePlantId(
    filters.plantId,
    dashboard.plants.map((p) => p.id),
  );
  const plant = dashboard.plants.find((p) => p.id === plantId) ?? null;
  const elementsOk = useElementsOk(plantId);
  const ctrs = useCtrs(plantId);
  const milestones = useMilestones(plantId);
  const milestone = resolveMilestone(filters.milestoneId, milestones.data ?? []);
  const targetDate = effectiveTargetDate(filters, milestone);
  // A stored CTR the plant no longer has is dropped once the CTRs are known.
  const ctr = !ctrs.data || ctrs.data.some((c) => c.id === filters.ctrId) ? filters.ctrId : null;
  const customCharts = useCustomCharts();
  const [isAddingChart, setIsAddingChart] = useState(false);
  const [planning, setPlanning] = useState<PlanningView | null>(null);
  const canManagePlanning = isAdministrator(useProfile().data);
  const createMilestone = canManagePlanning ? () => setPlanning({ kind: 'form' }) : undefined;

  // Types the plant has elements of: the ones worth a bar, a comparison or a download.
  const types = useMemo(() => (elementsOk.data ?? []).filter((type) => type.total > 0), [elementsOk.data]);
  const progress = useElementsByStateList(
    plantId === null
      ? []
      : types.map((type) => ({ plant: plantId, elementType: type.element_type, ctr, targetDate })),
  );
  const progressRows = useMemo(
    () =>
      types.flatMap((type, index) => {
        const answer = progress.data[index];
        return answer ? [{ label: typeLabel(type), answer }] : [];
      }),
    // typeLabel is a new function on every render; what it depends on is the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [types, progress.data, i18n.language],
  );

  if (plantId === null || plant === null) return null;
  const ctrCode = ctrs.data?.find((c) => c.id === ctr)?.code;
  const when = targetDate
    ? t('dashboard.filtersSummary', { date: formatDate(dayAsDate(targetDate)) })
    : t('dashboard.filtersSummaryNow');
  const subtitle = ctrCode ? `${when} · ${ctrCode}` : when;

  return (
    <Stack gap="lg">
      <PlantFilters
        dashboard={dashboard}
        plantId={plantId}
        filters={{ ...filters, ctrId: ctr }}
        onChange={setFilters}
        ctrs={ctrs.data}
        isLoadingCtrs={ctrs.isPending}
        milestones={milestones.data}
        isLoadingMilestones={milestones.isPending}
        milestone={milestone}
        onOpenPlanning={() => setPlanning({ kind: 'list' })}
      />
      <PlanningModal
        key={plantId}
        plantId={plantId}
        plantName={plant.name}
        view={planning}
        onView={setPlanning}
        onClose={() => setPlanning(null)}
        canManage={canManagePlanning}
        onCreated={(created) => setFilters((current) => ({ ...current, milestoneId: created.id }))}
      />
      {elementsOk.error ? (
        <QueryError error={elementsOk.error} onRetry={() => void elementsOk.refetch()} />
      ) : (
        <>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <ProgressByType
                rows={progressRows}
                isLoading={elementsOk.isPending || progress.isPending}
                error={progress.error}
                onRetry={progress.refetch}
                subtitle={subtitle}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <SCurve
                plantId={plantId}
                milestones={milestones.data}
                milestone={milestone}
                isLoadingMilestones={milestones.isPending}
                milestonesError={milestones.error}
                onChooseMilestone={(id) => setFilters((current) => ({ ...current, milestoneId: id }))}
                onCreateMilestone={createMilestone}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <PlanningVsOthers
                plantId={plantId}
                milestone={milestone}
                isLoadingMilestones={milestones.isPending}
                ctr={ctr}
                targetDate={targetDate}
                subtitle={subtitle}
                onCreateMilestone={createMilestone}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              {elementsOk.isPending ? (
                <Paper withBorder p="lg" h="100%">
                  <Skeleton h={200} />
                </Paper>
              ) : (
                <ElementsDownload plant={plant} types={types} ctr={ctr} />
              )}
            </Grid.Col>
          </Grid>

          <Stack gap="md" component="section" aria-labelledby="dashboard-custom-charts">
            <Group justify="space-between">
              <Title order={3} size="h4" id="dashboard-custom-charts">
                {t('dashboard.customCharts')}
              </Title>
              <Button
                leftSection={<IconChartBar size={16} />}
                onClick={() => setIsAddingChart(true)}
                disabled={types.length === 0 || !customCharts.isSuccess || customCharts.isFull}
              >
                {t('dashboard.addChart')}
              </Button>
            </Group>
            {customCharts.isFull && (
              <Text c="dimmed" size="sm">
                {t('dashboard.chartsLimit', { max: MAX_CUSTOM_CHARTS })}
              </Text>
            )}
            {customCharts.isPending ? (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <Skeleton h={120} />
              </SimpleGrid>
            ) : customCharts.error ? (
              <QueryError error={customCharts.error} onRetry={() => void customCharts.refetch()} />
            ) : customCharts.charts.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('dashboard.customChartsEmpty')}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                {customCharts.charts.map((chart) => (
                  <CustomChartCard
                    key={chart.id}
                    chart={chart}
                    plantId={plantId}
                    types={elementsOk.data ?? []}
                    ctr={ctr}
                    targetDate={targetDate}
                    onRemove={() => customCharts.remove(chart.id)}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>

          <ComparePanel key={plantId} plantId={plantId} types={types} ctrs={ctrs.data} initialCtr={ctr} />

          <AddChartDialog
            opened={isAddingChart}
            onClose={() => setIsAddingChart(false)}
            onAdd={customCharts.add}
            plantId={plantId}
            types={types}
          />
        </>
      )}
    </Stack>
  );
}
