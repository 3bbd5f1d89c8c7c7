import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Equipment } from '@heliotrack/domain/equipment';
import { cleanupPage, renderPage, serveApi, signInAs, tableText } from '../../../test/page';
import { EquipmentPage } from './equipment-page';

function equipment(id: number, name: string, extra: Partial<Equipment>): Equipment {
  return {
    id,
    name,
    kind: 'Llave dinamométrica',
    brand: '',
    model: '',
    serial_number: '',
    certificate_number: '',
    calibration_date: '2026-01-10',
    expiry_date: '2027-01-10',
    is_expired: false,
    days_to_expiry: 200,
    documents: [],
    created_at: '2026-01-10T09:00:00Z',
    updated_at: '2026-01-10T09:00:00Z',
    ...extra,
  };
}
let list: Equipment[];

beforeEach(() => {
  signInAs('AD');
  list = [
    equipment(1, 'Llave 1', { brand: 'Norbar', model: 'TTi 50', serial_number: 'N-778', certificate_number: 'CAL-2026-01' }),
    equipment(2, 'Nivel láser', { kind: '', expiry_date: '2026-10-01', is_expired: true, days_to_expiry: -20 }),
  ];
  serveApi(({ path }) => (path === 'calibration-equipment/' ? list : undefined));
});
afterEach(cleanupPage);

describe('the calibration equipment page', () => {
  it('lists the equipment with its calibration, expiry and certificates, and an edit button each', async () => {
    renderPage(EquipmentPage, 'equipment', '/equipment');
    const table = await screen.findByRole('table', { name: 'Equipos de medida' });
    await waitFor(() => expect(tableText(table)).toHaveLength(3));
    const [header, first, second] = tableText(table);
    expect(header).toEqual(['Equipo', 'Tipo', 'Calibración', 'Caducidad', 'Certificados', 'Acciones']);
    expect(first[0]).toBe('Llave 1Norbar · TTi 50 · N.º de serie N-778');
    expect(first.slice(1, 3)).toEqual(['Llave dinamométrica', '10/01/2026']);
    expect(first[3]).toContain('Vigente hasta el 10/01/2027');
    expect(first[4]).toBe('CAL-2026-010');
    expect(second.slice(0, 2)).toEqual(['Nivel láser', '—']);
    expect(second[3]).toContain('Caducó el 01/10/2026');
    expect(within(table).getByRole('button', { name: 'Editar Nivel láser' })).toBeTruthy();
  });

  it('filters on the device by what is typed, and says when none is left', async () => {
    renderPage(EquipmentPage, 'equipment', '/equipment');
    const table = await screen.findByRole('table', { name: 'Equipos de medida' });
    await waitFor(() => expect(tableText(table)).toHaveLength(3));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'láser' } });
    await waitFor(() => expect(tableText(table).map((row) => row[0])).toEqual(['Equipo', 'Nivel láser']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'ninguno' } });
    expect(await screen.findByText('Ningún equipo coincide con los filtros.')).toBeTruthy();
  });
});
