import { Anchor, Badge, Group, Paper, Progress, Text, Title } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dashboard } from '@heliotrack/domain/dashboard';
import { formatCoordinates, formatInteger, formatMwp, formatPercent } from '../../../lib/format';
import { plantOkShare, progressColor } from '../lib/chart-options';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { SyncReviewLink } from '../../../components/sync-review-link';

type DashboardPlant = Dashboard['plants'][number];

/** The caller's plants with their power, element counts and progress (share of ok elements). */
export function DashboardPlants({ dashboard }: { dashboard: Dashboard | undefined }) {
  const { t } = useTranslation();
  const plants = [...(dashboard?.plants ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const columns: ColumnDef<DashboardPlant>[] = [
    {
      id: 'name',
      header: t('plants.name'),
      meta: { wrap: true },
      cell: ({ row: { original: plant } }) => (
        <>
          <Anchor
            component={Link}
            to={`/plants/${plant.id}/elements`}
            fw={600}
            size="sm"
            aria-label={t('dashboard.openElements', { name: plant.name })}
          >
            {plant.name}
          </Anchor>
          <Group gap={6} wrap="nowrap">
            <Badge variant="light" color="gray" size="sm" radius="sm" ff="monospace">
              {plant.code}
            </Badge>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {plant.latitude !== null && plant.longitude !== null
                ? formatCoordinates(plant.latitude, plant.longitude)
                : t('plants.noLocation')}
            </Text>
          </Group>
          {plant.unresolved_sync_reviews > 0 && (
            <Group mt={4}>
              <SyncReviewLink plant={plant} count={plant.unresolved_sync_reviews} variant="badge" />
            </Group>
          )}
        </>
      ),
    },
    {
      id: 'power',
      header: t('plants.power'),
      meta: { width: 110, align: 'right' },
      cell: ({ row }) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMwp(row.original.power)}</span>,
    },
    {
      id: 'elements',
      header: t('plants.elements'),
      meta: { width: 100, align: 'right' },
      cell: ({ row }) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatInteger(row.original.element_count)}</span>,
    },
    {
      id: 'progress',
      header: t('dashboard.progress'),
      meta: { width: 160 },
      cell: ({ row }) => {
        const okShare = plantOkShare(row.original.ok_by_type);
        return (
          <Group gap={6} wrap="nowrap">
            <Progress
              value={okShare * 100}
              color={progressColor(okShare)}
              size="md"
              radius="sm"
              style={{ flex: 1 }}
              aria-label={`${t('dashboard.progress')}: ${formatPercent(okShare)}`}
            />
            <Text size="xs" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatPercent(okShare)}
            </Text>
          </Group>
        );
      },
    },
  ];
  const table = useDataTable({
    data: plants,
    columns,
    getRowId: (plant) => String(plant.id),
  });

  return (
    <Paper withBorder p="lg" h="100%">
      <Title order={4} mb="md">
        {t('dashboard.yourPlants')}
      </Title>
      <DataTable table={table} isLoading={!dashboard} aria-label={t('dashboard.yourPlants')} minWidth={520} />
    </Paper>
  );
}
