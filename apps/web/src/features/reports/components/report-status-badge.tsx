import { Badge, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Report } from '@heliotrack/domain/reports';
import { formatPercent } from '../../../lib/format';
import { reportStatusView } from './report-status';

/** The status of a report; while it is queued or being made, a progress bar with its percentage. */
export function ReportStatusBadge({ report, progressLabel }: { report: Report; progressLabel: string }) {
  const { t } = useTranslation();
  const view = reportStatusView(report);
  const badge = (
    <Badge color={view.color} variant="light" radius="sm">
      {t(`reports.status.${view.status}`)}
    </Badge>
  );
  if (view.progress === null) {
    return report.status === 'failed' && report.error ? (
      <Tooltip label={report.error} withArrow multiline maw={320}>
        {badge}
      </Tooltip>
    ) : (
      badge
    );
  }
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        {badge}
        <Text size="xs" c="dimmed">
          {formatPercent(view.progress / 100)}
        </Text>
      </Group>
      <Progress
        value={view.progress}
        size="sm"
        striped={view.isAnimated}
        animated={view.isAnimated}
        aria-label={progressLabel}
      />
    </Stack>
  );
}
