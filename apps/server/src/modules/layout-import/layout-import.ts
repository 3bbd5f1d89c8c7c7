import { bbox, toWkt } from '@heliotrack/domain/geometry';
import type { Language } from '@heliotrack/domain/constants';
import { type ApiMessageKey, translate } from '@heliotrack/domain/i18n/translate';
import type { Db } from '../../db/database';
import type { NewElement, PlantRow } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { type FeatureError, type FeatureErrorCode, type LayoutFeature, readLayoutFeatures } from './layout-features';
import { takeElementsVersion, lockPlant } from '../../lib/plant-writes.repository';
import {
  type ElementLayoutUpdate,
  findElementKeys,
  insertElements,
  insertElementsReturningIds,
  listElementTypeIds,
  listStartStates,
  pointCtrsAtThemselves,
  updateElements,
} from './layout-import.repository';
import type { LayoutFeatureCollection, LayoutImportResult } from './layout-import.schemas';

/*
 * A GeoJSON layout planned against the plant and written (importLayout): used by the API's import,
 * by the file import (DXF, KML) once its layers are mapped, and by the command-line import.
 */

/** Errors listed in a preview; `error_count` tells how many there are in all. */
export const MAX_LISTED_ERRORS = 1000;
const CTR = 'CTR';

const ERROR_MESSAGES: Record<FeatureErrorCode, ApiMessageKey> = {
  invalid_feature: 'layoutImport.invalidFeature',
  missing_geometry: 'layoutImport.missingGeometry',
  unsupported_geometry: 'layoutImport.unsupportedGeometry',
  invalid_geometry: 'layoutImport.invalidGeometry',
  out_of_range: 'layoutImport.outOfRange',
  missing_type: 'layoutImport.missingType',
  unknown_type: 'layoutImport.unknownType',
  missing_code: 'layoutImport.missingCode',
  too_long: 'layoutImport.tooLong',
  duplicate_code: 'layoutImport.duplicateCode',
  unknown_ctr: 'layoutImport.unknownCtr',
};

export function featureErrorMessage(error: FeatureError, language: Language) {
  return translate(language, ERROR_MESSAGES[error.code], error.params);
}

export interface LayoutImportOutcome {
  /** The answer, with error messages still to translate. */
  summary: Omit<LayoutImportResult, 'errors'>;
  errors: FeatureError[];
  /** True when elements were written. */
  written: boolean;
}

interface ImportPlan {
  summary: LayoutImportOutcome['summary'];
  errors: FeatureError[];
  importable: LayoutFeature[];
  ctrTypeId: number | undefined;
  /** Existing element ids by type id, then code. */
  existing: Map<number, Map<string, number>>;
}

/** Reads and checks every feature against the plant as it is: what would be added, updated, refused. */
async function planImport(db: Db, plant: PlantRow, collection: LayoutFeatureCollection, dryRun: boolean): Promise<ImportPlan> {
  const types = await listElementTypeIds(db, plant.client_id);
  const typeIds = new Map(types.map((t) => [t.code.toUpperCase(), t.id]));
  const { features, errors } = readLayoutFeatures(collection.features, typeIds);

  // Existing elements by type, then code; CTRs always, for the `ctr` of any feature.
  const ctrTypeId = typeIds.get(CTR);
  const lookupTypeIds = new Set(features.map((f) => f.typeId));
  if (ctrTypeId !== undefined) lookupTypeIds.add(ctrTypeId);
  const existing = new Map<number, Map<string, number>>([...lookupTypeIds].map((id) => [id, new Map()]));
  for (const e of await findElementKeys(db, plant.id, [...lookupTypeIds])) existing.get(e.type_id)!.set(e.code, e.id);

  // A feature's `ctr` names a CTR of the plant or of the file.
  const ctrCodes = new Set(ctrTypeId === undefined ? [] : existing.get(ctrTypeId)!.keys());
  for (const f of features) if (f.typeId === ctrTypeId) ctrCodes.add(f.code);
  const importable: LayoutFeature[] = [];
  for (const f of features) {
    if (f.ctrCode !== undefined && !ctrCodes.has(f.ctrCode)) errors.push({ index: f.index, code: 'unknown_ctr', params: { ctr: f.ctrCode } });
    else importable.push(f);
  }
  errors.sort((a, b) => a.index - b.index);

  const counts: Record<string, number> = {};
  let updated = 0;
  for (const f of importable) {
    counts[f.typeCode] = (counts[f.typeCode] ?? 0) + 1;
    if (existing.get(f.typeId)!.has(f.code)) updated++;
  }
  const summary = { dry_run: dryRun, total: collection.features.length, counts, created: importable.length - updated, updated, error_count: errors.length };
  return { summary, errors, importable, ctrTypeId, existing };
}

