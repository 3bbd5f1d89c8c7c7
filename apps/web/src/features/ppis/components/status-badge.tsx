import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PpiStatus } from '@heliotrack/domain/ppis';

export function StatusBadge({ status }: { status: PpiStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'open' ? 'green' : 'gray'} variant="light" tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>
      {t(`ppis.status.${status}`)}
    </Badge>
  );
}
