import { Alert, Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormErrors } from '../lib/validate-form';

/**
 * The create/edit dialog of the administration forms: a titled modal around a form, the error that
 * belongs to no field above the fields, and Cancel / Save below them. The fields are the children.
 * While a save is in flight the dialog stays open: closing it would hide the answer.
 */
export function FormModal({
  title,
  onClose,
  onSubmit,
  errors,
  isSaving,
  size = 'lg',
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  errors: FormErrors;
  isSaving: boolean;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Modal
      opened
      onClose={() => !isSaving && onClose()}
      title={title}
      size={size}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {errors._general && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {errors._general}
            </Alert>
          )}
          {children}
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSaving}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
