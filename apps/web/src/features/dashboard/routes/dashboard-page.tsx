import { Grid, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { dashboardQueryOptions, useDashboard } from '../api/get-dashboard';
import { DashboardPlants } from '../components/dashboard-plants';
import { ElementsByType } from '../components/elements-by-type';
import { PlantSection } from '../components/plant-section';
import { RecentInspections } from '../components/recent-inspections';
import { AnomalyEffectsCard, SummaryCards } from '../components/summary-cards';
import { useElementsVersions } from '../components/use-elements-versions';

// MapLibre comes with the map only, so the figures show before it has loaded.
const SituationMap = lazy(() =>
  import('../components/situation-map').then((m) => ({ default: m.SituationMap })),
);

const MAP_HEIGHT = 380;

/** Starts the request with the route chunk; the page shows skeletons until it answers. */
export function dashboardLoader() {
  if (isSignedIn()) void queryClient.prefetchQuery(dashboardQueryOptions());
  return null;
}

export function DashboardPage() {
  const { t } = useTranslation();
  const { data, error, refetch } = useDashboard();
  const versions = useElementsVersions(data?.plants.map((plant) => plant.id) ?? []);

  return (
    <Stack gap="lg">
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.summary')} />
      {error && !data ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : data && data.plant_count === 0 ? (
        <EmptyState
          icon={<IconBuildingFactory2 size={32} />}
          title={t('dashboard.emptyTitle')}
          description={t('dashboard.emptyDescription')}
        />
      ) : (
        <>
          <SummaryCards dashboard={data} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Paper withBorder p="lg" h="100%" component="section" aria-label={t('dashboard.situationMap')}>
                <Title order={4} mb="md">
                  {t('dashboard.situationMap')}
                </Title>
                {data ? (
                  <Suspense fallback={<Skeleton h={MAP_HEIGHT} />}>
                    <SituationMap dashboard={data} versions={versions} height={MAP_HEIGHT} />
                  </Suspense>
                ) : (
                  <Skeleton h={MAP_HEIGHT} />
                )}
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="md" h="100%">
                <AnomalyEffectsCard dashboard={data} />
                <RecentInspections dashboard={data} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <DashboardPlants dashboard={data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <ElementsByType dashboard={data} />
            </Grid.Col>
          </Grid>
          {data && <PlantSection dashboard={data} />}
        </>
      )}
    </Stack>
  );
}
