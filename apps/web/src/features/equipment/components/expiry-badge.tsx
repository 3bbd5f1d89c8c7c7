import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '@heliotrack/domain/equipment';
import { EXPIRY_COLORS, expiryLabelOf, expiryStatusOf } from './expiry-status';

const ICONS = {
  expired: IconAlertTriangle,
  expiring: IconClockExclamation,
  valid: IconCircleCheck,
};

/** The certificate's expiry in colour, icon and words ('Caducado', 'Caduca en 12 días', 'Vigente'). */
export function ExpiryBadge({ equipment }: { equipment: Pick<Equipment, 'is_expired' | 'days_to_expiry'> }) {
  // Re-render on language change: the label comes from the shared i18n instance.
  useTranslation();
  const status = expiryStatusOf(equipment);
  const Icon = ICONS[status];
  return (
    <Badge
      color={EXPIRY_COLORS[status]}
      variant={status === 'valid' ? 'light' : 'filled'}
      tt="none"
      leftSection={<Icon size={14} aria-hidden />}
      data-expiry={status}
      // The words are the point: the badge never shortens them to an ellipsis in a narrow column.
      styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {expiryLabelOf(equipment)}
    </Badge>
  );
}
