import type { LocalDatabase, Statement } from './local-database';
import { forgetPlant } from './local-queries';

/*
 * Plants the user can no longer see (issue 38): access withdrawn, the plant deleted, or the user
 * moved to another organisation. Their data leaves the device, but never before the work recorded
 * on them has been settled: while an outbox entry touches the plant (its path names it or one of its
 * elements), the plant stays, so the entry can still be sent or, once refused, read and discarded.
 */
export interface LostPlants {
  /** Removed from this device now, with their names for the notice. */
  removed: { id: number; name: string }[];
  /** Not visible any more, kept until their waiting or refused entries are gone. */
  kept: number[];
}

/** Whether an outbox entry of any status still touches the plant. */
async function hasOutboxWork(db: LocalDatabase, plantId: number): Promise<boolean> {
  const [row] = await db.select<{ n: number }>(
    `SELECT count(*) AS n FROM outbox o
      WHERE json_extract(o.payload, '$.path') LIKE ?
         OR EXISTS (SELECT 1 FROM json_each(json_extract(o.payload, '$.element_ids')) j
                      JOIN element e ON e.id = j.value WHERE e.plant_id = ?)`,
    [`plants/${plantId}/%`, plantId],
  );
  return (row?.n ?? 0) > 0;
}

function removalOf(plantId: number): Statement[] {
  const byPlant = (table: string, column = 'plant_id') => ({
    sql: `DELETE FROM ${table} WHERE ${column} = ?`,
    params: [plantId],
  });
  return [
    {
      sql: 'DELETE FROM element_to_scan WHERE scan_id IN (SELECT id FROM scans WHERE plant_id = ?)',
      params: [plantId],
    },
    byPlant('scans'),
    // The plant's PPIs with their links and results (schema 26); the organisation's equipment once no other plant is held.
    { sql: 'DELETE FROM ppi_result WHERE ppi_id IN (SELECT id FROM ppi WHERE plant_id = ?)', params: [plantId] },
    { sql: 'DELETE FROM ppi_element WHERE ppi_id IN (SELECT id FROM ppi WHERE plant_id = ?)', params: [plantId] },
    byPlant('ppi'),
    {
      sql: 'DELETE FROM calibration_equipment WHERE NOT EXISTS (SELECT 1 FROM plant_download WHERE plant_id <> ?)',
      params: [plantId],
    },
    byPlant('element_overview'),
    byPlant('element'),
    byPlant('element_state_change'),
    byPlant('plant_state'),
    byPlant('plant_contractor'),
    byPlant('delivered_serial'),
    byPlant('pending_document'),
    byPlant('imagery_tile'),
    byPlant('imagery_download'),
    byPlant('plant_download'),
    byPlant('plant', 'id'),
  ];
}

/**
 * Removes the downloaded plants that are not in `visible` (the ids the server lists for the user
 * now) and hold no outbox work. The caller asks the server for `visible` only when it answered.
 */
export async function removeLostPlants(db: LocalDatabase, visible: number[]): Promise<LostPlants> {
  const seen = new Set(visible);
  const held = await db.select<{ id: number; name: string | null }>(
    'SELECT d.plant_id AS id, p.name FROM plant_download d LEFT JOIN plant p ON p.id = d.plant_id ORDER BY d.plant_id',
  );
  const result: LostPlants = { removed: [], kept: [] };
  for (const plant of held.filter((p) => !seen.has(p.id))) {
    if (await hasOutboxWork(db, plant.id)) {
      result.kept.push(plant.id);
      continue;
    }
    await db.transaction(removalOf(plant.id));
    forgetPlant(plant.id);
    result.removed.push({ id: plant.id, name: plant.name ?? String(plant.id) });
  }
  return result;
}
