import { notifyError } from '../components/notifications/notify';
import { isApiError } from './api-error';
import { alert } from './dialogs';

/*
 * How the web shows a write's error: one rule, three layers (specification sections 5 and 8).
 *
 * 1. A form (FormModal, or a dialog with inputs): validate with `validateForm`, send with
 *    `handle400: false`, and on failure `setErrors(formErrorsOf(error))` (lib/validate-form.ts): a 400's
 *    messages under their fields, the rest above the form. This is the default for every new form.
 * 2. A write without a form (a delete, a toggle, a row action): send it plainly. The http client
 *    opens the global 400 dialog (messages joined by commas) and the server-error dialog for 5xx and
 *    network failures; the caller shows nothing itself.
 * 3. Only where the specification names an operation's own titled dialog (states, flash reports,
 *    a sync review's state change): send with `handle400: false` and call `showOperationError` below
 *    with that operation's title and unknown-error text. The features' `show-*-error.ts` files are
 *    these texts, one per operation, not other mechanisms.
 *
 * A screen that must keep the error on the page (a wizard step, an upload panel) shows
 * `joinedServerMessages(error.body)` inline; it never opens a dialog of its own.
 */

function messagesOf(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((item) => messagesOf(item, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => messagesOf(item, out));
  return out;
}

/** The server's messages of a 400 body, joined by commas (specification section 8). */
export function joinedServerMessages(body: unknown): string {
  return messagesOf(body, []).join(', ');
}

export interface OperationErrorText {
  /** Title of the dialog of a 400, e.g. 'Error al crear el estado'. */
  title: string;
  /** The message of any other failure, e.g. 'Error desconocido al crear el estado'. */
  unknown: string;
}

/**
 * Specification section 8, for screens that show their own error dialogs (states, flash reports): a
 * 400 opens a dialog with the operation's title and the server's messages joined by commas; any other
 * failure says the operation's "unknown error" message. Their calls opt out of the global 400 dialog
 * (`handle400: false`), so one error shows one dialog.
 */
export function showOperationError(text: OperationErrorText, error: unknown): void {
  if (isApiError(error) && error.status === 400) {
    void alert({ title: text.title, message: joinedServerMessages(error.body) });
    return;
  }
  // 5xx and network failures already open the server-error dialog: a toast, not a second dialog.
  if (isApiError(error) && (error.status === 0 || error.status >= 500)) notifyError(text.unknown);
  else void alert({ message: text.unknown });
}
