import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { t } from '../../lib/i18n';
import { isOfflineMode, setOfflineFlag } from '../../lib/offline-mode';

const ID = 'network-lost';

/**
 * When the browser loses the network while offline mode is off, offers to switch it on (issue 16);
 * the offer goes away when the network comes back. Renders nothing itself.
 */
export function NetworkLostPrompt() {
  useEffect(() => {
    const offer = () => {
      if (isOfflineMode()) return;
      notifications.show({
        id: ID,
        color: 'orange',
        position: 'top-center',
        autoClose: false,
        withCloseButton: true,
        closeButtonProps: { 'aria-label': t('common.close') },
        icon: <IconWifiOff size={18} />,
        title: t('offlineWork.lostNetworkTitle'),
        message: (
          <Stack gap={6} align="flex-start">
            <Text size="sm">{t('offlineWork.lostNetwork')}</Text>
            <Button
              size="xs"
              mih={36}
              onClick={() => {
                setOfflineFlag(true);
                notifications.hide(ID);
              }}
            >
              {t('offlineWork.switchOn')}
            </Button>
          </Stack>
        ),
      });
    };
    const back = () => notifications.hide(ID);
    window.addEventListener('offline', offer);
    window.addEventListener('online', back);
    return () => {
      window.removeEventListener('offline', offer);
      window.removeEventListener('online', back);
    };
  }, []);
  return null;
}
