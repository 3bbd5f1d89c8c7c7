import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { Plant } from '@heliotrack/domain/plants';
import type { DeliveredSerial, DeliveredSerialsImportResult } from '@heliotrack/domain/serials';
import { cleanupPage, renderPage, serveApi, signInAs, tableText, layOutTables } from '../../../test/page';
import { DeliveredSerialsModal } from './delivered-serials-modal';

const PLANT = { id: 3, name: 'Carmona' } as Plant;
const SERIALS: DeliveredSerial[] = [
  { id: 1, serial: 'SN-0001', created_at: '2026-11-20T09:00:00Z' },
  { id: 2, serial: 'SN-0002', created_at: '2026-11-20T09:00:00Z' },
];
const PREVIEW: DeliveredSerialsImportResult = {
  dry_run: true,
  total: 3,
  added: 1,
  already_listed: 1,
  repeated: 0,
  sample: ['SN-0003'],
  errors: [{ row: 4, message: 'El número de serie admite como máximo 100 caracteres.' }],
  error_count: 1,
  list_count: 2,
};
let serials: DeliveredSerial[];
let requests: string[];

beforeEach(() => {
  signInAs('AD');
  serials = SERIALS;
  requests = [];
  serveApi(({ method, path, url }) => {
    requests.push(`${method} ${path}${url.search}`);
    if (path === 'plants/3/delivered-serials/' && method === 'GET') {
      const search = url.searchParams.get('search') ?? '';
      const results = serials.filter((row) => row.serial.toLowerCase().includes(search.toLowerCase()));
      return { count: results.length, next: null, previous: null, results };
    }
    if (path === 'plants/3/delivered-serials/' && method === 'DELETE')
      return new Response(null, { status: 204 });
    if (path === 'plants/3/delivered-serials/import/') return PREVIEW;
  });
});
afterEach(cleanupPage);

const renderModal = () =>
  renderPage(() => <DeliveredSerialsModal plant={PLANT} isAdmin onClose={() => {}} />, '*', '/');

describe('the delivered serials of a plant', () => {
  it('lists a page of serials and finds one by search', async () => {
    renderModal();
    const table = await screen.findByRole('table', { name: 'Números de serie entregados' });
    await waitFor(() => expect(tableText(table)).toHaveLength(3));
    expect(tableText(table).map((row) => row[0])).toEqual(['Número de serie', 'SN-0001', 'SN-0002']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar número de serie' }), {
      target: { value: 'zzz' },
    });
    expect(
      await within(table).findByText('Ningún número de serie entregado coincide con la búsqueda.'),
    ).toBeTruthy();
  });

  it('says when the plant has no delivered serials yet', async () => {
    serials = [];
    renderModal();
    const table = await screen.findByRole('table', { name: 'Números de serie entregados' });
    expect(
      await within(table).findByText('Esta planta aún no tiene números de serie entregados.'),
    ).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('deletes the whole list after a confirmation', async () => {
    renderModal();
    fireEvent.click(await screen.findByRole('button', { name: 'Borrar la lista' }));
    const confirmation = await screen.findByRole('dialog', {
      name: 'Borrar los números de serie entregados',
    });
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Borrar la lista' }));
    await waitFor(() => expect(requests).toContain('DELETE plants/3/delivered-serials/'));
  });

  it('previews a delivery note: its wrong rows and the first serials it adds', async () => {
    const height = layOutTables(200);
    onTestFinished(() => height.mockRestore());
    renderModal();
    const file = new File(['Número de serie\nSN-0003'], 'albaran.csv', { type: 'text/csv' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Previsualizar' }));
    const errors = await screen.findByRole('table', { name: 'Errores por fila' });
    expect(tableText(errors)).toEqual([
      ['Fila', 'Error'],
      ['4', 'El número de serie admite como máximo 100 caracteres.'],
    ]);
    const sample = screen.getByRole('table', { name: 'Primeros números de serie que se añadirán' });
    expect(tableText(sample)).toEqual([['Número de serie'], ['SN-0003']]);
    expect(requests).toContain('POST plants/3/delivered-serials/import/?dry_run=true');
    expect((screen.getByRole('button', { name: 'Importar' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
