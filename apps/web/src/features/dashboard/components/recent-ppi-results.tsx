import { Anchor, Badge, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dashboard } from '@heliotrack/domain/dashboard';
import { RESULT_COLORS } from '@heliotrack/domain/ppi-results';
import { formatDateTime } from '../../../lib/format';

/** The latest PPI results on the plans the user sees, newest first; hidden while there are none. */
export function RecentPpiResults({ dashboard }: { dashboard: Dashboard | undefined }) {
  const { t } = useTranslation();
  const results = dashboard?.recent_ppi_results ?? [];
  if (results.length === 0) return null;
  return (
    <Paper withBorder p="lg" component="section" aria-label={t('dashboard.recentPpiResults')}>
      <Title order={4} mb="md">
        {t('dashboard.recentPpiResults')}
      </Title>
      <ScrollArea.Autosize mah={300} type="auto" offsetScrollbars>
        <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {results.map((r) => (
            <li key={r.id} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', padding: '8px 0' }}>
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    <Badge color={RESULT_COLORS[r.result]} size="sm" tt="none">
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
                <Text size="xs" c="dimmed" component="time" dateTime={r.updated_at} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {formatDateTime(r.updated_at)}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
