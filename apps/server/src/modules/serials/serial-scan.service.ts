import type { Language } from '@heliotrack/domain/constants';
import { translate } from '@heliotrack/domain/i18n/translate';
import {
  type SerialScanElement,
  type SerialScanRequest,
  type SerialScanResult,
  serialFlags,
} from '@heliotrack/domain/serials';
import type { Db } from '../../db/database';
import { fromFlag, toFlag } from '../../db/dialect';
import { ApiError, detailError } from '../../lib/errors';
import { idempotentWrite } from '../../lib/idempotent-write';
import { nowIso } from '../../lib/time';
import type { CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';
import {
  lockClientUuid,
  lockPlant,
  lockSerials,
  shareElementWrites,
  takeElementsVersion,
  tryLockSerials,
} from '../../lib/plant-writes.repository';
import * as repo from './serials.repository';

/** Unknown elements named in one 400 (one key per item: `serials.<index>.element_id`). */
const MAX_400_ERRORS = 100;

/**
 * A scan of more elements takes the plant exclusively instead of a lock per serial (up to two per
 * element): PostgreSQL keeps advisory locks in a shared table of a few thousand entries by default.
 */
const SERIAL_LOCKS_MAX_ITEMS = 1000;

/** Times a scan starts again when a serial of its elements moved under it (see lockCurrentSerials). */
const MAX_ATTEMPTS = 3;

/** A written element's serial moved to one whose lock another writer holds: the transaction starts again. */
class SerialMoved extends Error {}

/**
 * `POST plants/{id}/serial-scan/`: the serials of a scan plan (or one element's serial edited by
 * hand), written in one transaction with the flags the server computes; the device's are advisory.
 */
export class SerialScanService {
  constructor(private readonly db: Db) {}

  /**
   * Any user of the plant may scan, when the plant has serial scanning enabled (403 otherwise). A
   * scan is an element writer: it runs beside the plant's state changes and beside scans of other
   * serials (lib/plant-writes.repository.ts). A resend of a client uuid already written in the
   * organisation answers the first answer and writes nothing; twins sent at once wait for each
   * other (the uuid's lock), and the primary key catches copies sent for two plants.
   */
  async scan(user: CurrentUser, plantId: number, body: SerialScanRequest): Promise<SerialScanResult> {
    const plant = await requirePlant(this.db, user, plantId);
    const exclusive = body.serials.length > SERIAL_LOCKS_MAX_ITEMS;
    for (let attempt = 1; ; attempt++) {
      try {
        const { answer } = await idempotentWrite({
          db: this.db,
          clientUuid: body.client_uuid,
          earlier: (db, uuid) => this.earlierAnswer(db, user, uuid),
          lock: async (trx) => {
            await lockClientUuid(trx, user.clientId, body.client_uuid);
            if (exclusive) await lockPlant(trx, plant.id);
            else await shareElementWrites(trx, plant.id);
          },
          write: async (trx) => {
            // Asked after the uuid: a scan written before scanning was turned off is still answered.
            if (!fromFlag(plant.is_serial_scan_enable)) throw detailError(403, 'serials.scanDisabled', 'serial_scan_disabled');
            const answer = await writeSerials(trx, plant.id, body, exclusive);
            await repo.insertScanWrite(trx, {
              client_id: user.clientId,
              client_uuid: body.client_uuid,
              plant_id: plant.id,
              answer: JSON.stringify(answer),
              created_at: nowIso(),
            });
            return answer;
          },
        });
        return answer;
      } catch (error) {
        if (!(error instanceof SerialMoved)) throw error;
        // Nothing was written; the device's outbox sends a 503 again later with the same uuid.
        if (attempt === MAX_ATTEMPTS) throw detailError(503, 'serials.scanBusy', 'serial_scan_busy');
      }
    }
  }

  private async earlierAnswer(
    db: Db,
    user: CurrentUser,
    clientUuid: string,
  ): Promise<SerialScanResult | null> {
    const row = await repo.findScanWrite(db, user.clientId, clientUuid);
    return row ? (JSON.parse(row.answer) as SerialScanResult) : null;
  }
}

/**
 * Locks the serials the write affects (`serials`, the new ones, and the written elements' current
 * ones, read before the locks) and answers the elements' current serials read again under them. A
 * serial that moved meanwhile (a scan of the same element committed) is locked too, without waiting:
 * the locks are taken in one order, and waiting here, out of it, could deadlock. When it is held
 * elsewhere, the transaction starts again (SerialMoved) and takes every lock in order.
 */
async function lockCurrentSerials(trx: Db, plantId: number, ids: number[], serials: string[]) {
  const held = new Set(serials.filter((s) => s !== ''));
  await lockSerials(trx, plantId, [...held]);
  for (;;) {
    const current = await repo.findElementSerials(trx, plantId, ids);
    const moved = [...new Set(current.map((e) => e.serial))].filter((s) => s !== '' && !held.has(s));
    if (moved.length === 0) return new Map(current.map((e) => [e.id, e.serial]));
    if (!(await tryLockSerials(trx, plantId, moved))) throw new SerialMoved();
    for (const serial of moved) held.add(serial);
  }
}

/**
 * Writes the serials with their flags and re-flags the other elements of the plant whose
 * "duplicated" changes: those that now share a serial with a written element, and those that shared
 * the serial a written element had before and no longer share it with anyone. Under the locks of
 * every serial involved (or the plant's, `exclusive`), so the holders it counts stay as they are.
 */
async function writeSerials(trx: Db, plantId: number, body: SerialScanRequest, exclusive: boolean): Promise<SerialScanResult> {
  const items = body.serials;
  const ids = items.map((i) => i.element_id);
  const before = new Map((await repo.findElementSerials(trx, plantId, ids)).map((e) => [e.id, e.serial]));
  const unknown = items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => !before.has(item.element_id));
  if (unknown.length) {
    throw new ApiError(400, (language: Language) =>
      Object.fromEntries(
        unknown
          .slice(0, MAX_400_ERRORS)
          .map(({ item, index }) => [
            `serials.${index}.element_id`,
            [translate(language, 'serials.unknownElement', { id: item.element_id })],
          ]),
      ),
    );
  }
  const newSerials = new Set(items.map((i) => i.serial).filter((s) => s !== ''));
  const current = exclusive
    ? before
    : await lockCurrentSerials(trx, plantId, ids, [...newSerials, ...before.values()]);

  // Who holds each affected serial once the write is done: the other holders stay, the written elements move.
  const written = new Set(ids);
  const affected = new Set([...newSerials, ...[...current.values()].filter((s) => s !== '')]);
  const others = (await repo.findSerialHolders(trx, plantId, [...affected])).filter(
    (h) => !written.has(h.id),
  );
  const holders = new Map<string, number>();
  for (const serial of [...others.map((o) => o.serial), ...items.map((i) => i.serial)])
    holders.set(serial, (holders.get(serial) ?? 0) + 1);
  const isShared = (serial: string) => serial !== '' && (holders.get(serial) ?? 0) > 1;
  const reflagged = others
    .filter((o) => fromFlag(o.is_serial_duplicated) !== isShared(o.serial))
    .sort((a, b) => a.id - b.id);
  // The rows it updates, before the version (the tail), as every element writer does.
  if (!exclusive) await repo.lockElementRows(trx, plantId, [...ids, ...reflagged.map((o) => o.id)]);

  const delivered = (await repo.hasDeliveredSerials(trx, plantId))
    ? await repo.findDeliveredAmong(trx, plantId, [...newSerials])
    : null;
  const elements: SerialScanElement[] = items.map((item) => ({
    id: item.element_id,
    serial: item.serial,
    ...serialFlags(item.serial, {
      maxCodeLength: body.max_code_length,
      heldByAnotherElement: isShared(item.serial),
      delivered,
    }),
  }));

  const version = await takeElementsVersion(trx, plantId);
  await repo.setElementSerials(
    trx,
    plantId,
    version,
    elements.map((e) => ({
      id: e.id,
      serial: e.serial,
      is_serial_invalid_length: toFlag(e.is_serial_invalid_length),
      is_serial_duplicated: toFlag(e.is_serial_duplicated),
      is_serial_unregistered: toFlag(e.is_serial_unregistered),
    })),
    nowIso(),
  );
  const nowShared = reflagged.filter((o) => isShared(o.serial)).map((o) => o.id);
  const noLongerShared = reflagged.filter((o) => !isShared(o.serial)).map((o) => o.id);
  await repo.setDuplicatedFlag(trx, plantId, nowShared, 1, version);
  await repo.setDuplicatedFlag(trx, plantId, noLongerShared, 0, version);
  if (reflagged.length) {
    const rows = await repo.findSerialFlags(
      trx,
      plantId,
      reflagged.map((o) => o.id),
    );
    for (const row of rows) {
      elements.push({
        id: row.id,
        serial: row.serial,
        is_serial_invalid_length: fromFlag(row.is_serial_invalid_length),
        is_serial_duplicated: fromFlag(row.is_serial_duplicated),
        is_serial_unregistered: fromFlag(row.is_serial_unregistered),
      });
    }
  }
  return { elements, elements_version: version };
}
