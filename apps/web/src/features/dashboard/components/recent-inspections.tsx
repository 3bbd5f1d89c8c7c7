import { Badge, Group, Paper, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@heliotrack/domain/dashboard';
import { StateBadge } from '../../../components/state-badge/state-badge';
import { useElementTypeLabel } from '../../../lib/element-type-label';
import { formatDateTime } from '../../../lib/format';

/** The caller's latest state changes, newest first: state, plant, element type, how many, when. */
export function RecentInspections({ dashboard }: { dashboard: Dashboard | undefined }) {
  const { t } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const inspections = [...(dashboard?.recent_inspections ?? [])].sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
  );
  return (
    <Paper withBorder p="lg" h="100%" component="section" aria-label={t('dashboard.recentInspections')}>
      <Title order={4} mb="md">
        {t('dashboard.recentInspections')}
      </Title>
      {!dashboard ? (
        <Stack gap="sm">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} height={40} />
          ))}
        </Stack>
      ) : inspections.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('dashboard.recentInspectionsEmpty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={340} type="auto" offsetScrollbars>
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {inspections.map((inspection) => (
              <li
                key={inspection.id}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', padding: '8px 0' }}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="nowrap">
                      <StateBadge state={inspection.state} size="sm" />
                      <Text size="sm" fw={600} truncate>
                        {typeLabel(inspection.element_type)}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed" truncate>
                      <Badge variant="light" color="gray" size="xs" radius="sm" ff="monospace" mr={6}>
                        {inspection.plant.code}
                      </Badge>
                      {t('plants.elementCount', { count: inspection.element_count })}
                    </Text>
                  </Stack>
                  <Text
                    size="xs"
                    c="dimmed"
                    component="time"
                    dateTime={inspection.created_at}
                    style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {formatDateTime(inspection.created_at)}
                  </Text>
                </Group>
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
