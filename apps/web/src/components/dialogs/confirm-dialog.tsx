import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOpenDialogs, type OpenDialog } from '../../lib/dialogs';

function DialogView({ dialog }: { dialog: OpenDialog }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={() => dialog.resolve(false)}
      title={<Text fw={700}>{dialog.title ?? t('common.attention')}</Text>}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      zIndex={900}
    >
      {typeof dialog.message === 'string' ? <Text>{dialog.message}</Text> : dialog.message}
      <Group justify="flex-end" mt="lg">
        {dialog.kind === 'confirm' && (
          <Button variant="default" onClick={() => dialog.resolve(false)}>
            {dialog.cancelLabel ?? t('common.cancel')}
          </Button>
        )}
        <Button color={dialog.acceptColor} onClick={() => dialog.resolve(true)} data-autofocus>
          {dialog.acceptLabel ?? t('common.accept')}
        </Button>
      </Group>
    </Modal>
  );
}

/** Renders the dialogs opened with confirm() / alert() from lib/dialogs.ts. */
export function ConfirmDialogs() {
  const dialogs = useOpenDialogs();
  return dialogs.map((dialog) => <DialogView key={dialog.id} dialog={dialog} />);
}
