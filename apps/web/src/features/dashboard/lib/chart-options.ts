import type { ElementsByState } from '@heliotrack/domain/dashboard';
import type { MilestoneFollowup } from '@heliotrack/domain/milestones';
import type { ChartOption } from '../../../components/chart/chart-option';
import type { ChartKind } from './custom-charts';
import type { OkSplit } from './compare';

/**
 * ECharts options of the dashboard, built from API answers by pure functions: the labels come in
 * already translated and the numbers go out through the given formatters (the user's locale).
 */

export interface Formatters {
  integer: (value: number) => string;
  percent: (ratio: number) => string;
  day: (day: string) => string;
}

export const OK_COLOR = '#2f9e44';
export const NOT_OK_COLOR = '#e03131';
export const NO_STATE_COLOR = '#ced4da';
const OK_START_COLOR = '#8ce99a';
const NOT_OK_START_COLOR = '#ffa8a8';
const PLANNED_COLOR = '#868e96';
const ACTUAL_COLOR = '#f08c00';

const base = {
  animationDuration: 300,
};

interface ItemParams {
  name: string;
  seriesName: string;
  value: number;
  data: { value: number; count?: number } | number;
  percent?: number;
  marker?: string;
}

function countOf(params: ItemParams): number {
  return typeof params.data === 'object' && params.data !== null && params.data.count !== undefined
    ? params.data.count
    : Number(params.value);
}

export interface ProgressRow {
  /** The element type's name as shown. */
  label: string;
  answer: ElementsByState;
}

/**
 * Progress per element type: one horizontal bar per type, 100 % wide, split by state in the states'
 * colours (percent, so a type of 10 CTRs reads as well as one of 20,000 modules; the count is in the
 * tooltip). Elements with no state close the bar in grey.
 */
