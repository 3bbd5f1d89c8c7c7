import { notifyError } from '../../../components/notifications/notify';
import { isApiError } from '../../../lib/api-error';
import { alert } from '../../../lib/dialogs';
import { t } from '../../../lib/i18n';

export type StateAction = 'create' | 'edit' | 'delete';

function messagesOf(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((item) => messagesOf(item, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => messagesOf(item, out));
  return out;
}

/**
 * Specification section 8: a 400 opens a dialog titled 'Error al crear / editar / eliminar el
 * estado' with the server's messages joined by commas; any other failure says 'Error desconocido
 * al … el estado'. The calls opt out of the global 400 dialog, so one error shows one dialog.
 */
export function showStateError(action: StateAction, error: unknown): void {
  if (isApiError(error) && error.status === 400) {
    void alert({
      title: t(`stateManagement.errors.${action}Title`),
      message: messagesOf(error.body, []).join(', '),
    });
    return;
  }
  const message = t(`stateManagement.errors.${action}Unknown`);
  // 5xx and network failures already open the server-error dialog: a toast, not a second dialog.
  if (isApiError(error) && (error.status === 0 || error.status >= 500)) notifyError(message);
  else void alert({ message });
}
