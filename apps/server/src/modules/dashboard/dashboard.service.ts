import type { Dashboard } from '@heliotrack/domain/dashboard';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../../plugins/auth';
import { countElementsByPlant, listVisiblePlants } from '../plants/plants.repository';

export class DashboardService {
  constructor(private readonly db: Db) {}

  /** Figures over the plants the caller may see; aggregated in SQL, never elements in memory. */
  async summary(user: CurrentUser): Promise<Dashboard> {
    const plants = await listVisiblePlants(this.db, user);
    const plantIds = plants.map((p) => p.id);
    const counts = await countElementsByPlant(this.db, plantIds);
    const byType = plantIds.length
      ? await this.db
          .selectFrom('elements')
          .innerJoin('element_types', 'element_types.id', 'elements.type_id')
          .select(['element_types.code', 'element_types.name', (eb) => eb.fn.countAll<number>().as('count')])
          .where('elements.plant_id', 'in', plantIds)
          .groupBy(['element_types.code', 'element_types.name'])
          .orderBy('element_types.code')
          .execute()
      : [];
    const elementsByType = byType.map((r) => ({ code: r.code, name: r.name, count: Number(r.count) }));
    return {
      plant_count: plants.length,
      total_power: plants.reduce((sum, p) => sum + p.power, 0),
      module_count: elementsByType.filter((t) => t.code === 'MOD').reduce((sum, t) => sum + t.count, 0),
      element_count: elementsByType.reduce((sum, t) => sum + t.count, 0),
      elements_by_type: elementsByType,
      plants: plants.map((p) => ({
        id: p.id,
        code: p.code,
        name: p.name,
        power: p.power,
        latitude: p.latitude,
        longitude: p.longitude,
        element_count: counts.get(p.id) ?? 0,
      })),
    };
  }
}
