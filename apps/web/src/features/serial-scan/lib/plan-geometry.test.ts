import { describe, expect, it } from 'vitest';
import type { Element } from '@heliotrack/domain/elements';
import { planRows, searchRing } from './plan-geometry';

const square = (id: number, x: number): Element => ({
  id,
  code: `M-${id}`,
  description: '',
  geom: `POLYGON((${x} 0,${x + 1} 0,${x + 1} 1,${x} 1,${x} 0))`,
  last_state_change_contractor_id: null,
  state_id: 1,
  type_id: 5,
  updated_at: '2026-11-24T10:00:00Z',
  serial: id === 2 ? 'KEPT' : '',
  is_serial_invalid_length: id === 2,
  is_serial_duplicated: false,
  is_serial_unregistered: false,
});

describe('scan plan geometry', () => {
  it('orders the crossed modules along the line, whichever way it is drawn, and leaves the others out', () => {
    const modules = [
      square(1, 0),
      square(2, 2),
      square(3, 4),
      { ...square(4, 0), geom: 'POLYGON((0 5,1 5,1 6,0 6,0 5))' },
    ];
    const east = planRows(modules, [
      [-1, 0.5],
      [6, 0.5],
    ]);
    expect(east.map((row) => [row.id, row.list_index])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
    ]);
    const west = planRows(modules, [
      [6, 0.5],
      [-1, 0.5],
    ]);
    expect(west.map((row) => row.id)).toEqual([3, 2, 1]);
    // A serial already held by the element comes with its flags.
    expect(east[1]).toMatchObject({ serial: 'KEPT', is_serial_invalid_length: true });
  });

  it('searches a closed box around the line, grown on every side', () => {
    const ring = searchRing([
      [0, 0],
      [10, 0],
    ]);
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    expect(ring[0]).toEqual([-1, -1]);
    expect(ring[2]).toEqual([11, 1]);
  });
});
