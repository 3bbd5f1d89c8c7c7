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
import { type CurrentUser, requirePlant } from '../access/access.service';
import { takeElementsVersion, lockPlant } from '../../lib/plant-writes.repository';
import * as repo from './serials.repository';

/** Unknown elements named in one 400 (one key per item: `serials.<index>.element_id`). */
const MAX_400_ERRORS = 100;

/**
 * `POST plants/{id}/serial-scan/`: the serials of a scan plan (or one element's serial edited by
 * hand), written in one transaction with the flags the server computes; the device's are advisory.
 */
export class SerialScanService {
  constructor(private readonly db: Db) {}

  /**
   * Any user of the plant may scan, when the plant has serial scanning enabled (403 otherwise). A
   * resend of a client uuid already written in the organisation answers the first answer and
   * writes nothing; asked before the plant's lock and again under it, so two copies sent at once
   * (PostgreSQL runs them in parallel) write once; the primary key catches copies sent for two plants.
   */
  async scan(user: CurrentUser, plantId: number, body: SerialScanRequest): Promise<SerialScanResult> {
    const plant = await requirePlant(this.db, user, plantId);
    const { answer } = await idempotentWrite({
      db: this.db,
      clientUuid: body.client_uuid,
      earlier: (db, uuid) => this.earlierAnswer(db, user, uuid),
      lock: (trx) => lockPlant(trx, plant.id),
      write: async (trx) => {
        // Asked after the uuid: a scan written before scanning was turned off is still answered.
        if (!fromFlag(plant.is_serial_scan_enable)) throw detailError(403, 'serials.scanDisabled', 'serial_scan_disabled');
        const answer = await writeSerials(trx, plant.id, body);
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
 * Writes the serials with their flags, under the plant's lock, and re-flags the other elements of
 * the plant whose "duplicated" changes: those that now share a serial with a written element, and
 * those that shared the serial a written element had before and no longer share it with anyone.
 */
async function writeSerials(trx: Db, plantId: number, body: SerialScanRequest): Promise<SerialScanResult> {
  const items = body.serials;
  const current = new Map(
    (
      await repo.findElementSerials(
        trx,
        plantId,
        items.map((i) => i.element_id),
      )
    ).map((e) => [e.id, e.serial]),
  );
  const unknown = items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => !current.has(item.element_id));
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

  // Who holds each affected serial once the write is done: the other holders stay, the written elements move.
  const written = new Set(items.map((i) => i.element_id));
  const newSerials = new Set(items.map((i) => i.serial).filter((s) => s !== ''));
  const affected = new Set([...newSerials, ...[...current.values()].filter((s) => s !== '')]);
  const others = (await repo.findSerialHolders(trx, plantId, [...affected])).filter(
    (h) => !written.has(h.id),
  );
  const holders = new Map<string, number>();
  for (const serial of [...others.map((o) => o.serial), ...items.map((i) => i.serial)])
    holders.set(serial, (holders.get(serial) ?? 0) + 1);
  const isShared = (serial: string) => serial !== '' && (holders.get(serial) ?? 0) > 1;

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
  const reflagged = others
    .filter((o) => fromFlag(o.is_serial_duplicated) !== isShared(o.serial))
    .sort((a, b) => a.id - b.id);
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
