import { Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@heliotrack/domain/dashboard';
import { formatInteger, formatPercent } from '../../../lib/format';
import { useElementTypeLabel } from '../../../lib/element-type-label';

/** Horizontal bars, largest type first; the bar length is relative to the largest type. */
export function ElementsByType({ dashboard }: { dashboard: Dashboard | undefined }) {
  const { t } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const rows = [...(dashboard?.elements_by_type ?? [])].sort((a, b) => b.count - a.count);
  const largest = rows[0]?.count ?? 0;
  const total = dashboard?.element_count ?? 0;

  return (
    <Paper withBorder p="lg" h="100%">
      <Title order={4} mb="md">
        {t('dashboard.elementsByType')}
      </Title>
      {!dashboard ? (
        <Stack gap="md">
          {[0, 1, 2, 3, 4].map((index) => (
            <Skeleton key={index} height={28} />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('dashboard.elementsByTypeEmpty')}</Text>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => (
            <li key={row.code}>
              <Group justify="space-between" mb={4} wrap="nowrap">
                <Text size="sm" fw={600} truncate>
                  {typeLabel(row)}{' '}
                  <Text span size="xs" c="dimmed" ff="monospace">
                    {row.code}
                  </Text>
                </Text>
                <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatInteger(row.count)}
                </Text>
              </Group>
              <Progress
                value={largest ? (row.count / largest) * 100 : 0}
                size="lg"
                radius="sm"
                aria-label={`${typeLabel(row)}: ${formatInteger(row.count)}`}
              />
              <Text size="xs" c="dimmed" mt={2}>
                {t('dashboard.shareOfTotal', { percent: formatPercent(total ? row.count / total : 0) })}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
