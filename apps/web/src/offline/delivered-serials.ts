import type { DeliveredSerialsAll } from '@heliotrack/domain/serials';
import { request } from '../lib/http-client';
import type { LocalStore } from './local-store';

/*
 * The plant's delivered serials (the modules' delivery notes) kept on the device, so that the scan
 * screens flag "unregistered" at once and offline (issue 19). Downloaded with the plant, and again at
 * each sync; an empty list means the plant keeps none, and then nothing is unregistered.
 */
const CHUNK = 400;

export async function storeDeliveredSerials(store: LocalStore, plantId: number, serials: readonly string[]): Promise<void> {
  const statements: { sql: string; params: (string | number)[] }[] = [{ sql: 'DELETE FROM delivered_serial WHERE plant_id = ?', params: [plantId] }];
  for (let i = 0; i < serials.length; i += CHUNK) {
    const chunk = serials.slice(i, i + CHUNK);
    statements.push({
      sql: `INSERT OR IGNORE INTO delivered_serial (plant_id, serial) VALUES ${chunk.map(() => '(?, ?)').join(', ')}`,
      params: chunk.flatMap((serial) => [plantId, serial]),
    });
  }
  await store.call('transaction', statements);
}

/** The list kept on the device; null when the plant has none. */
export async function storedDeliveredSerials(store: LocalStore, plantId: number): Promise<Set<string> | null> {
  const rows = (await store.call('select', 'SELECT serial FROM delivered_serial WHERE plant_id = ?', [plantId])) as unknown as { serial: string }[];
  return rows.length ? new Set(rows.map((row) => row.serial)) : null;
}

/** Fetches the plant's list from the server and keeps it (quiet: the sync's path, no dialogs). */
export async function downloadDeliveredSerials(store: LocalStore, plantId: number, options: { quiet?: boolean } = {}): Promise<number> {
  const all = await request<DeliveredSerialsAll>(`plants/${plantId}/delivered-serials/all/`, { quiet: options.quiet });
  await storeDeliveredSerials(store, plantId, all.serials);
  return all.serials.length;
}
