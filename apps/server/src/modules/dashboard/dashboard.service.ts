import {
  type AnomalyEffects,
  CHART_KINDS,
  type ChartKind,
  type Dashboard,
  type DashboardCharts,
  type DashboardChartsRequest,
  type ElementsByState,
  type ElementsByStateQuery,
  type ElementsOk,
  RECENT_INSPECTIONS,
} from '@heliotrack/domain/dashboard';
import { normaliseColor } from '@heliotrack/domain/catalogues';
import { translate } from '@heliotrack/domain/i18n/translate';
import type { Db } from '../../db/database';
import type { PlantRow } from '../../db/schema';
import { fromFlag } from '../../db/dialect';
import { VersionedCache } from '../../lib/versioned-cache';
import { ApiError, fieldError, type Message } from '../../lib/errors';
import { listVisiblePlants } from '../access/access.repository';
import type { CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';
import { affectedModulesByPlant, anomalyEffects } from './anomalies';
import { listElementTypes } from '../catalogues/catalogues.repository';
import * as repo from './dashboard.repository';
import { countUnresolvedByPlant } from '../../lib/sync-review-counts.repository';

type StateRow = Awaited<ReturnType<typeof repo.listStatesOfClient>>[number];

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The end of a UTC day, as stored times are compared: 2026-11-22 -> 2026-11-22T23:59:59.999Z. */
export const endOfDay = (date: string) => `${date}T23:59:59.999Z`;

/** The state ids of a stored chart; anything else in the JSON is dropped. */
function storedStates(json: string): number[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** Counts per (type, state) summed per state. */
function byState(rows: repo.TypeStateCount[]): { state_id: number | null; count: number }[] {
  const counts = new Map<number | null, number>();
  for (const row of rows) counts.set(row.state_id, (counts.get(row.state_id) ?? 0) + row.count);
  return [...counts].map(([state_id, count]) => ({ state_id, count }));
}

const isChartKind = (kind: string): kind is ChartKind => (CHART_KINDS as readonly string[]).includes(kind);

/** The plant's own location, else the middle of its elements' bounding box, else null. */
function centreOf(
  plant: { latitude: number | null; longitude: number | null },
  bounds: { min_x: number; min_y: number; max_x: number; max_y: number } | undefined,
): { latitude: number; longitude: number } | null {
  if (plant.latitude !== null && plant.longitude !== null) return { latitude: plant.latitude, longitude: plant.longitude };
  if (!bounds) return null;
  return { latitude: round((bounds.min_y + bounds.max_y) / 2, 7), longitude: round((bounds.min_x + bounds.max_x) / 2, 7) };
}

export class DashboardService {
  /** Each plant's elements per type and current state, per element_rows_version (see VersionedCache; PPI writes leave it). */
  private readonly counts = new VersionedCache<repo.TypeStateCount[]>(1000);

  constructor(private readonly db: Db) {}

  /** Elements per plant, type and current state; only plants changed since the last call are counted. */
  private async countByTypeAndState(plants: { id: number; element_rows_version: number }[]): Promise<repo.TypeStateCount[]> {
    const perPlant = await Promise.all(
      plants.map((plant) =>
        this.counts.get(`${plant.id}:${plant.element_rows_version}`, () => repo.countByTypeAndState(this.db, [plant.id])),
      ),
    );
    return perPlant.flat();
  }

  /** Figures over the plants the caller may see; aggregated in SQL, never elements in memory. */
  async summary(user: CurrentUser): Promise<Dashboard> {
    const plants = await listVisiblePlants(this.db, user);
    const plantIds = plants.map((p) => p.id);
    // Only plants without a location of their own need the (costlier) bounds of their elements.
    const unlocated = plants.filter((p) => p.latitude === null || p.longitude === null).map((p) => p.id);
    const [types, states, byTypeState, bounds, recentResults, unresolvedReviews] = await Promise.all([
      listElementTypes(this.db, user.clientId),
      repo.listStatesOfClient(this.db, user.clientId),
      this.countByTypeAndState(plants),
      repo.findPlantBounds(this.db, unlocated),
      repo.listRecentResults(this.db, user, RECENT_INSPECTIONS),
      countUnresolvedByPlant(this.db, plantIds),
    ]);
    const boundsByPlant = new Map(bounds.map((b) => [b.plant_id, b]));
    const stateById = new Map(states.map((s) => [s.id, s]));
    const typeById = new Map(types.map((t) => [t.id, t]));
    const moduleType = types.find((t) => t.code === 'MOD');
    const affected = await affectedModulesByPlant(this.db, plantIds, types, states);

    // Per plant and type: total, ok; per plant: anomalies and modules.
    const perPlant = new Map<number, { types: Map<number, { total: number; ok: number }>; elements: number; anomalies: number; modules: number }>();
    const byType = new Map<number, number>();
    for (const row of byTypeState) {
      let plant = perPlant.get(row.plant_id);
      if (!plant) perPlant.set(row.plant_id, (plant = { types: new Map(), elements: 0, anomalies: 0, modules: 0 }));
      const entry = plant.types.get(row.type_id) ?? { total: 0, ok: 0 };
      const state = row.state_id === null ? undefined : stateById.get(row.state_id);
      entry.total += row.count;
      plant.elements += row.count;
      if (state && fromFlag(state.is_ok)) entry.ok += row.count;
      if (state && !fromFlag(state.is_ok)) plant.anomalies += row.count;
      if (row.type_id === moduleType?.id) plant.modules += row.count;
      plant.types.set(row.type_id, entry);
      byType.set(row.type_id, (byType.get(row.type_id) ?? 0) + row.count);
    }

    const total: AnomalyEffects = { anomaly_count: 0, affected_modules: 0, affected_power_kw: 0 };
    const dashboardPlants = plants.map((p) => {
      const figures = perPlant.get(p.id);
      const anomalies = anomalyEffects({
        power: p.power,
        modules: figures?.modules ?? 0,
        notOk: figures?.anomalies ?? 0,
        affectedModules: affected.get(p.id) ?? 0,
      });
      total.anomaly_count += anomalies.anomaly_count;
      total.affected_modules += anomalies.affected_modules;
      total.affected_power_kw += anomalies.affected_power_kw;
      const okByType = [...(figures?.types ?? new Map<number, { total: number; ok: number }>()).entries()]
        .map(([typeId, t]) => {
          const type = typeById.get(typeId);
          return {
            element_type: typeId,
            code: type?.code ?? '',
            name: type?.name ?? '',
            total: t.total,
            ok: t.ok,
            ok_share: t.total > 0 ? round(t.ok / t.total, 4) : 0,
          };
        })
        .sort((a, b) => a.code.localeCompare(b.code));
      return {
        id: p.id,
        code: p.code,
        name: p.name,
        power: p.power,
        latitude: p.latitude,
        longitude: p.longitude,
        element_count: figures?.elements ?? 0,
        centre: centreOf(p, boundsByPlant.get(p.id)),
        ok_by_type: okByType,
        anomalies,
        unresolved_sync_reviews: unresolvedReviews.get(p.id) ?? 0,
      };
    });
    total.affected_power_kw = round(total.affected_power_kw);

    const elementsByType = [...byType.entries()]
      .map(([typeId, count]) => ({ code: typeById.get(typeId)?.code ?? '', name: typeById.get(typeId)?.name ?? '', count }))
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    return {
      plant_count: plants.length,
      total_power: plants.reduce((sum, p) => sum + p.power, 0),
      module_count: elementsByType.filter((t) => t.code === 'MOD').reduce((sum, t) => sum + t.count, 0),
      element_count: elementsByType.reduce((sum, t) => sum + t.count, 0),
      elements_by_type: elementsByType,
      plants: dashboardPlants,
      recent_inspections: recentResults.map((r) => ({
        id: r.id,
        ppi: { id: r.ppi_id, code: r.ppi_code },
        plant: { id: r.plant_id, code: r.plant_code, name: r.plant_name },
        activity: r.activity_name,
        element: r.element_code,
        result: r.result as 'ok' | 'not_ok' | 'na',
        author: r.author_name,
        updated_at: r.updated_at,
      })),
      anomalies: total,
    };
  }

  /**
   * One plant's figures for its report, as the dashboard shows them: elements ok per type and per
   * state (of one type, or all), and the anomaly effects (the same queries, the same formula).
   */
  async plantFigures(reader: CurrentUser, plant: PlantRow, elementTypeId: number | null) {
    const [ok, byState, types, states] = await Promise.all([
      this.elementsOk(reader, plant.id),
      this.elementsByState(reader, { plant: plant.id, element_type: elementTypeId ?? undefined }),
      listElementTypes(this.db, reader.clientId),
      repo.listStatesOfClient(this.db, reader.clientId),
    ]);
    const totals = ok.reduce(
      (sum, row) => ({ notOk: sum.notOk + row.not_ok, modules: sum.modules + (row.code === 'MOD' ? row.total : 0) }),
      { notOk: 0, modules: 0 },
    );
    const affected = await affectedModulesByPlant(this.db, [plant.id], types, states);
    const anomalies = anomalyEffects({ power: plant.power, ...totals, affectedModules: affected.get(plant.id) ?? 0 });
    return { ok, byState, types, states, anomalies };
  }

  /** `GET plants/{id}/elements-ok/`: every element type of the organisation, also those the plant lacks. */
  async elementsOk(user: CurrentUser, plantId: number): Promise<ElementsOk> {
    const plant = await requirePlant(this.db, user, plantId);
    const [types, states, rows] = await Promise.all([
      listElementTypes(this.db, user.clientId),
      repo.listStatesOfClient(this.db, user.clientId),
      this.countByTypeAndState([plant]),
    ]);
    const stateById = new Map(states.map((s) => [s.id, s]));
    return types.map((type) => {
      const result = { element_type: type.id, code: type.code, name: type.name, total: 0, ok: 0, not_ok: 0, no_state: 0 };
      for (const row of rows.filter((r) => r.type_id === type.id)) {
        const state = row.state_id === null ? undefined : stateById.get(row.state_id);
        result.total += row.count;
        if (!state) result.no_state += row.count;
        else if (fromFlag(state.is_ok)) result.ok += row.count;
        else result.not_ok += row.count;
      }
      return result;
    });
  }

  /** `GET elements-by-state/`: counts per state now, or as of the end of `target_date`. */
  async elementsByState(user: CurrentUser, query: ElementsByStateQuery): Promise<ElementsByState> {
    const plant = await requirePlant(this.db, user, query.plant);
    const types = await listElementTypes(this.db, user.clientId);
    if (query.element_type !== undefined && !types.some((t) => t.id === query.element_type)) {
      throw fieldError('element_type', 'elements.unknownElementType', { id: query.element_type });
    }
    if (query.ctr !== undefined && !(await repo.findCtrOfPlant(this.db, plant.id, query.ctr))) {
      throw fieldError('ctr', 'dashboard.unknownCtr', { id: query.ctr });
    }
    const scope = { plantId: plant.id, typeId: query.element_type, ctrId: query.ctr };
    // Today's counts: from the plant's remembered counts, unless a CTR narrows them.
    const current =
      scope.ctrId === undefined
        ? byState((await this.countByTypeAndState([plant])).filter((r) => scope.typeId === undefined || r.type_id === scope.typeId))
        : await repo.countByCurrentState(this.db, scope);
    const rows = query.target_date ? await repo.countByStateAsOf(this.db, scope, endOfDay(query.target_date), current) : current;
    const counts = new Map(rows.map((r) => [r.state_id, r.count]));
    const states = (await repo.listStatesOfClient(this.db, user.clientId)).filter(
      (s) => query.element_type === undefined || s.element_type_id === query.element_type,
    );
    const listed = new Set(states.map((s) => s.id));
    // A state of another type can only show up without a type filter; an unknown id never should.
    const stray = rows.filter((r) => r.state_id !== null && !listed.has(r.state_id)).reduce((sum, r) => sum + r.count, 0);
    return {
      plant: plant.id,
      element_type: query.element_type ?? null,
      ctr: query.ctr ?? null,
      target_date: query.target_date ?? null,
      total: rows.reduce((sum, r) => sum + r.count, 0),
      no_state: (counts.get(null) ?? 0) + stray,
      states: states.map((s: StateRow) => ({
        state: s.id,
        element_type: s.element_type_id,
        code: s.code,
        name: s.name,
        color: normaliseColor(s.color),
        is_ok: fromFlag(s.is_ok),
        count: counts.get(s.id) ?? 0,
      })),
    };
  }

  /**
   * `GET user/dashboard-charts/`: the caller's added charts, in their order. A state deleted since
   * (or moved to another type) is left out, and so is a chart left without states.
   */
  async charts(user: CurrentUser): Promise<DashboardCharts> {
    const rows = await repo.listDashboardCharts(this.db, user.id);
    if (rows.length === 0) return [];
    const states = await repo.listStatesOfClient(this.db, user.clientId);
    const typeOfState = new Map(states.map((s) => [s.id, s.element_type_id]));
    return rows.flatMap((row) => {
      const ids = storedStates(row.states).filter((id) => typeOfState.get(id) === row.element_type_id);
      if (ids.length === 0 || !isChartKind(row.kind)) return [];
      return [{ id: row.chart_id, element_type: row.element_type_id, states: ids, kind: row.kind }];
    });
  }

  /**
   * `PUT user/dashboard-charts/`: replaces the caller's charts with the list, in its order. Every
   * element type must be of the caller's organisation and every state of its chart's type; else a
   * 400 names each wrong chart's field (`charts.<index>.element_type` or `charts.<index>.states`)
   * and nothing is written.
   */
  async replaceCharts(user: CurrentUser, body: DashboardChartsRequest): Promise<DashboardCharts> {
    const [types, states] = await Promise.all([
      listElementTypes(this.db, user.clientId),
      repo.listStatesOfClient(this.db, user.clientId),
    ]);
    const typeById = new Map(types.map((t) => [t.id, t]));
    const stateById = new Map(states.map((s) => [s.id, s]));
    const errors = new Map<string, Message[]>();
    body.charts.forEach((chart, index) => {
      const type = typeById.get(chart.element_type);
      if (!type) {
        errors.set(`charts.${index}.element_type`, [['elements.unknownElementType', { id: chart.element_type }]]);
        return;
      }
      const messages: Message[] = chart.states.flatMap((id): Message[] => {
        const state = stateById.get(id);
        if (!state) return [['dashboard.unknownState', { id }]];
        if (state.element_type_id !== type.id) return [['dashboard.stateOfOtherType', { state: state.name, type: type.code }]];
        return [];
      });
      if (messages.length > 0) errors.set(`charts.${index}.states`, messages);
    });
    if (errors.size > 0) {
      throw new ApiError(400, (language) =>
        Object.fromEntries([...errors].map(([field, messages]) => [field, messages.map(([key, params]) => translate(language, key, params))])),
      );
    }
    await repo.replaceDashboardCharts(
      this.db,
      user.id,
      body.charts.map((chart) => ({ chart_id: chart.id, element_type_id: chart.element_type, kind: chart.kind, states: chart.states })),
    );
    return this.charts(user);
  }
}
