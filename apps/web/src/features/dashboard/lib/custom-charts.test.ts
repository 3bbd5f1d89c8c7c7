import { describe, expect, it } from 'vitest';
import { DashboardChart } from '@heliotrack/domain/dashboard';
import {
  addCustomChart,
  isFull,
  legacyChartsKey,
  MAX_CUSTOM_CHARTS,
  mergeLegacyCharts,
  newChartId,
  parseLegacyCharts,
  removeCustomChart,
  validateCustomChart,
} from './custom-charts';

const chart = (id: string, element_type = 1, states = [1]) => ({
  id,
  element_type,
  states,
  kind: 'bar' as const,
});

describe('added charts', () => {
  it('refuse a chart without element type or states', () => {
    expect(validateCustomChart({ elementType: null, states: [], kind: 'bar' })).toEqual({
      elementType: 'chartTypeRequired',
      states: 'chartStatesRequired',
    });
    expect(validateCustomChart({ elementType: 2, states: [7], kind: 'pie' })).toEqual({});
    expect(addCustomChart([], { elementType: 2, states: [], kind: 'pie' }, 'a')).toEqual([]);
  });

  it('are added at the end in the server’s shape, without repeated states, and removed', () => {
    let charts = addCustomChart([], { elementType: 2, states: [7, 7, 8], kind: 'line' }, 'a');
    charts = addCustomChart(charts, { elementType: 3, states: [9], kind: 'bar' }, 'b');
    expect(charts).toEqual([
      { id: 'a', element_type: 2, states: [7, 8], kind: 'line' },
      { id: 'b', element_type: 3, states: [9], kind: 'bar' },
    ]);
    for (const added of charts) expect(DashboardChart.safeParse(added).success).toBe(true);
    expect(removeCustomChart(charts, 'a')).toEqual([charts[1]]);
  });

  it('get identifiers the server accepts, different each time', () => {
    const ids = Array.from({ length: 50 }, newChartId);
    expect(new Set(ids).size).toBe(50);
    for (const id of ids) expect(DashboardChart.shape.id.safeParse(id).success, id).toBe(true);
  });

  it('stop at MAX_CUSTOM_CHARTS: a full list stays as it is', () => {
    let charts = addCustomChart([], { elementType: 1, states: [1], kind: 'bar' }, 'first');
    for (let index = 0; index < MAX_CUSTOM_CHARTS + 3; index++) {
      charts = addCustomChart(charts, { elementType: 1, states: [1], kind: 'bar' }, `n${index}`);
    }
    expect(charts).toHaveLength(MAX_CUSTOM_CHARTS);
    expect(charts[0].id).toBe('first');
    expect(isFull(charts)).toBe(true);
    expect(isFull(charts.slice(1))).toBe(false);
  });
});

describe('charts kept in local storage before', () => {
  it('were kept under a key per user', () => {
    expect(legacyChartsKey(4)).toBe('dashboard_charts_4');
    expect(legacyChartsKey(4)).not.toBe(legacyChartsKey(5));
  });

  it('are read into the server’s shape; unreadable entries are dropped, the good ones kept', () => {
    const raw = JSON.stringify([
      { id: 'a', elementType: 2, states: [7, 7, 8], kind: 'bar' },
      { id: 'b', elementType: 2, states: [], kind: 'bar' },
      { id: 'c', elementType: 2, states: [7], kind: 'radar' },
      { id: 'd e', elementType: 2, states: [7], kind: 'pie' },
      { id: 'f', elementType: -1, states: [7], kind: 'pie' },
      'nonsense',
    ]);
    expect(parseLegacyCharts(raw)).toEqual([{ id: 'a', element_type: 2, states: [7, 8], kind: 'bar' }]);
    expect(parseLegacyCharts('{oops')).toEqual([]);
    expect(parseLegacyCharts('{}')).toEqual([]);
    expect(parseLegacyCharts(null)).toEqual([]);
  });

  it('are added after the server’s charts, without the ones it has, up to the maximum', () => {
    expect(mergeLegacyCharts([chart('a')], [chart('a', 9), chart('b')])).toEqual([chart('a'), chart('b')]);
    const many = Array.from({ length: MAX_CUSTOM_CHARTS }, (_, index) => chart(`old${index}`));
    const merged = mergeLegacyCharts([chart('a'), chart('b')], many);
    expect(merged).toHaveLength(MAX_CUSTOM_CHARTS);
    expect(merged.slice(0, 3).map((c) => c.id)).toEqual(['a', 'b', 'old0']);
    expect(mergeLegacyCharts([chart('a')], [])).toEqual([chart('a')]);
  });
});
