import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_SERIAL_FLAGS } from '@heliotrack/domain/serials';
import { renderWithProviders } from '../../../test/render';
import { tableText } from '../../../test/page';
import type { ScanSession } from '../lib/scan-session';
import { PlanTable } from './plan-table';

const SESSION: ScanSession = {
  elements: [
    { id: 11, code: 'B01-T01-M01', list_index: 0, serial: 'SN0001', ...NO_SERIAL_FLAGS },
    { id: 12, code: 'B01-T01-M02', list_index: 1, serial: 'SN0001', ...NO_SERIAL_FLAGS, is_serial_duplicated: true },
    { id: 13, code: 'B01-T01-M03', list_index: 2, serial: '', ...NO_SERIAL_FLAGS },
  ],
  cursor: 2,
  history: [],
};

afterEach(cleanup);

describe('the scan plan as a table', () => {
  it('lists the modules in walking order, the next one to read marked, and points a read at a row', () => {
    const onSelect = vi.fn();
    renderWithProviders(<PlanTable name="Fila 1" session={SESSION} onSelect={onSelect} />);
    const table = screen.getByRole('table', { name: 'Módulos del plan Fila 1' });
    const text = tableText(table);
    expect(text.map((row) => row.slice(0, 2))).toEqual([
      ['Nº', 'Código'],
      ['1', 'B01-T01-M01'],
      ['2', 'B01-T01-M02'],
      ['3', 'B01-T01-M03'],
    ]);
    expect(text[2][2]).toContain('Duplicado');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.getAttribute('aria-current'))).toEqual([null, null, null, 'step']);
    fireEvent.click(within(rows[2]).getByRole('button', { name: 'Leer de nuevo B01-T01-M02' }));
    expect(onSelect).toHaveBeenCalledWith(1);
  });
});