/**
 * Adds and updates the plan's elements, CTRs first so that the others can point at the new ones,
 * every row stamped with the plant's new version (offline downloads ask for what is newer).
 */
async function writeImport(db: Db, plant: PlantRow, { importable, ctrTypeId, existing }: ImportPlan) {
  const version = await takeElementsVersion(db, plant.id);
  const startStates = new Map<number, number>();
  for (const s of await listStartStates(db, plant.client_id, plant.state_group_id)) {
    if (!startStates.has(s.element_type_id)) startStates.set(s.element_type_id, s.id);
  }
  const now = nowIso();
  const ctrIds = new Map(ctrTypeId === undefined ? [] : existing.get(ctrTypeId)!);
  const write = async (batch: LayoutFeature[], isCtr: boolean) => {
    const inserts: NewElement[] = [];
    const updates: ElementLayoutUpdate[] = [];
    for (const f of batch) {
      const [minX, minY, maxX, maxY] = bbox(f.geometry);
      const layout = { geom: toWkt(f.geometry, 4326), min_x: minX, min_y: minY, max_x: maxX, max_y: maxY, updated_at: now, row_version: version };
      const ctrId = f.ctrCode !== undefined ? ctrIds.get(f.ctrCode) : undefined;
      const id = existing.get(f.typeId)!.get(f.code);
      if (id !== undefined) {
        updates.push({ id, ...layout, description: f.description, serial: f.serial, ctr_id: isCtr ? id : ctrId });
      } else {
        inserts.push({
          plant_id: plant.id,
          type_id: f.typeId,
          code: f.code,
          description: f.description ?? '',
          serial: f.serial ?? '',
          ctr_id: ctrId ?? null,
          state_id: startStates.get(f.typeId) ?? null,
          ...layout,
        });
      }
    }
    await updateElements(db, updates);
    if (!isCtr) return insertElements(db, inserts);
    const created = await insertElementsReturningIds(db, inserts);
    for (const { id, code } of created) ctrIds.set(code, id);
    await pointCtrsAtThemselves(db, created.map((c) => c.id), version);
  };
  await write(importable.filter((f) => f.typeId === ctrTypeId), true);
  await write(importable.filter((f) => f.typeId !== ctrTypeId), false);
}

/**
 * Imports (or, with dryRun, previews) a layout into a plant: the access-free core shared by the
 * endpoint and the CLI. All or nothing: with any invalid feature nothing is written; otherwise
 * one transaction adds the new elements (in the first state of their type), updates those with
 * the same type and code (keeping their id, state and history), resolves `ctr` codes and bumps the
 * plant's elements_version. The plan is made again inside the transaction, with the plant row locked
 * first, so that a concurrent import (or state change) of the plant waits: no duplicate code slips
 * between reading and writing, and writers commit in the order of their versions.
 */
export async function importLayout(db: Db, plant: PlantRow, collection: LayoutFeatureCollection, { dryRun }: { dryRun: boolean }): Promise<LayoutImportOutcome> {
  if (dryRun) {
    const { summary, errors } = await planImport(db, plant, collection, true);
    return { summary, errors, written: false };
  }
  return db.transaction().execute(async (trx) => {
    await lockPlant(trx, plant.id);
    const plan = await planImport(trx, plant, collection, false);
    const written = plan.errors.length === 0 && plan.importable.length > 0;
    if (written) await writeImport(trx, plant, plan);
    return { summary: plan.summary, errors: plan.errors, written };
  });
}
