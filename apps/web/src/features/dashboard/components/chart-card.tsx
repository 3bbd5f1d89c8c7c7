import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A titled dashboard card around one chart: skeleton while its data loads, the error with a retry,
 * or the empty message when there is nothing to draw.
 */
export function ChartCard({
  title,
  actions,
  subtitle,
  isLoading,
  error,
  onRetry,
  empty,
  emptyAction,
  height = 300,
  children,
}: {
  title: string;
  actions?: ReactNode;
  subtitle?: ReactNode;
  isLoading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Shown instead of the chart when set. */
  empty?: ReactNode;
  /** A button under the empty message (e.g. to create what is missing). */
  emptyAction?: ReactNode;
  height?: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" h="100%" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={4}>{title}</Title>
          {subtitle && (
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          )}
        </div>
        {actions}
      </Group>
      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          <Text size="sm">{t('dashboard.chartError')}</Text>
          {onRetry && (
            <Button size="xs" variant="light" color="red" mt="xs" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
        </Alert>
      ) : isLoading ? (
        <Skeleton h={height} />
      ) : empty ? (
        <Stack align="center" gap="sm" py="xl">
          <Text c="dimmed" size="sm" ta="center">
            {empty}
          </Text>
          {emptyAction}
        </Stack>
      ) : (
        children
      )}
    </Paper>
  );
}
