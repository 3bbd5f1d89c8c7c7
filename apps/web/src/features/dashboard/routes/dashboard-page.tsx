import { Grid, Stack } from '@mantine/core';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { dashboardQueryOptions, useDashboard } from '../api/get-dashboard';
import { DashboardPlants } from '../components/dashboard-plants';
import { ElementsByType } from '../components/elements-by-type';
import { SummaryCards } from '../components/summary-cards';

/** Starts the request with the route chunk; the page shows skeletons until it answers. */
export function dashboardLoader() {
  if (isSignedIn()) void queryClient.prefetchQuery(dashboardQueryOptions());
  return null;
}

export function DashboardPage() {
  const { t } = useTranslation();
  const { data, error, refetch } = useDashboard();

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
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <ElementsByType dashboard={data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <DashboardPlants dashboard={data} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
