import { DEFAULT_SCAN_CODE_LENGTH } from '@heliotrack/domain/constants';
import type { Db } from '../db/database';
import { toFlag } from '../db/dialect';
import { nowIso } from '../lib/time';
import { insertDeliveredSerials, refreshUnregisteredFlags } from '../modules/serials/serials.repository';

/*
 * Serial scanning in the demo (issue 19): the plant's delivered-serial list (its delivery notes) and
 * a few modules carrying each flag, so that the element table's serial filters find something.
 * Deterministic: positions in the list of scanned modules, no randomness.
 */

/** One module serial in this many is on no delivery note: scanned, it is unregistered. */
const UNDELIVERED_EVERY = 40;
/** Scanned modules (by position) given a neighbour's serial: both become duplicated. */
const DUPLICATED_AT = [10, 20, 30];
/** Scanned modules (by position) whose serial lost its last character: invalid length (and unregistered). */
const TRUNCATED_AT = [5, 15];

export async function seedDemoSerials(db: Db, plantId: number) {
  const modules = await db
    .selectFrom('elements')
    .innerJoin('element_types', 'element_types.id', 'elements.type_id')
    .select(['elements.id', 'elements.serial'])
    .where('elements.plant_id', '=', plantId)
    .where('element_types.code', '=', 'MOD')
    .orderBy('elements.id')
    .execute();
  const scanned = modules.filter((m) => m.serial !== '');
  if (scanned.length <= Math.max(...DUPLICATED_AT, ...TRUNCATED_AT) + 1) return;

  // The modules' serials are a 7-character prefix and a number from 1 per module (demo/progress.ts):
  // the notes list every module of the plant, scanned or not yet, less one in UNDELIVERED_EVERY.
  const prefix = scanned[0].serial.slice(0, 7);
  const delivered: string[] = [];
  for (let n = 1; n <= modules.length; n++)
    if (n % UNDELIVERED_EVERY !== 0) delivered.push(prefix + String(n).padStart(7, '0'));
  await insertDeliveredSerials(db, plantId, delivered, nowIso());

  const edits = new Map<number, string>();
  for (const at of DUPLICATED_AT) edits.set(scanned[at].id, scanned[at + 1].serial);
  for (const at of TRUNCATED_AT)
    edits.set(scanned[at].id, scanned[at].serial.slice(0, DEFAULT_SCAN_CODE_LENGTH - 1));
  for (const [id, serial] of edits)
    await db.updateTable('elements').set({ serial }).where('id', '=', id).execute();

  // The flags as serial-scan would have computed them, in the plant's first version (no device holds a cursor yet).
  const { elements_version: version } = await db
    .selectFrom('plants')
    .select('elements_version')
    .where('id', '=', plantId)
    .executeTakeFirstOrThrow();
  const serialOf = new Map(scanned.map((m) => [m.id, edits.get(m.id) ?? m.serial]));
  const holders = new Map<string, number>();
  for (const serial of serialOf.values()) holders.set(serial, (holders.get(serial) ?? 0) + 1);
  for (const [id, serial] of serialOf) {
    const duplicated = (holders.get(serial) ?? 0) > 1;
    const invalid = serial.length !== DEFAULT_SCAN_CODE_LENGTH;
    if (duplicated || invalid) {
      await db
        .updateTable('elements')
        .set({ is_serial_duplicated: toFlag(duplicated), is_serial_invalid_length: toFlag(invalid) })
        .where('id', '=', id)
        .execute();
    }
  }
  await refreshUnregisteredFlags(db, plantId, true, version);
}
