import { normaliseColor } from '@heliotrack/domain/catalogues';
import {
  ELEMENT_IDS_MAX,
  type ElementDetail,
  type ElementIds,
  type ElementIdsQuery,
  type ElementListQuery,
  type ExtraElementIdsQuery,
  type ExtraElementListQuery,
  type PlantElementsQuery,
} from '@heliotrack/domain/elements';
import type { Db } from '../../db/database';
import { fromFlag } from '../../db/dialect';
import type { PlantRow } from '../../db/schema';
import { pageOf } from '../../lib/pagination';
import { fieldError, notFound } from '../../lib/errors';
import { findElementTypeInClient } from '../catalogues/catalogues.repository';
import { matchesPath, requireExtraType, requirePathType } from '../catalogues/element-paths';
import type { CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';
import { toElementDto } from '../../lib/element-dto';
import * as repo from './elements.repository';
import { ListCounts } from './list-counts';
import { PageKeys } from './page-keys';

function toElementDetailDto(row: NonNullable<Awaited<ReturnType<typeof repo.findElementDetail>>>): ElementDetail {
  return {
    ...toElementDto(row),
    plant_id: row.plant_id,
    ctr_id: row.ctr_id,
    type: row.type_code,
    state:
      row.state_id !== null && row.state_code !== null
        ? {
            id: row.state_id,
            code: row.state_code,
            name: row.state_name ?? '',
            color: normaliseColor(row.state_color),
            is_ok: fromFlag(row.state_is_ok),
          }
        : null,
  };
}

export class ElementsService {
  private readonly counts: ListCounts;
  private readonly pages: PageKeys;

  constructor(private readonly db: Db) {
    this.counts = new ListCounts(db);
    this.pages = new PageKeys(db);
  }

  /** `GET plants/{id}/{hincas|masts|…}/` */
  async list(user: CurrentUser, plantId: number, segment: string, query: ElementListQuery, url: string) {
    const plant = await requirePlant(this.db, user, plantId);
    const path = await requirePathType(this.db, user, segment);
    // extra-elements/ has its own route with a required element_type; reaching here means it had none.
    if (path.kind === 'extra') throw fieldError('element_type', 'validation.required');
    return this.page(plant, path.type.id, query, url);
  }

  /** `GET plants/{id}/extra-elements/?element_type=ID` */
  async listExtra(user: CurrentUser, plantId: number, query: ExtraElementListQuery, url: string) {
    const plant = await requirePlant(this.db, user, plantId);
    const type = await requireExtraType(this.db, user, query.element_type, 'element_type');
    return this.page(plant, type.id, query, url);
  }

  /** `GET plants/{id}/elements/?type=CODE&ct=ID`: one type by code, or every type. */
  async listOfPlant(user: CurrentUser, plantId: number, query: PlantElementsQuery, url: string) {
    const plant = await requirePlant(this.db, user, plantId);
    let typeId: number | undefined;
    if (query.type) {
      const type = await findElementTypeInClient(this.db, user.clientId, { code: query.type.toUpperCase() });
      if (!type) throw fieldError('type', 'elements.unknownTypeCode', { code: query.type });
      typeId = type.id;
    }
    return this.page(plant, typeId, query, url);
  }

  /**
   * `GET plants/{id}/{hincas|masts|…}/ids/`: every id the list would page through for these
   * filters, in one answer, for "select all N". Extra types have their own route with element_type.
   */
  async ids(user: CurrentUser, plantId: number, segment: string, query: ElementIdsQuery): Promise<ElementIds> {
    const plant = await requirePlant(this.db, user, plantId);
    const path = await requirePathType(this.db, user, segment);
    if (path.kind === 'extra') throw fieldError('element_type', 'validation.required');
    return this.matchingIds(plant, path.type.id, query);
  }

  /** `GET plants/{id}/extra-elements/ids/?element_type=ID` */
  async idsExtra(user: CurrentUser, plantId: number, query: ExtraElementIdsQuery): Promise<ElementIds> {
    const plant = await requirePlant(this.db, user, plantId);
    const type = await requireExtraType(this.db, user, query.element_type, 'element_type');
    const { element_type: _type, ...filters } = query;
    return this.matchingIds(plant, type.id, filters);
  }

  /** `GET plants/{id}/{type}/{elementId}/`: an element of another plant or type is not found. */
  async detail(user: CurrentUser, plantId: number, segment: string, elementId: number) {
    await requirePlant(this.db, user, plantId);
    const path = await requirePathType(this.db, user, segment);
    const row = await repo.findElementDetail(this.db, plantId, elementId);
    if (!row || !matchesPath(path, row)) throw notFound();
    return toElementDetailDto(row);
  }

  private async matchingIds(plant: PlantRow, typeId: number, filters: ElementIdsQuery): Promise<ElementIds> {
    // One more than allowed tells "too many" without counting the plant a second time.
    const found = await repo.listElementIds(this.db, { plantId: plant.id, typeId }, filters, ELEMENT_IDS_MAX + 1);
    if (found.length > ELEMENT_IDS_MAX) {
      const count = await repo.countElements(this.db, { plantId: plant.id, typeId }, filters);
      throw fieldError('non_field_errors', 'elements.tooManyIds', { count, max: ELEMENT_IDS_MAX });
    }
    // A typed array sorts numbers without a comparison callback: a few ms for 400,000 ids.
    const ids = Array.from(Float64Array.from(found).sort());
    return { count: ids.length, ids };
  }

  private async page(plant: PlantRow, typeId: number | undefined, query: ElementListQuery, url: string) {
    const { page, page_size, ordering, ...filters } = query;
    const scope = { plantId: plant.id, typeId };
    const [count, rows] = await Promise.all([
      this.counts.of(plant, scope, filters),
      this.pages.page(plant, scope, { ...filters, ordering }, page, page_size),
    ]);
    return pageOf(rows.map(toElementDto), count, { page, page_size }, url);
  }
}
