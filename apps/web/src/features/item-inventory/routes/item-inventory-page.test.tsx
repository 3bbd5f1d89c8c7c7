import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InventoryItem } from '@heliotrack/domain/item-inventory';
import { cleanupPage, renderPage, serveApi, signInAs, tableText, layOutTables } from '../../../test/page';
import { ItemInventoryPage } from './item-inventory-page';

function item(id: number, code: string, extra: Partial<InventoryItem> = {}): InventoryItem {
  return {
    id,
    code,
    serial: '',
    plant: { id: 3, code: 'CAR-01', name: 'Carmona' },
    type: 'HIN',
    state: { id: 9, name: 'Hincado', color: '00aa00' },
    open_flash_reports: 0,
    ...extra,
  };
}
let items: InventoryItem[];
let count: number;
let pages: string[];

beforeAll(() => {
  layOutTables();
});
afterAll(() => vi.restoreAllMocks());

beforeEach(() => {
  signInAs('AD');
  items = [
    item(1, 'HIN-001', { serial: 'SN-1', open_flash_reports: 2 }),
    item(2, 'HIN-002', { state: null }),
  ];
  count = 2;
  pages = [];
  serveApi(({ path, url }) => {
    if (path === 'item-inventory/') {
      pages.push(url.searchParams.get('page') ?? '');
      return { count, next: null, previous: null, results: items };
    }
    if (path === 'plants/') return [];
    if (path === 'client-element-types') return [{ id: 5, code: 'HIN', name: 'Hincas', path: 'hincas' }];
  });
});
afterEach(cleanupPage);

describe('the item inventory', () => {
  it('lists the elements with their plant, state and open flash reports, each linked to its reports', async () => {
    renderPage(ItemInventoryPage, 'itemInventory', '/itemInventory');
    const table = await screen.findByRole('table', { name: 'Elementos del inventario' });
    await waitFor(() => expect(tableText(table)).toHaveLength(3));
    expect(tableText(table).map((row) => row.slice(0, 3).concat(row[5]))).toEqual([
      ['Código', 'Número de serie', 'Planta', 'Informes flash abiertos'],
      ['HIN-001', 'SN-1', 'CAR-01 · Carmona', '2'],
      ['HIN-002', '—', 'CAR-01 · Carmona', '0'],
    ]);
    expect(within(table).getByRole('link', { name: 'HIN-001' }).getAttribute('href')).toBe(
      '/itemInventory/1/flash-reports',
    );
  });

  it('asks the server for the next page', async () => {
    count = 60;
    renderPage(ItemInventoryPage, 'itemInventory', '/itemInventory');
    fireEvent.click(await screen.findByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(pages).toContain('2'));
  });

  it('says when there are no elements', async () => {
    items = [];
    count = 0;
    renderPage(ItemInventoryPage, 'itemInventory', '/itemInventory');
    const table = await screen.findByRole('table', { name: 'Elementos del inventario' });
    expect(await within(table).findByText('No hay elementos en tus plantas')).toBeTruthy();
  });

  it('says when no element matches the search', async () => {
    items = [];
    count = 0;
    renderPage(ItemInventoryPage, 'itemInventory', '/itemInventory?search=zzz');
    const table = await screen.findByRole('table', { name: 'Elementos del inventario' });
    expect(await within(table).findByText('Ningún elemento coincide con la búsqueda.')).toBeTruthy();
  });
});
