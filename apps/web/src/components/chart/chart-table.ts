import type { ChartOption } from './chart-option';

/**
 * Issue 34: a chart's text alternative, the figures it draws as a table, read from its ECharts option:
 * pies give one row per slice; charts on a category axis give one row per category and one column
 * per series. Anything else (no category axis) gives no table.
 */
export interface ChartTable {
  columns: string[];
  rows: { label: string; values: (number | null)[] }[];
}

interface Series {
  type?: string;
  name?: string;
  data?: unknown[];
}
interface Axis {
  type?: string;
  data?: unknown[];
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** A data item's number: 12, { value: 12 }, or the value end of [category, 12]. */
function numberOf(item: unknown, valueIndex: number): number | null {
  const value = item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as { value?: unknown }).value : item;
  const scalar = Array.isArray(value) ? value[valueIndex] : value;
  return typeof scalar === 'number' && Number.isFinite(scalar) ? scalar : null;
}

function labelOf(item: unknown): string {
  if (item !== null && typeof item === 'object') return String((item as { value?: unknown }).value ?? '');
  return String(item ?? '');
}

export function chartTable(option: ChartOption, valueLabel: string): ChartTable | null {
  const series = asArray(option.series as Series | Series[] | undefined);
  const pie = series.find((s) => s.type === 'pie');
  if (pie) {
    return {
      columns: [valueLabel],
      rows: (pie.data ?? []).map((item) => ({
        label: String((item as { name?: unknown }).name ?? ''),
        values: [numberOf(item, 1)],
      })),
    };
  }
  const xAxis = asArray(option.xAxis as Axis | Axis[] | undefined)[0];
  const yAxis = asArray(option.yAxis as Axis | Axis[] | undefined)[0];
  // Horizontal bars put the categories on the y axis; the value is then the first of a pair.
  const categoryAxis = xAxis?.type === 'category' ? xAxis : yAxis?.type === 'category' ? yAxis : undefined;
  if (!categoryAxis?.data) return null;
  const valueIndex = categoryAxis === xAxis ? 1 : 0;
  const shown = series.filter((s) => Array.isArray(s.data));
  return {
    columns: shown.map((s, index) => s.name ?? `${valueLabel} ${index + 1}`),
    rows: categoryAxis.data.map((category, row) => ({
      label: labelOf(category),
      values: shown.map((s) => numberOf(s.data![row], valueIndex)),
    })),
  };
}
