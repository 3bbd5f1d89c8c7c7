import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconDatabaseOff, IconInfoCircle, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { t } from '../../lib/i18n';
import { showNativeLongToast } from '../../lib/native-platform';

/**
 * App notifications. Defaults (5000 ms, bottom) are set on <Notifications> in the providers; the
 * permission one follows specification section 6: negative, top right, with a close button.
 */
// Mantine's close button has no accessible name of its own.
function closeButtonProps() {
  return { 'aria-label': t('common.close') };
}

export function notifySuccess(message: ReactNode, title?: ReactNode): void {
  notifications.show({
    color: 'teal',
    icon: <IconCheck size={18} />,
    title,
    message,
    closeButtonProps: closeButtonProps(),
  });
}

export function notifyError(message: ReactNode, title?: ReactNode): void {
  notifications.show({
    color: 'red',
    icon: <IconAlertTriangle size={18} />,
    title,
    message,
    closeButtonProps: closeButtonProps(),
  });
}

/** Something the user must read, not an error: stays until closed. */
export function notifyNotice(message: ReactNode, title?: ReactNode): void {
  notifications.show({
    color: 'blue',
    icon: <IconInfoCircle size={18} />,
    title,
    message,
    autoClose: false,
    closeButtonProps: closeButtonProps(),
  });
}

export function notifyPermissionDenied(): void {
  notifications.show({
    // One at a time even if the person keeps clicking the forbidden link.
    id: 'permission-denied',
    color: 'red',
    position: 'top-right',
    withCloseButton: true,
    closeButtonProps: closeButtonProps(),
    icon: <IconLock size={18} />,
    message: t('errors.permissionDenied'),
  });
}

/**
 * A local database error (specification section 8, e.g. 'Error open database: {reason}'): the
 * negative top-right toast, one at a time, and on a device also the platform's long native toast
 * (issue 20). The texts are the specification's own, in English in every language.
 */
export function notifyLocalDatabaseError(message: string): void {
  notifications.show({
    id: 'local-database-error',
    color: 'red',
    position: 'top-right',
    withCloseButton: true,
    closeButtonProps: closeButtonProps(),
    icon: <IconDatabaseOff size={18} />,
    message,
  });
  showNativeLongToast(message).catch((error: unknown) => console.warn('native toast failed', error));
}
