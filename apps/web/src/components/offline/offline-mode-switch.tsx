import { Box, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setOfflineFlag, useOfflineFlag } from '../../lib/offline-mode';

/** The user menu's "Modo sin conexión" switch: sets the stored offline flag (specification section 4). */
export function OfflineModeSwitch() {
  const { t } = useTranslation();
  const isOn = useOfflineFlag();
  return (
    <Box px="sm" py={8}>
      <Switch
        label={t('offlineWork.mode')}
        checked={isOn}
        onChange={(event) => setOfflineFlag(event.currentTarget.checked)}
        size="md"
      />
    </Box>
  );
}
