import type { DeliveredSerialsAll, SerialScanRequestInput, SerialScanResult } from '@heliotrack/domain/serials';
import { http } from '../lib/http-client';

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
