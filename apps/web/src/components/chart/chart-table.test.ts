import { describe, expect, it } from 'vitest';
import { chartTable } from './chart-table';

describe('chart text alternative', () => {
  it('gives a pie one row per slice', () => {
    const table = chartTable({ series: [{ type: 'pie', data: [{ name: 'OK', value: 7 }, { name: 'No OK', value: 2 }] }] }, 'Value');
    expect(table).toEqual({
      columns: ['Value'],
      rows: [
        { label: 'OK', values: [7] },
        { label: 'No OK', values: [2] },
      ],
    });
  });

  it('gives a category axis one row per category and one column per series, gaps as null', () => {
    const table = chartTable(
      {
        xAxis: { type: 'category', data: ['1 nov', '2 nov'] },
        yAxis: { type: 'value' },
        series: [
          { type: 'line', name: 'Planned', data: [10, 20] },
          { type: 'line', name: 'Actual', data: [{ value: 8 }, null] },
        ],
      },
      'Value',
    );
    expect(table).toEqual({
      columns: ['Planned', 'Actual'],
      rows: [
        { label: '1 nov', values: [10, 8] },
        { label: '2 nov', values: [20, null] },
      ],
    });
  });

  it('reads horizontal bars, categories on the y axis', () => {
    const table = chartTable(
      {
        xAxis: { type: 'value' },
        yAxis: { type: 'category', data: ['Hincas'] },
        series: [{ type: 'bar', name: 'Montado', data: [[42, 'Hincas']] }],
      },
      'Value',
    );
    expect(table?.rows).toEqual([{ label: 'Hincas', values: [42] }]);
  });

  it('gives nothing for a chart without categories', () => {
    expect(chartTable({ xAxis: { type: 'value' }, yAxis: { type: 'value' }, series: [] }, 'Value')).toBeNull();
  });
});
