import type { Plant } from '@heliotrack/domain/plants';
import type { Db } from '../../db/database';
import { listVisiblePlants } from '../access/access.repository';
import type { CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';
import { countUnresolvedByPlant } from '../../lib/sync-review-counts.repository';
import { countElementsByPlant } from '../../lib/plant-reads.repository';
import { toPlantDto } from '../../lib/plant-dto';

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
