import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The sync cursor: `3.<plant id>.<version>.<mac>`, the plant's elements_version when the answer
 * began, signed with a key derived from the server's secret and bound to the plant (its id and
 * creation time). Opaque to the device. A cursor the server cannot serve is simply not one: the
 * answer is then full. That is a malformed or forged one (wrong mac, another secret), one of another
 * plant, or one newer than the plant (the database was restored from an older copy, or the plant
 * made again under the same id). Cursors do not expire: tombstones are kept, so any older version
 * can be served incrementally.
 */

/**
 * 2 since the PPI sections (issue 36): a cursor of format 1 was given to a device that has no PPI
 * data, so it is not one (the next answer is full). 3 since an administrator downloads every PPI of
 * the plant, not only those they are linked to: an incremental answer to an older cursor would list
 * those PPIs without their links and results.
 */
const FORMAT = '3';
const MAC_LENGTH = 22;

export interface CursorPlant {
  id: number;
  created_at: string;
  elements_version: number;
}

export class SyncCursors {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('heliotrack sync cursor').digest();
  }

  private mac(plant: Pick<CursorPlant, 'id' | 'created_at'>, version: number) {
    return createHmac('sha256', this.key).update(`${FORMAT}|${plant.id}|${plant.created_at}|${version}`).digest('base64url').slice(0, MAC_LENGTH);
  }

  /** The cursor of an answer that holds everything up to the plant's current version. */
  encode(plant: CursorPlant) {
    return `${FORMAT}.${plant.id}.${plant.elements_version}.${this.mac(plant, plant.elements_version)}`;
  }

  /** The version a cursor stands for, or null when this plant's answer must be full. */
  decode(cursor: string | undefined, plant: CursorPlant): number | null {
    const match = cursor?.match(/^(\d+)\.(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{22})$/);
    if (!match || match[1] !== FORMAT || Number(match[2]) !== plant.id) return null;
    const version = Number(match[3]);
    const given = Buffer.from(match[4]);
    const expected = Buffer.from(this.mac(plant, version));
    if (!timingSafeEqual(given, expected) || version > plant.elements_version) return null;
    return version;
  }
}
