import type {
  DeliveredSerialsAll,
  SerialScanRequestInput,
  SerialScanResult,
} from '@heliotrack/domain/serials';
import { notifyError } from '../components/notifications/notify';
import { isApiError } from '../lib/api-error';
import { alert } from '../lib/dialogs';
import { http } from '../lib/http-client';
import { t } from '../lib/i18n';
import { joinedServerMessages } from '../lib/show-operation-error';

/**
 * POST plants/{id}/serial-scan/ (issue 19): serials of a scan plan, or one element's serial edited by
 * hand. Idempotent by `client_uuid`; offline, the local handler (offline/handlers/serial-scan.ts)
 * answers the same shape and queues the request. Its 400/403 go to the caller, which shows the
 * dialog 'Error al editar el serial' (section 8).
 */
export function postSerialScan(plantId: number, body: SerialScanRequestInput): Promise<SerialScanResult> {
  return http.post<SerialScanResult>(`plants/${plantId}/serial-scan/`, body, { handle400: false });
}

/** Every delivered serial of the plant, for the device to flag "unregistered" at once (and offline). */
export function getDeliveredSerialsAll(plantId: number): Promise<DeliveredSerialsAll> {
  return http.get<DeliveredSerialsAll>(`plants/${plantId}/delivered-serials/all/`);
}

/**
 * Specification section 8: a refused serial write (400, or 403 when scanning is off) opens the
 * dialog 'Error al editar el serial' with the server's message; any other failure says it is unknown.
 */
export function showSerialEditError(error: unknown): void {
  if (isApiError(error) && (error.status === 400 || error.status === 403)) {
    void alert({
      title: t('serials.scan.editError'),
      message: error.detail ?? joinedServerMessages(error.body),
    });
    return;
  }
  // 5xx and network failures already open the server-error dialog: a toast, not a second dialog.
  notifyError(t('serials.scan.editUnknown'));
}
