import type { Plant } from '@heliotrack/domain/plants';
import type { Db } from '../../db/database';
import type { PlantRow } from '../../db/schema';
import { fromFlag } from '../../db/dialect';
import { listVisiblePlants } from '../access/access.repository';
import { type CurrentUser, requirePlant } from '../access/access.service';
import { countUnresolvedByPlant } from '../../lib/sync-review-counts.repository';
import { countElementsByPlant } from './plants.repository';

export function toPlantDto(row: PlantRow, elementCount: number): Plant {
  return {
    id: row.id,
    client: row.client_id,
    structure_type: row.structure_type,
    code: row.code,
    name: row.name,
    power: row.power,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    logo_url: row.logo_url,
    image_url: row.image_url,
    mapbox_url: row.mapbox_url,
    token_url: row.token_url,
    start_date: row.start_date,
    state_group: row.state_group_id,
    contractor_group: row.contractor_group_id,
    is_serial_scan_enable: fromFlag(row.is_serial_scan_enable),
    element_count: elementCount,
    elements_version: row.elements_version,
  };
}

export class PlantsService {
  constructor(private readonly db: Db) {}

  /** `GET plants/`: with each plant's count of unresolved sync reviews (the link to its review). */
  async list(user: CurrentUser): Promise<Plant[]> {
    const rows = await listVisiblePlants(this.db, user);
    const ids = rows.map((r) => r.id);
    const [counts, unresolved] = await Promise.all([countElementsByPlant(this.db, ids), countUnresolvedByPlant(this.db, ids)]);
    return rows.map((row) => ({ ...toPlantDto(row, counts.get(row.id) ?? 0), unresolved_sync_reviews: unresolved.get(row.id) ?? 0 }));
  }

  async get(user: CurrentUser, plantId: number): Promise<Plant> {
    const row = await requirePlant(this.db, user, plantId);
    const [counts, unresolved] = await Promise.all([countElementsByPlant(this.db, [row.id]), countUnresolvedByPlant(this.db, [row.id])]);
    return { ...toPlantDto(row, counts.get(row.id) ?? 0), unresolved_sync_reviews: unresolved.get(row.id) ?? 0 };
  }
}
