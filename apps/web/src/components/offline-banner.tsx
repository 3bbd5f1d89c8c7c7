import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOfflineMode } from '../lib/offline-mode';

/** Shown while offline mode is on (stored flag set, no sync running). */
export function OfflineBanner() {
  const isOffline = useOfflineMode();
  const { t } = useTranslation();
  if (!isOffline) return null;
  return (
    <Alert color="yellow" variant="filled" radius={0} icon={<IconCloudOff size={18} />} role="status" py={6}>
      {t('offline.banner')}
    </Alert>
  );
}
