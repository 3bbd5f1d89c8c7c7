import { z } from 'zod';
import { CHART_KINDS, DashboardChart, MAX_CUSTOM_CHARTS, type ChartKind } from '@heliotrack/domain/dashboard';

/**
 * The charts a user added with "Add chart". They live on the server (user/dashboard-charts/, the
 * schema is the domain's DashboardChart); these are the pure steps of the dialog and the list.
 */

export { CHART_KINDS, MAX_CUSTOM_CHARTS, type ChartKind, type DashboardChart };

/** What the dialog collects before it becomes a chart. */
export interface CustomChartDraft {
  elementType: number | null;
  states: number[];
  kind: ChartKind;
}

export type CustomChartErrors = Partial<
  Record<'elementType' | 'states', 'chartTypeRequired' | 'chartStatesRequired'>
>;

export function validateCustomChart(draft: CustomChartDraft): CustomChartErrors {
  const errors: CustomChartErrors = {};
  if (draft.elementType === null) errors.elementType = 'chartTypeRequired';
  if (draft.states.length === 0) errors.states = 'chartStatesRequired';
  return errors;
}

/** A new chart identifier, of the characters the server accepts (letters, digits, '-'). */
export function newChartId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export function isFull(charts: readonly DashboardChart[]): boolean {
  return charts.length >= MAX_CUSTOM_CHARTS;
}

/** The list with the draft added at the end; unchanged when the draft is incomplete or the list full. */
export function addCustomChart(
  charts: DashboardChart[],
  draft: CustomChartDraft,
  id: string,
): DashboardChart[] {
  if (draft.elementType === null || draft.states.length === 0 || isFull(charts)) return charts;
  const chart: DashboardChart = {
    id,
    element_type: draft.elementType,
    states: [...new Set(draft.states)],
    kind: draft.kind,
  };
  return [...charts, chart];
}

export function removeCustomChart(charts: DashboardChart[], id: string): DashboardChart[] {
  return charts.filter((chart) => chart.id !== id);
}

/*
 * Before the charts moved to the server they were kept in local storage, under a key per user. A
 * user who has not logged out since still has them there: they are moved to the server once.
 */

/** The local storage key the charts were kept under. */
export function legacyChartsKey(userId: number | string): string {
  return `dashboard_charts_${userId}`;
}

const LegacyChart = z.object({
  id: z.string(),
  elementType: z.number(),
  states: z.array(z.number()),
  kind: z.enum(CHART_KINDS),
});

/** The charts of the old local storage format that are still valid charts; anything else is dropped. */
export function parseLegacyCharts(raw: string | null): DashboardChart[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const legacy = LegacyChart.safeParse(item);
    if (!legacy.success) return [];
    const chart = DashboardChart.safeParse({
      id: legacy.data.id,
      element_type: legacy.data.elementType,
      states: [...new Set(legacy.data.states)],
      kind: legacy.data.kind,
    });
    return chart.success ? [chart.data] : [];
  });
}

/** The server's charts followed by the old ones it lacks (by id), up to MAX_CUSTOM_CHARTS. */
export function mergeLegacyCharts(server: DashboardChart[], legacy: DashboardChart[]): DashboardChart[] {
  const merged = [...server];
  for (const chart of legacy) {
    if (merged.length >= MAX_CUSTOM_CHARTS) break;
    if (!merged.some((existing) => existing.id === chart.id)) merged.push(chart);
  }
  return merged;
}
