import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FlashReportSeverity, FlashReportStatus } from '@heliotrack/domain/flash-reports';

const SEVERITY_COLORS: Record<FlashReportSeverity, string> = {
  low: 'gray',
  medium: 'yellow',
  high: 'orange',
  critical: 'red',
};

const STATUS_COLORS: Record<FlashReportStatus, string> = {
  open: 'blue',
  in_progress: 'violet',
  closed: 'teal',
};

type Props = Omit<BadgeProps, 'color' | 'children'>;

/** Severity in words and colour (the word carries the meaning; the colour only helps). */
export function SeverityBadge({ severity, ...props }: { severity: FlashReportSeverity } & Props) {
  const { t } = useTranslation();
  return (
    <Badge
      color={SEVERITY_COLORS[severity]}
      variant={severity === 'critical' ? 'filled' : 'light'}
      tt="none"
      {...props}
    >
      {t(`flashReports.severities.${severity}`)}
    </Badge>
  );
}

export function StatusBadge({ status, ...props }: { status: FlashReportStatus } & Props) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="outline" tt="none" {...props}>
      {t(`flashReports.statuses.${status}`)}
    </Badge>
  );
}
