import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { t } from '../../lib/i18n';
import { onNetworkLost } from '../../lib/network-lost';
import { isOfflineMode, onOfflineModeChange, setOfflineFlag } from '../../lib/offline-mode';

const ID = 'network-lost';

/**
 * When the browser loses the network, or a request gets no answer, while offline mode is off,
 * offers to switch it on (issues 16 and 38), once: the offer goes away when the network comes back
 * or it is closed, and only then may show again. Renders nothing itself.
 */
export function NetworkLostPrompt() {
  useEffect(() => {
    let shown = false;
    const offer = () => {
      if (isOfflineMode() || shown) return;
      shown = true;
      notifications.show({
        id: ID,
        color: 'orange',
        position: 'top-center',
        autoClose: false,
        withCloseButton: true,
        closeButtonProps: { 'aria-label': t('common.close') },
        icon: <IconWifiOff size={18} />,
        onClose: () => {
          shown = false;
        },
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
    const back = () => {
      shown = false;
      notifications.hide(ID);
    };
    const offLost = onNetworkLost(offer);
    window.addEventListener('offline', offer);
    window.addEventListener('online', back);
    // Switched on from the user menu instead: the offer has been taken.
    const stop = onOfflineModeChange(() => isOfflineMode() && back());
    return () => {
      stop();
      offLost();
      window.removeEventListener('offline', offer);
      window.removeEventListener('online', back);
    };
  }, []);
  return null;
}
