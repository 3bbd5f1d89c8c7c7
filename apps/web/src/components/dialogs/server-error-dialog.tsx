import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconServerOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { clearServerError, useServerError } from '../../lib/server-error';

/**
 * The persistent server-error dialog (specification sections 2 and 8): open whenever a server error
 * is set; the close icon and the accept button both clear it. Clicking outside does not dismiss it.
 */
export function ServerErrorDialog() {
  const error = useServerError();
  const { t } = useTranslation();
  const statusText = error?.status === 0 ? t('errors.network') : (error?.statusText ?? '');

  return (
    <Modal.Root
      opened={error !== null}
      onClose={clearServerError}
      closeOnClickOutside={false}
      centered
      zIndex={1000}
    >
      <Modal.Overlay />
      <Modal.Content role="alertdialog" aria-describedby="server-error-details">
        <Modal.Header bg="red.7" c="white">
          <Group gap="xs">
            <IconServerOff size={20} aria-hidden />
            <Modal.Title fw={700}>{t('errors.serverErrorTitle')}</Modal.Title>
          </Group>
          <Modal.CloseButton c="white" aria-label={t('common.close')} />
        </Modal.Header>
        <Modal.Body pt="md">
          <Stack gap="xs" id="server-error-details">
            <Text>{t('errors.serverErrorCode', { status: error?.status ?? '' })}</Text>
            <Text>{t('errors.serverErrorMessage', { statusText })}</Text>
          </Stack>
          <Group justify="flex-end" mt="lg">
            <Button color="red" onClick={clearServerError} data-autofocus>
              {t('errors.serverErrorAccept')}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
