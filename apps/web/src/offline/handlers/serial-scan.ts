import {
  serialFlags,
  SerialScanRequest,
  type SerialScanElement,
  type SerialScanResult,
} from '@heliotrack/domain/serials';
import { ApiError } from '../../lib/api-error';
import { t } from '../../lib/i18n';
import { registerOfflineHandler, type OfflineRequest } from '../../lib/offline-resolver';
import { getStoredUser } from '../../lib/session';
import type { Statement } from '../local-database';
import { markLocalDatabaseUsed, refreshOutboxCounts } from '../outbox-status';
import { parse, store as openStore } from './local';

/*
 * Offline answer of POST plants/:plantId/serial-scan/ (issue 19): the serials are written on the
 * device (the plant's downloaded elements and every scan plan holding them) with the flags computed
 * by the domain's rule, and the request itself goes to the outbox (kind 'serial_scan') in the same
 * transaction; the sync sends it as it is, and the server's flags come back with the change feed.
 * The answer has the server's shape: the request's elements, then those whose "duplicated" changed.
 */

interface Holder {
  id: number;
  serial: string;
  is_serial_duplicated: number | null;
  is_serial_invalid_length: number | null;
  is_serial_unregistered: number | null;
}

export async function recordSerialScanOffline(plantId: number, body: unknown): Promise<SerialScanResult> {
  // Checked as the server checks it: a refusal is its 400 with the same translated messages.
  const request = parse(SerialScanRequest, body);
  const user = getStoredUser();
  if (!user) throw new ApiError(401, 'Unauthorized', null);
  const store = await openStore();

  // Who holds which serial on the device: downloaded elements first, plan rows for the rest.
  const [plant] = (await store.call('select', 'SELECT is_serial_scan_enable FROM plant WHERE id = ?', [
    plantId,
  ])) as {
    is_serial_scan_enable: number | null;
  }[];
  if (plant && !plant.is_serial_scan_enable)
    throw new ApiError(403, 'Forbidden', {
      detail: t('api:serials.scanDisabled'),
      code: 'serial_scan_disabled',
    });
  const holders = new Map<number, Holder>();
  const elementRows = (await store.call(
    'select',
    `SELECT id, serial, is_serial_duplicated, is_serial_invalid_length, is_serial_unregistered FROM element WHERE plant_id = ? AND serial IS NOT NULL AND serial <> ''`,
    [plantId],
  )) as unknown as Holder[];
  const planRows = (await store.call(
    'select',
    `SELECT e.id, e.serial, e.is_serial_duplicated, e.is_serial_invalid_length, e.is_serial_unregistered FROM element_to_scan AS e JOIN scans AS s ON s.id = e.scan_id
      WHERE s.plant_id = ? AND e.serial IS NOT NULL AND e.serial <> ''`,
    [plantId],
  )) as unknown as Holder[];
  for (const row of [...planRows, ...elementRows]) holders.set(row.id, row);
  const before = new Map([...holders].map(([id, row]) => [id, !!row.is_serial_duplicated]));
  const affected = new Set<string>();
  for (const item of request.serials) {
    const old = holders.get(item.element_id);
    if (old) affected.add(old.serial);
    if (item.serial) {
      holders.set(item.element_id, {
        id: item.element_id,
        serial: item.serial,
        is_serial_duplicated: 0,
        is_serial_invalid_length: 0,
        is_serial_unregistered: 0,
      });
      affected.add(item.serial);
    } else holders.delete(item.element_id);
  }
  const bySerial = new Map<string, number[]>();
  for (const row of holders.values())
    if (affected.has(row.serial)) bySerial.set(row.serial, [...(bySerial.get(row.serial) ?? []), row.id]);

  const [delivered] = (await store.call(
    'select',
    'SELECT COUNT(*) AS n FROM delivered_serial WHERE plant_id = ?',
    [plantId],
  )) as unknown as { n: number }[];
  const deliveredSet = new Set<string>();
  if (delivered.n > 0) {
    const serials = request.serials.map((item) => item.serial).filter(Boolean);
    const rows = (await store.call(
      'select',
      `SELECT serial FROM delivered_serial WHERE plant_id = ? AND serial IN (${serials.map(() => '?').join(', ') || "''"})`,
      [plantId, ...serials],
    )) as unknown as { serial: string }[];
    rows.forEach((row) => deliveredSet.add(row.serial));
  }

  const answer: SerialScanElement[] = request.serials.map((item) => ({
    id: item.element_id,
    serial: item.serial,
    ...serialFlags(item.serial, {
      maxCodeLength: request.max_code_length,
      heldByAnotherElement: (bySerial.get(item.serial)?.length ?? 0) > 1,
      delivered: delivered.n > 0 ? deliveredSet : null,
    }),
  }));
  const written = new Set(request.serials.map((item) => item.element_id));
  const reflagged: { id: number; duplicated: boolean }[] = [];
  for (const ids of bySerial.values())
    for (const id of ids) {
      const duplicated = ids.length > 1;
      if (!written.has(id) && before.get(id) !== duplicated) reflagged.push({ id, duplicated });
    }
  // An element that gave its serial up may leave another one alone with it: unflag that one too.
  for (const [id, wasDuplicated] of before)
    if (
      !written.has(id) &&
      wasDuplicated &&
      holders.has(id) &&
      affected.has(holders.get(id)!.serial) &&
      !reflagged.some((r) => r.id === id)
    )
      if ((bySerial.get(holders.get(id)!.serial)?.length ?? 0) <= 1)
        reflagged.push({ id, duplicated: false });
  reflagged.sort((a, b) => a.id - b.id);

  const writes: Statement[] = [];
  for (const element of answer) {
    const params = [
      element.serial,
      +element.is_serial_invalid_length,
      +element.is_serial_duplicated,
      +element.is_serial_unregistered,
      element.id,
    ];
    writes.push(
      {
        sql: `UPDATE element SET serial = ?, is_serial_invalid_length = ?, is_serial_duplicated = ?, is_serial_unregistered = ? WHERE id = ?`,
        params,
      },
      {
        sql: `UPDATE element_to_scan SET serial = ?, is_serial_invalid_length = ?, is_serial_duplicated = ?, is_serial_unregistered = ? WHERE id = ?`,
        params,
      },
    );
  }
  for (const { id, duplicated } of reflagged)
    for (const table of ['element', 'element_to_scan'])
      writes.push({
        sql: `UPDATE ${table} SET is_serial_duplicated = ? WHERE id = ?`,
        params: [+duplicated, id],
      });

  await store.call(
    'enqueueOutbox',
    {
      clientUuid: request.client_uuid,
      userId: user.id,
      kind: 'serial_scan',
      request: { method: 'POST', path: `plants/${plantId}/serial-scan/`, body: request },
      elementIds: [...written],
    },
    writes,
  );

  // The header's pending count and the sync know there is something to send.
  markLocalDatabaseUsed();
  void refreshOutboxCounts().catch(() => undefined);

  // A re-flagged element keeps its other flags as stored (its own plan's code length is not known here).
  const others: SerialScanElement[] = reflagged.map(({ id, duplicated }) => {
    const holder = holders.get(id);
    return {
      id,
      serial: holder?.serial ?? '',
      is_serial_invalid_length: !!holder?.is_serial_invalid_length,
      is_serial_unregistered: !!holder?.is_serial_unregistered,
      is_serial_duplicated: duplicated,
    };
  });
  const [download] = (await store.call(
    'select',
    'SELECT elements_version FROM plant_download WHERE plant_id = ?',
    [plantId],
  )) as {
    elements_version: number | null;
  }[];
  return { elements: [...answer, ...others], elements_version: download?.elements_version ?? 0 };
}

/** The handler by name, for a lazy registration beside the others (handlers/index.ts). */
export const serialScanHandlers = {
  scan: (request: OfflineRequest) => recordSerialScanOffline(Number(request.params.plantId), request.body),
};

/** Registers the offline answer of serial-scan/ alone (registerOfflineHandlers registers it lazily with the others). */
export function registerSerialScanHandlers(): () => void {
  return registerOfflineHandler({
    method: 'POST',
    path: 'plants/:plantId/serial-scan/',
    handle: serialScanHandlers.scan,
  });
}
