import { describe, expect, it } from 'vitest';
import type { ElementsByState } from '@heliotrack/domain/dashboard';
import type { MilestoneFollowup } from '@heliotrack/domain/milestones';
import {
  compareOption,
  customChartOption,
  NO_STATE_COLOR,
  planningSplit,
  planningVsOthersOption,
  plantOkShare,
  progressByTypeOption,
  progressColor,
  sCurveOption,
  type Formatters,
} from './chart-options';

const format: Formatters = {
  integer: (value) => `i${value}`,
  percent: (ratio) => `${Math.round(ratio * 100)}pc`,
  day: (day) => `d${day}`,
};

function answer(
  type: number,
  states: [number, string, string, boolean, number][],
  noState: number,
): ElementsByState {
  const total = states.reduce((sum, s) => sum + s[4], 0) + noState;
  return {
    plant: 1,
    element_type: type,
    ctr: null,
    target_date: null,
    total,
    no_state: noState,
    states: states.map(([state, name, color, is_ok, count]) => ({
      state,
      element_type: type,
      code: name.toUpperCase(),
      name,
      color,
      is_ok,
      count,
    })),
  };
}

// ECharts options are loose objects; the tests read into them.
type Loose = any;

describe('dashboard chart options', () => {
  it('split each type’s bar by state, in the states’ colours, as shares of the type', () => {
    const option: Loose = progressByTypeOption(
      [
        {
          label: 'Hincas',
          answer: answer(
            1,
            [
              [11, 'Hincada', '1e88e5', true, 30],
              [12, 'No OK', 'e53935', false, 10],
            ],
            60,
          ),
        },
        { label: 'Módulos', answer: answer(2, [[21, 'Montado', '43a047', true, 50]], 0) },
      ],
      { noState: 'Sin estado', share: 'Porcentaje' },
      format,
    );
    expect(option.yAxis.data).toEqual(['Hincas', 'Módulos']);
    const byName = Object.fromEntries(option.series.map((s: Loose) => [s.name, s]));
    expect(byName.Hincada.itemStyle.color).toBe('#1e88e5');
    expect(byName.Hincada.data).toEqual([{ value: 30, count: 30 }, '-']);
    expect(byName['No OK'].data[0]).toEqual({ value: 10, count: 10 });
    expect(byName.Montado.data).toEqual(['-', { value: 100, count: 50 }]);
    expect(byName['Sin estado'].itemStyle.color).toBe(NO_STATE_COLOR);
    expect(byName['Sin estado'].data.map((d: Loose) => d.count)).toEqual([60, 0]);
    expect(option.series.every((s: Loose) => s.stack === 'share')).toBe(true);
    expect(option.xAxis.axisLabel.formatter(50)).toBe('50pc');
  });

  it('draw the S-curve from the followup points with the target line', () => {
    const followup = {
      target_count: 100,
      points: [
        { date: '2026-11-01', planned: 0, actual: 0 },
        { date: '2026-11-02', planned: 50, actual: 20 },
      ],
    } as MilestoneFollowup;
    const option: Loose = sCurveOption(
      followup,
      { planned: 'Planificado', actual: 'Real', elements: 'Elementos' },
      format,
    );
    expect(option.xAxis.data).toEqual(['d2026-11-01', 'd2026-11-02']);
    expect(option.series.map((s: Loose) => [s.name, s.data])).toEqual([
      ['Planificado', [0, 50]],
      ['Real', [0, 20]],
    ]);
    expect(option.series[1].markLine.data).toEqual([{ yAxis: 100 }]);
  });

  it('count the elements in the milestone’s reaching states against the rest', () => {
    const byState = answer(
      2,
      [
        [21, 'Montado', '43a047', true, 50],
        [22, 'Conectado', '1e88e5', true, 20],
        [23, 'Roto', 'e53935', false, 5],
      ],
      25,
    );
    const split = planningSplit(byState, [21, 22]);
    expect(split).toEqual({ inPlanning: 70, others: 30 });
    const option: Loose = planningVsOthersOption(split, { inPlanning: 'En plan', others: 'Otros' }, format);
    expect(option.series[0].data.map((d: Loose) => [d.name, d.value])).toEqual([
      ['En plan', 70],
      ['Otros', 30],
    ]);
    expect(option.legend.formatter('En plan')).toBe('En plan: i70');
  });

  it('build an added chart as bars, pie or lines over time', () => {
    const states = [
      { state: 11, name: 'Hincada', color: '1e88e5' },
      { state: 12, name: 'No OK', color: 'e53935' },
    ];
    const weekOne = answer(
      1,
      [
        [11, 'Hincada', '1e88e5', true, 3],
        [12, 'No OK', 'e53935', false, 1],
      ],
      0,
    );
    const weekTwo = answer(
      1,
      [
        [11, 'Hincada', '1e88e5', true, 9],
        [12, 'No OK', 'e53935', false, 2],
      ],
      0,
    );
    const days = ['2026-11-15', '2026-11-22'];

    const bar: Loose = customChartOption('bar', states, days, [weekOne, weekTwo], { elements: 'E' }, format);
    expect(bar.xAxis.data).toEqual(['Hincada', 'No OK']);
    expect(bar.series[0].data.map((d: Loose) => [d.value, d.itemStyle.color])).toEqual([
      [9, '#1e88e5'],
      [2, '#e53935'],
    ]);

    const pie: Loose = customChartOption('pie', states, days, [weekTwo], { elements: 'E' }, format);
    expect(pie.series[0].type).toBe('pie');
    expect(pie.series[0].data.map((d: Loose) => d.value)).toEqual([9, 2]);

    const line: Loose = customChartOption(
      'line',
      states,
      days,
      [weekOne, weekTwo],
      { elements: 'E' },
      format,
    );
    expect(line.xAxis.data).toEqual(['d2026-11-15', 'd2026-11-22']);
    expect(line.series.map((s: Loose) => [s.name, s.data])).toEqual([
      ['Hincada', [3, 9]],
      ['No OK', [1, 2]],
    ]);
  });

  it('stack ok and not ok at the start and at the end of the comparison', () => {
    const option: Loose = compareOption(
      [
        {
          label: 'Módulos',
          start: { ok: 1, notOk: 2, noState: 0, total: 3 },
          end: { ok: 5, notOk: 1, noState: 0, total: 6 },
        },
      ],
      { okStart: 'OK 1', notOkStart: 'No OK 1', okEnd: 'OK 2', notOkEnd: 'No OK 2', elements: 'E' },
      format,
    );
    expect(option.series.map((s: Loose) => [s.name, s.stack, s.data])).toEqual([
      ['OK 1', 'start', [1]],
      ['No OK 1', 'start', [2]],
      ['OK 2', 'end', [5]],
      ['No OK 2', 'end', [1]],
    ]);
  });

  it('colour a plant by its share of ok elements', () => {
    expect(
      plantOkShare([
        { total: 10, ok: 5 },
        { total: 30, ok: 25 },
      ]),
    ).toBe(0.75);
    expect(plantOkShare([])).toBe(0);
    expect(progressColor(0.1)).not.toBe(progressColor(0.5));
    expect(progressColor(0.5)).not.toBe(progressColor(0.9));
  });
});
