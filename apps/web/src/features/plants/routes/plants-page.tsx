import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingFactory2, IconSearchOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { plantsQueryOptions, usePlants } from '../../../api/get-plants';
import { PlantCard } from '../components/plant-card';
import { filterPlants } from '../components/plant-search';
import { SearchField } from '../../../components/search-field';

export function plantsLoader() {
  if (isSignedIn()) void queryClient.prefetchQuery(plantsQueryOptions());
  return null;
}

export function PlantsPage() {
  const { t } = useTranslation();
  const { data: plants, error, refetch } = usePlants();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 150);
  const visible = plants ? filterPlants(plants, debouncedSearch) : [];

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('plants.title')}
        subtitle={plants ? t('plants.count', { count: plants.length }) : undefined}
      />
      {error && !plants ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : plants && plants.length === 0 ? (
        <EmptyState
          icon={<IconBuildingFactory2 size={32} />}
          title={t('plants.emptyTitle')}
          description={t('plants.emptyDescription')}
        />
      ) : (
        <>
          <Paper withBorder p="sm">
            <SearchField
              placeholder={t('plants.searchPlaceholder')}
              value={search}
              onChange={setSearch}
              maw={420}
            />
          </Paper>
          {!plants ? (
            <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} height={190} radius="md" />
              ))}
            </SimpleGrid>
          ) : visible.length === 0 ? (
            <EmptyState
              icon={<IconSearchOff size={32} />}
              title={t('plants.noResultsTitle')}
              description={t('plants.noResultsDescription')}
            />
          ) : (
            <>
              {debouncedSearch && (
                <Text size="sm" c="dimmed" role="status">
                  {t('plants.count', { count: visible.length })}
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
                {visible.map((plant) => (
                  <PlantCard key={plant.id} plant={plant} />
                ))}
              </SimpleGrid>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
