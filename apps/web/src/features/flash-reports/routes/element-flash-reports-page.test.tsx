import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlashReport } from '@heliotrack/domain/flash-reports';
import type { InventoryItem } from '@heliotrack/domain/item-inventory';
import { cleanupPage, renderPage, serveApi, signInAs, tableText, layOutTables } from '../../../test/page';
import { ElementFlashReportsPage } from './element-flash-reports-page';

const ITEM: InventoryItem = {
  id: 7,
  code: 'HIN-007',
  serial: '',
  plant: { id: 3, code: 'CAR-01', name: 'Carmona' },
  type: 'HIN',
  state: null,
  open_flash_reports: 1,
};
function report(id: number, title: string, extra: Partial<FlashReport> = {}): FlashReport {
  return {
    id,
    element: { id: 7, code: 'HIN-007', type: 'HIN' },
    plant: ITEM.plant,
    title,
    description: '',
    severity: 'high',
    status: 'open',
    author: { id: 1, name: 'Ana' },
    created_at: '2026-11-20T09:00:00Z',
    updated_at: '2026-11-20T09:00:00Z',
    photo_count: 2,
    document_count: 1,
    ...extra,
  };
}
let reports: FlashReport[];
let count: number;
let pages: string[];

beforeAll(() => {
  layOutTables();
});
afterAll(() => vi.restoreAllMocks());

beforeEach(() => {
  signInAs('AD');
  reports = [
    report(11, 'Hinca torcida'),
    report(12, 'Falta tornillo', { severity: 'low', status: 'closed' }),
  ];
  count = 2;
  pages = [];
  serveApi(({ path, url }) => {
    if (path === 'item-inventory/') return { count: 1, next: null, previous: null, results: [ITEM] };
    if (path === 'flash-reports/7/') {
      if (url.searchParams.get('page_size') !== '1000') pages.push(url.searchParams.get('page') ?? '');
      return { count, next: null, previous: null, results: reports };
    }
  });
});
afterEach(cleanupPage);

const renderAt = (path: string) =>
  renderPage(ElementFlashReportsPage, 'itemInventory/:elementId/flash-reports', path);

describe("an element's flash reports", () => {
  it('lists the reports with severity, status, author and attachments, each linked to its details', async () => {
    renderAt('/itemInventory/7/flash-reports');
    const table = await screen.findByRole('table', { name: 'Informes flash del elemento' });
    await waitFor(() => expect(tableText(table)).toHaveLength(3));
    expect(tableText(table).map((row) => row.slice(0, 3))).toEqual([
      ['Título', 'Gravedad', 'Estado'],
      ['Hinca torcida', 'Alta', 'Abierto'],
      ['Falta tornillo', 'Baja', 'Cerrado'],
    ]);
    expect(within(table).getByRole('link', { name: 'Hinca torcida' }).getAttribute('href')).toBe(
      '/itemInventory/7/flash-reports/details/11',
    );
    expect(within(table).getByRole('button', { name: 'Eliminar Falta tornillo' })).toBeTruthy();
  });

  it('asks the server for the next page', async () => {
    count = 60;
    renderAt('/itemInventory/7/flash-reports');
    fireEvent.click(await screen.findByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(pages).toContain('2'));
  });

  it('says in the table when no report matches the filters', async () => {
    reports = [];
    count = 0;
    renderAt('/itemInventory/7/flash-reports?severity=critical');
    const table = await screen.findByRole('table', { name: 'Informes flash del elemento' });
    expect(await within(table).findByText('Ningún informe flash coincide con los filtros.')).toBeTruthy();
  });
});
