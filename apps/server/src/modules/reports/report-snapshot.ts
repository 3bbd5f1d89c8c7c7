import { ADMIN_ROLE, type Language } from '@heliotrack/domain/constants';
import { reportCatalogue, reportTypeName } from '@heliotrack/domain/i18n/reports';
import type { AnomalyEffects, ElementsByState, ElementsOk } from '@heliotrack/domain/dashboard';
import type { MilestoneFollowup } from '@heliotrack/domain/milestones';
import type { ReportKind } from '@heliotrack/domain/reports';
import type { Db } from '../../db/database';
import type { PlantRow } from '../../db/schema';
import type { CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';

/*
 * What a report shows, gathered once when its job runs and stored as JSON: the PDF and the xlsx are
 * both rendered from it, and a historic report keeps the figures of its day. Every figure comes
 * from the same services and SQL aggregates as the dashboard, elements-ok, elements-by-state and the
 * milestone follow-up endpoints, so a report never disagrees with the screens (and never loads
 * elements into memory).
 */

export interface SnapshotState {
  state: number;
  code: string;
  name: string;
  color: string;
  is_ok: boolean;
  count: number;
}

export interface SnapshotType {
  element_type: number;
  code: string;
  /** The glossary name in the report's language for the standard types, the organisation's otherwise. */
  name: string;
  total: number;
  ok: number;
  not_ok: number;
  no_state: number;
  /** ok / total, 0 to 1. */
  ok_share: number;
  states: SnapshotState[];
}

export interface SnapshotMilestone {
  id: number;
  name: string;
  element_type: { id: number; code: string; name: string };
  state: { id: number; name: string };
  target_count: number;
  target_date: string;
  start_date: string;
  /** Planned and actual at the report date (actual counts every change up to the end of that day). */
  planned_at_date: number;
  actual_at_date: number;
  /** The S-curve: actual is null after the report date (not known yet). */
  points: { date: string; planned: number; actual: number | null }[];
}

export interface ReportSnapshot {
  kind: ReportKind;
  language: Language;
  /** YYYY-MM-DD (UTC) the figures are of. */
  report_date: string;
  generated_at: string;
  plant: {
    id: number;
    code: string;
    name: string;
    power: number;
    location: string;
    start_date: string | null;
  };
  element_type: { id: number; code: string; name: string } | null;
  element_count: number;
  types: SnapshotType[];
  /** Of the whole plant: an anomaly of a string affects its modules whatever type the report is about. */
  anomalies: AnomalyEffects;
  milestones: SnapshotMilestone[];
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The job runs without a caller (access was checked when the report was asked for, and the daily
 * snapshots have no author): it reads through the same services as an administrator of the plant's
 * organisation would.
 */
export function organisationReader(clientId: number, language: string): CurrentUser {
  return { id: 0, clientId, email: '', name: '', language, roles: [ADMIN_ROLE], isAdmin: true };
}

export interface SnapshotRequest {
  clientId: number;
  plantId: number;
  kind: ReportKind;
  elementTypeId: number | null;
  language: Language;
  /** Creation time of the report (ISO); the report date is its UTC day. */
  createdAt: string;
}

/**
 * What a report reads of the dashboard and of the milestones, with their rules: buildApp hands in
 * their services (DashboardService.plantFigures, MilestonesService.reportProgress), so reports never
 * import those modules.
 */
export interface ReportSources {
  dashboard: {
    plantFigures(
      reader: CurrentUser,
      plant: PlantRow,
      elementTypeId: number | null,
    ): Promise<{
      ok: ElementsOk;
      byState: ElementsByState;
      types: { id: number; code: string; name: string }[];
      states: { id: number; name: string }[];
      anomalies: AnomalyEffects;
    }>;
  };
  milestones: {
    reportProgress(
      reader: CurrentUser,
      plantId: number,
      elementTypeId: number | null,
    ): Promise<
      {
        milestone: { id: number; name: string; element_type_id: number; state_id: number; target_count: number; target_date: string };
        followup: MilestoneFollowup;
        firsts: { day: string; count: number }[];
      }[]
    >;
  };
}

export async function collectSnapshot(
  db: Db,
  sources: ReportSources,
  req: SnapshotRequest,
  onProgress: (share: number) => Promise<void>,
): Promise<ReportSnapshot> {
  const reader = organisationReader(req.clientId, req.language);
  const words = reportCatalogue(req.language);
  const plant = await requirePlant(db, reader, req.plantId);
  const reportDate = req.createdAt.slice(0, 10);

  const { ok: okRows, byState, types, states, anomalies } = await sources.dashboard.plantFigures(reader, plant, req.elementTypeId);
  await onProgress(0.3);

  const snapshotTypes: SnapshotType[] = okRows
    .filter((row) => (req.elementTypeId === null ? row.total > 0 : row.element_type === req.elementTypeId))
    .map((row) => ({
      element_type: row.element_type,
      code: row.code,
      name: reportTypeName(words, row),
      total: row.total,
      ok: row.ok,
      not_ok: row.not_ok,
      no_state: row.no_state,
      ok_share: row.total > 0 ? round(row.ok / row.total, 4) : 0,
      states: byState.states
        .filter((s) => s.element_type === row.element_type)
        .map((s) => ({
          state: s.state,
          code: s.code,
          name: s.name,
          color: s.color,
          is_ok: s.is_ok,
          count: s.count,
        })),
    }));

  await onProgress(0.5);

  const typeById = new Map(types.map((t) => [t.id, t]));
  const stateById = new Map(states.map((s) => [s.id, s]));
  const snapshotMilestones: SnapshotMilestone[] = [];
  for (const { milestone: row, followup, firsts } of await sources.milestones.reportProgress(reader, plant.id, req.elementTypeId)) {
    const actualAtDate = firsts.filter((f) => f.day <= reportDate).reduce((sum, f) => sum + f.count, 0);
    const plannedAtDate =
      reportDate >= followup.target_date
        ? followup.target_count
        : reportDate < followup.start_date
          ? 0
          : (followup.points.find((p) => p.date === reportDate)?.planned ?? 0);
    const type = typeById.get(row.element_type_id);
    snapshotMilestones.push({
      id: row.id,
      name: row.name,
      element_type: {
        id: row.element_type_id,
        code: type?.code ?? '',
        name: type ? reportTypeName(words, type) : '',
      },
      state: { id: row.state_id, name: stateById.get(row.state_id)?.name ?? '' },
      target_count: row.target_count,
      target_date: row.target_date,
      start_date: followup.start_date,
      planned_at_date: plannedAtDate,
      actual_at_date: actualAtDate,
      points: followup.points.map((p) => ({
        date: p.date,
        planned: p.planned,
        actual: p.date <= reportDate ? p.actual : null,
      })),
    });
  }
  await onProgress(0.6);

  const elementType = req.elementTypeId === null ? null : typeById.get(req.elementTypeId);
  return {
    kind: req.kind,
    language: req.language,
    report_date: reportDate,
    generated_at: new Date().toISOString(),
    plant: {
      id: plant.id,
      code: plant.code,
      name: plant.name,
      power: plant.power,
      location: plant.location,
      start_date: plant.start_date,
    },
    element_type: elementType
      ? { id: elementType.id, code: elementType.code, name: reportTypeName(words, elementType) }
      : null,
    element_count: snapshotTypes.reduce((sum, t) => sum + t.total, 0),
    types: snapshotTypes,
    anomalies,
    milestones: snapshotMilestones,
  };
}
