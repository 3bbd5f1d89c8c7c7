import { Alert, Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone, useIsTouch } from '../lib/field-layout';
import type { FormErrors } from '../lib/validate-form';

// A field dialog on a phone (issue 22): full screen, its actions stuck to the bottom, under the thumb.
// Exported for the dialogs that are not a plain FormModal (the state-change dialog).
export const PHONE_FORM = { minHeight: 'calc(100dvh - 76px)', display: 'flex', flexDirection: 'column' } as const;
export const STICKY_ACTIONS = {
  position: 'sticky',
  bottom: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  paddingBlock: 'var(--mantine-spacing-sm)',
  borderTop: '1px solid var(--mantine-color-gray-3)',
} as const;

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
  field = false,
  submitLabel,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  errors: FormErrors;
  isSaving: boolean;
  size?: ModalProps['size'];
  /** A dialog of the field's work: full screen on phones, with finger-sized close button. */
  field?: boolean;
  /** The primary action's text; "Save" by default. */
  submitLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone() && field;
  const isTouch = useIsTouch() && field;
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
      fullScreen={isPhone}
      transitionProps={isPhone ? { transition: 'slide-up', duration: 150 } : undefined}
      closeButtonProps={{ 'aria-label': t('common.close'), size: isTouch ? 'xl' : undefined }}
    >
      <form onSubmit={submit} noValidate style={isPhone ? PHONE_FORM : undefined}>
        <Stack gap="sm" style={isPhone ? { flex: 1 } : undefined}>
          {errors._general && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {errors._general}
            </Alert>
          )}
          {children}
          <Group
            justify="flex-end"
            mt={isPhone ? 'auto' : 'md'}
            wrap="nowrap"
            style={isPhone ? STICKY_ACTIONS : undefined}
          >
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSaving} style={isPhone ? { flex: 1 } : undefined}>
              {submitLabel ?? t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
