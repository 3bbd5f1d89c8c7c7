import { Badge, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@heliotrack/domain/dashboard';
import { formatCoordinates, formatInteger, formatMwp } from '../../../lib/format';

/** The caller's plants with their power and element counts. */
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
              <Table.Th>{t('plants.location')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {!dashboard
              ? [0, 1, 2].map((index) => (
                  <Table.Tr key={index}>
                    {[0, 1, 2, 3].map((cell) => (
                      <Table.Td key={cell}>
                        <Skeleton height={16} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : plants.map((plant) => (
                  <Table.Tr key={plant.id}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {plant.name}
                      </Text>
                      <Badge variant="light" color="gray" size="sm" radius="sm" ff="monospace">
                        {plant.code}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {formatMwp(plant.power)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatInteger(plant.element_count)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {plant.latitude !== null && plant.longitude !== null
                          ? formatCoordinates(plant.latitude, plant.longitude)
                          : t('plants.noLocation')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
