import type { InventoryItem, ItemInventoryQuery } from '@heliotrack/domain/item-inventory';
import type { Paged } from '@heliotrack/domain/pagination';
import type { Db } from '../../db/database';
import { offsetOf, pageOf } from '../../lib/pagination';
import { fieldError } from '../../lib/errors';
import { findVisiblePlant } from '../access/access.repository';
import type { CurrentUser } from '../../lib/current-user';
import * as repo from './item-inventory.repository';

export class ItemInventoryService {
  constructor(private readonly db: Db) {}

  /** `GET item-inventory/?search&type&plant`: elements across the caller's plants, with open flash reports. */
  async list(user: CurrentUser, query: ItemInventoryQuery, url: string): Promise<Paged<InventoryItem>> {
    const filters: repo.InventoryFilters = { search: query.search || undefined, elementId: query.id };
    if (query.plant !== undefined) {
      if (!(await findVisiblePlant(this.db, user, query.plant))) throw fieldError('plant', 'itemInventory.unknownPlant', { id: query.plant });
      filters.plantId = query.plant;
    }
    if (query.type !== undefined) {
      filters.typeId = await repo.findElementTypeIdByCode(this.db, user.clientId, query.type);
      if (filters.typeId === undefined) throw fieldError('type', 'itemInventory.unknownType', { code: query.type });
    }
    const count = await repo.countItems(this.db, user, filters);
    const rows = count === 0 ? [] : await repo.listItems(this.db, user, filters, query.page_size, offsetOf(query));
    const open = await repo.countOpenFlashReports(this.db, rows.map((r) => r.id));
    const results = rows.map((r) => ({
      id: r.id,
      code: r.code,
      serial: r.serial,
      plant: { id: r.plant_id, code: r.plant_code, name: r.plant_name },
      type: r.type_code,
      state: r.state_id !== null ? { id: r.state_id, name: r.state_name ?? '', color: r.state_color ?? '' } : null,
      open_flash_reports: open.get(r.id) ?? 0,
    }));
    return pageOf(results, count, query, url);
  }
}
