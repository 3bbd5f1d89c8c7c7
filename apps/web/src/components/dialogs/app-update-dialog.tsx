import { Alert, Button, Center, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UPDATE_CHECK_DELAY_MS } from '@heliotrack/domain/app-version';
import { scheduleUpdateCheck, startUpdate, storeUrlOf, useAppUpdate } from '../../lib/app-update';

/**
 * The forced update dialog (specification sections 2 and 9): on native, 3000 ms after start the app
 * checks the organisation's available version; when an update is due this full-screen dialog covers
 * the app and cannot be dismissed; its Update button opens the store.
 */
export function AppUpdateDialog() {
  const { t } = useTranslation();
  const update = useAppUpdate();
  useEffect(() => scheduleUpdateCheck(UPDATE_CHECK_DELAY_MS), []);

  const isOpen = update.state === 'available' || update.state === 'in_progress';
  const storeUrl = storeUrlOf(update.available);

  return (
    <Modal
      opened={isOpen}
      onClose={() => {}}
      fullScreen
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      zIndex={2000}
      transitionProps={{ duration: 0 }}
    >
      <Center mih="90dvh">
        <Stack align="center" gap="lg" maw={460} ta="center" role="alertdialog" aria-labelledby="app-update-title">
          <ThemeIcon size={72} radius="xl" variant="light">
            <IconRefresh size={40} aria-hidden />
          </ThemeIcon>
          <Title order={2} id="app-update-title">
            {t('nativeApp.update.title')}
          </Title>
          <Text>{t('nativeApp.update.message', { version: update.available?.version ?? '' })}</Text>
          <Text c="dimmed" size="sm">
            {t('nativeApp.update.installed', { version: update.installedVersion ?? '' })}
          </Text>
          {storeUrl ? (
            <Button
              size="lg"
              leftSection={<IconDownload size={20} aria-hidden />}
              loading={update.state === 'in_progress'}
              onClick={() => void startUpdate()}
              data-autofocus
            >
              {t('nativeApp.update.update')}
            </Button>
          ) : (
            <Alert color="orange" variant="light">
              {t('nativeApp.update.noStore')}
            </Alert>
          )}
        </Stack>
      </Center>
    </Modal>
  );
}
