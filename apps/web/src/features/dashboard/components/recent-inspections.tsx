import { Anchor, Badge, Group, Paper, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dashboard } from '@heliotrack/domain/dashboard';
import { RESULT_COLORS } from '@heliotrack/domain/ppi-results';
import { formatDateTime } from '../../../lib/format';

/**
 * The recent inspections: the latest PPI results on the plans the user sees, newest first (the
 * server's order): result, element and activity, PPI, plant, author and when.
 */
export function RecentInspections({ dashboard }: { dashboard: Dashboard | undefined }) {
  const { t } = useTranslation();
  const inspections = dashboard?.recent_inspections ?? [];
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
        <ScrollArea.Autosize
          mah={340}
          type="auto"
          scrollbars="y"
          offsetScrollbars
          // Autosize content is min-content wide: long element and activity names would push the
          // time out of the card instead of being truncated.
          styles={{ content: { minWidth: 0 } }}
        >
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {inspections.map((r) => (
              <li
                key={r.id}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', padding: '8px 0' }}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                      <Badge color={RESULT_COLORS[r.result]} size="sm" tt="none" style={{ flexShrink: 0 }}>
                        {t(`ppis.results.value.${r.result}`)}
                      </Badge>
                      <Text size="sm" fw={600} truncate>
                        {r.element} · {r.activity}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed" truncate>
                      <Anchor component={Link} to={`/ppis/${r.ppi.id}/ppi-results`} size="xs">
                        {r.ppi.code}
                      </Anchor>{' '}
                      · {r.plant.code} · {r.author ?? '—'}
                    </Text>
                  </Stack>
                  <Text
                    size="xs"
                    c="dimmed"
                    component="time"
                    dateTime={r.updated_at}
                    style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}
                  >
                    {formatDateTime(r.updated_at)}
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
