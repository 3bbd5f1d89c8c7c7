import type { AnomalyEffects } from '@heliotrack/domain/dashboard';
import type { Db } from '../../db/database';
import { fromFlag } from '../../db/dialect';
import { countAffectedModules } from './dashboard.repository';

/** The element types whose anomalies affect the modules under them (by code prefix). */
const MODULE_PARENT_TYPES = ['STR', 'TRA', 'INV'];

/**
 * Modules affected by an anomaly, per plant: modules in a not-ok state, and the modules of a
 * string, tracker or inverter in a not-ok state. One aggregate query for all the plants.
 */
export async function affectedModulesByPlant(
  db: Db,
  plantIds: number[],
  types: { id: number; code: string }[],
  states: { id: number; is_ok: number | boolean }[],
): Promise<Map<number, number>> {
  const moduleType = types.find((t) => t.code === 'MOD');
  if (!moduleType) return new Map();
  return countAffectedModules(db, {
    plantIds,
    moduleTypeId: moduleType.id,
    parentTypeIds: types.filter((t) => MODULE_PARENT_TYPES.includes(t.code)).map((t) => t.id),
    notOkStateIds: states.filter((s) => !fromFlag(s.is_ok)).map((s) => s.id),
  });
}

/** A plant's anomaly effects; a module's power is the plant's power (MWp) shared by its modules, shown in kW. */
export function anomalyEffects(plant: {
  power: number;
  modules: number;
  notOk: number;
  affectedModules: number;
}): AnomalyEffects {
  const moduleKw = plant.modules > 0 ? (plant.power * 1000) / plant.modules : 0;
  return {
    anomaly_count: plant.notOk,
    affected_modules: plant.affectedModules,
    affected_power_kw: Math.round(plant.affectedModules * moduleKw * 1000) / 1000,
  };
}