export function progressByTypeOption(
  rows: ProgressRow[],
  labels: { noState: string; share: string },
  format: Formatters,
): ChartOption {
  const stateSeries = new Map<
    number,
    { name: string; color: string; data: ({ value: number; count: number } | null)[] }
  >();
  rows.forEach((row, index) => {
    for (const state of row.answer.states) {
      let series = stateSeries.get(state.state);
      if (!series) {
        series = { name: state.name, color: `#${state.color}`, data: rows.map(() => null) };
        stateSeries.set(state.state, series);
      }
      series.data[index] = {
        value: row.answer.total > 0 ? (state.count / row.answer.total) * 100 : 0,
        count: state.count,
      };
    }
  });
  const noState = {
    name: labels.noState,
    color: NO_STATE_COLOR,
    data: rows.map((row) => ({
      value: row.answer.total > 0 ? (row.answer.no_state / row.answer.total) * 100 : 0,
      count: row.answer.no_state,
    })),
  };
  const series = [...stateSeries.values(), noState].map((s) => ({
    type: 'bar' as const,
    name: s.name,
    stack: 'share',
    itemStyle: { color: s.color },
    barMaxWidth: 28,
    emphasis: { focus: 'series' as const },
    data: s.data.map((item) => item ?? '-'),
  }));
  return {
    ...base,
    grid: {
      left: 8,
      right: 16,
      top: 8,
      bottom: 56,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    legend: { type: 'scroll', bottom: 0 },
    tooltip: {
      trigger: 'item',
      formatter: (params: ItemParams) =>
        `${params.name}<br/>${params.marker ?? ''}${params.seriesName}: <b>${format.integer(countOf(params))}</b> (${format.percent(Number(params.value) / 100)})`,
    },
    xAxis: {
      type: 'value',
      max: 100,
      interval: 25,
      name: labels.share,
      nameLocation: 'middle',
      nameGap: 24,
      axisLabel: { formatter: (value: number) => format.percent(value / 100) },
    },
    yAxis: { type: 'category', inverse: true, data: rows.map((row) => row.label) },
    series,
  };
}

/** S-curve of a milestone: planned (linear to the target) and actual, cumulative per day. */
export function sCurveOption(
  followup: MilestoneFollowup,
  labels: { planned: string; actual: string; elements: string },
  format: Formatters,
): ChartOption {
  return {
    ...base,
    grid: {
      left: 8,
      right: 48,
      top: 32,
      bottom: 40,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    legend: { bottom: 0 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: number) => format.integer(Math.round(Number(value))),
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: followup.points.map((point) => format.day(point.date)),
    },
    yAxis: {
      type: 'value',
      name: labels.elements,
      axisLabel: { formatter: (value: number) => format.integer(value) },
    },
    series: [
      {
        type: 'line',
        name: labels.planned,
        showSymbol: false,
        lineStyle: { type: 'dashed', width: 2 },
        itemStyle: { color: PLANNED_COLOR },
        data: followup.points.map((point) => point.planned),
      },
      {
        type: 'line',
        name: labels.actual,
        showSymbol: false,
        lineStyle: { width: 3 },
        areaStyle: { opacity: 0.12 },
        itemStyle: { color: ACTUAL_COLOR },
        data: followup.points.map((point) => point.actual),
        markLine: {
          silent: true,
          symbol: 'none',
          lineStyle: { color: PLANNED_COLOR, type: 'dotted' },
          label: { formatter: () => format.integer(followup.target_count) },
          data: [{ yAxis: followup.target_count }],
        },
      },
    ],
  };
}

export interface PlanningSplit {
  inPlanning: number;
  others: number;
}

/** Elements of the milestone's type in its target state (or past it) against the rest of the type. */
export function planningSplit(answer: ElementsByState, reachingStates: number[]): PlanningSplit {
  const reaching = new Set(reachingStates);
  const inPlanning = answer.states.filter((s) => reaching.has(s.state)).reduce((sum, s) => sum + s.count, 0);
  return { inPlanning, others: answer.total - inPlanning };
}

export function planningVsOthersOption(
  split: PlanningSplit,
  labels: { inPlanning: string; others: string },
  format: Formatters,
): ChartOption {
  const counts: Record<string, number> = {
    [labels.inPlanning]: split.inPlanning,
    [labels.others]: split.others,
  };
  return {
    ...base,
    // The counts go in the legend: labels around a doughnut leave the card on a narrow screen.
    legend: { bottom: 0, formatter: (name: string) => `${name}: ${format.integer(counts[name] ?? 0)}` },
    tooltip: {
      trigger: 'item',
      formatter: (params: ItemParams) =>
        `${params.marker ?? ''}${params.name}: <b>${format.integer(Number(params.value))}</b> (${format.percent((params.percent ?? 0) / 100)})`,
    },
    series: [
      {
        type: 'pie',
        radius: ['45%', '72%'],
        center: ['50%', '45%'],
        label: { show: false },
        data: [
          { name: labels.inPlanning, value: split.inPlanning, itemStyle: { color: OK_COLOR } },
          { name: labels.others, value: split.others, itemStyle: { color: NO_STATE_COLOR } },
        ],
      },
    ],
  };
}

export interface StatePoint {
  state: number;
  name: string;
  /** Hex without '#'. */
  color: string;
}

/**
 * An added chart: the chosen states of one type. Bars and pie show the counts on the filters' day
 * (`answers[answers.length - 1]`); lines show each state over the `days`, one answer per day.
 */
export function customChartOption(
  kind: ChartKind,
  states: StatePoint[],
  days: string[],
  answers: ElementsByState[],
  labels: { elements: string },
  format: Formatters,
): ChartOption {
  const countIn = (answer: ElementsByState | undefined, state: number) =>
    answer?.states.find((s) => s.state === state)?.count ?? 0;
  const last = answers[answers.length - 1];
  if (kind === 'line') {
    return {
      ...base,
      grid: {
        left: 8,
        right: 24,
        top: 32,
        bottom: 40,
        outerBoundsMode: 'same',
        outerBoundsContain: 'axisLabel',
      },
      legend: { bottom: 0 },
      tooltip: { trigger: 'axis', valueFormatter: (value: number) => format.integer(Number(value)) },
      xAxis: { type: 'category', boundaryGap: false, data: days.map(format.day) },
      yAxis: {
        type: 'value',
        name: labels.elements,
        axisLabel: { formatter: (v: number) => format.integer(v) },
      },
      series: states.map((state) => ({
        type: 'line',
        name: state.name,
        itemStyle: { color: `#${state.color}` },
        data: answers.map((answer) => countIn(answer, state.state)),
      })),
    };
  }
  const data = states.map((state) => ({
    name: state.name,
    value: countIn(last, state.state),
    itemStyle: { color: `#${state.color}` },
  }));
  if (kind === 'pie') {
    return {
      ...base,
      legend: { bottom: 0, type: 'scroll' },
      tooltip: {
        trigger: 'item',
        formatter: (params: ItemParams) =>
          `${params.marker ?? ''}${params.name}: <b>${format.integer(Number(params.value))}</b> (${format.percent((params.percent ?? 0) / 100)})`,
      },
      series: [{ type: 'pie', radius: '68%', center: ['50%', '45%'], data }],
    };
  }
  return {
    ...base,
    grid: {
      left: 8,
      right: 16,
      top: 32,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    tooltip: { trigger: 'item', valueFormatter: (value: number) => format.integer(Number(value)) },
    xAxis: { type: 'category', data: states.map((state) => state.name), axisLabel: { interval: 0 } },
    yAxis: {
      type: 'value',
      name: labels.elements,
      axisLabel: { formatter: (v: number) => format.integer(v) },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 48,
        data,
        label: { show: true, position: 'top', formatter: (p: ItemParams) => format.integer(Number(p.value)) },
      },
    ],
  };
}

export interface CompareChartRow {
  label: string;
  start: OkSplit;
  end: OkSplit;
}

/** Per element type two stacked bars, ok and not ok at the start date and at the end date. */
export function compareOption(
  rows: CompareChartRow[],
  labels: { okStart: string; notOkStart: string; okEnd: string; notOkEnd: string; elements: string },
  format: Formatters,
): ChartOption {
  const bar = (name: string, stack: string, color: string, values: number[]) => ({
    type: 'bar' as const,
    name,
    stack,
    barMaxWidth: 40,
    itemStyle: { color },
    data: values,
  });
  return {
    ...base,
    grid: {
      left: 8,
      right: 16,
      top: 32,
      bottom: 40,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    legend: { bottom: 0 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: number) => format.integer(Number(value)),
    },
    xAxis: { type: 'category', data: rows.map((row) => row.label) },
    yAxis: {
      type: 'value',
      name: labels.elements,
      axisLabel: { formatter: (v: number) => format.integer(v) },
    },
    series: [
      bar(
        labels.okStart,
        'start',
        OK_START_COLOR,
        rows.map((row) => row.start.ok),
      ),
      bar(
        labels.notOkStart,
        'start',
        NOT_OK_START_COLOR,
        rows.map((row) => row.start.notOk),
      ),
      bar(
        labels.okEnd,
        'end',
        OK_COLOR,
        rows.map((row) => row.end.ok),
      ),
      bar(
        labels.notOkEnd,
        'end',
        NOT_OK_COLOR,
        rows.map((row) => row.end.notOk),
      ),
    ],
  };
}

/** Marker colour of a plant on the situation map: red under a third ok, amber under two thirds, green. */
export function progressColor(okShare: number): string {
  if (okShare >= 2 / 3) return OK_COLOR;
  if (okShare >= 1 / 3) return '#f08c00';
  return NOT_OK_COLOR;
}

/** A plant's overall progress: ok elements over all its elements. */
export function plantOkShare(okByType: { total: number; ok: number }[]): number {
  const total = okByType.reduce((sum, t) => sum + t.total, 0);
  return total > 0 ? okByType.reduce((sum, t) => sum + t.ok, 0) / total : 0;
}
