import { Anchor, Badge, Group, Paper, Progress, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dashboard } from '@heliotrack/domain/dashboard';
import { formatCoordinates, formatInteger, formatMwp, formatPercent } from '../../../lib/format';
import { plantOkShare, progressColor } from '../lib/chart-options';
import { SkeletonRows } from '../../../components/data-table/skeleton-rows';
import { SyncReviewLink } from '../../../components/sync-review-link';

/** The caller's plants with their power, element counts and progress (share of ok elements). */
export function DashboardPlants({ dashboard }: { dashboard: Dashboard | undefined }) {
  const { t } = useTranslation();
  const plants = [...(dashboard?.plants ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Paper withBorder p="lg" h="100%">
      <Title order={4} mb="md">
        {t('dashboard.yourPlants')}
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('plants.name')}</Table.Th>
              <Table.Th ta="right">{t('plants.power')}</Table.Th>
              <Table.Th ta="right">{t('plants.elements')}</Table.Th>
              <Table.Th>{t('dashboard.progress')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {!dashboard ? (
              <SkeletonRows rows={3} columns={4} />
            ) : (
              plants.map((plant) => {
                const okShare = plantOkShare(plant.ok_by_type);
                return (
                  <Table.Tr key={plant.id}>
                    <Table.Td>
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
                          <SyncReviewLink
                            plant={plant}
                            count={plant.unresolved_sync_reviews}
                            variant="badge"
                          />
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {formatMwp(plant.power)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatInteger(plant.element_count)}
                    </Table.Td>
                    <Table.Td miw={130}>
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
                    </Table.Td>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
