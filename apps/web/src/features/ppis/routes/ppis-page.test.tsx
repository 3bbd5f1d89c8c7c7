import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LinkedPpi, Ppi } from '@heliotrack/domain/ppis';
import { cleanupPage, renderPage, serveApi, signInAs, tableText } from '../../../test/page';
import { PpisPage } from './ppis-page';

const plant = { id: 3, name: 'Carmona I', code: 'CAR-01' };
const trackers = { id: 5, code: 'TRA', name: 'Trackers' };
function ppi(id: number, code: string, template: Ppi['template'], elementCount: number): Ppi {
  return {
    id,
    plant,
    code,
    name: `Plan ${code}`,
    template,
    element_type: trackers,
    status: 'open',
    closed_by: null,
    closed_at: null,
    logo: null,
    activity_count: 3,
    required_activity_count: 2,
    element_count: elementCount,
    links_version: 1,
    users: [],
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
  } as Ppi;
}
const ADMIN_LIST = [ppi(1, 'PPI-TRA-01', { id: 2, name: 'Seguidores' }, 1250), ppi(2, 'PPI-TRA-02', null, 0)];
const LINKED: LinkedPpi[] = [{ id: 1, code: 'PPI-TRA-01', name: 'Plan PPI-TRA-01', status: 'closed', plant, element_type: trackers, role: 'CA' }];

function serve() {
  serveApi(({ path }) => {
    if (path === 'ppis-admin-list') return ADMIN_LIST;
    if (path === 'user-linked-ppis') return LINKED;
    if (path === 'client-ppi-plants') return [{ ...plant, ppi_count: 2 }];
    if (path === 'templates/') return [];
  });
}

afterEach(cleanupPage);

describe('the PPIs page', () => {
  it("shows an administrator every plan with its template, linked elements and the plan's actions", async () => {
    signInAs('AD');
    serve();
    renderPage(PpisPage, 'ppis/main', '/ppis/main');
    const table = await screen.findByRole('table', { name: 'Programas de puntos de inspección' });
    await waitFor(() => expect(tableText(table)).toHaveLength(3));
    expect(tableText(table)).toEqual([
      ['PPI', 'Planta', 'Tipo de elemento', 'Plantilla', 'Estado', 'Elementos vinculados', 'Acciones'],
      ['PPI-TRA-01Plan PPI-TRA-01', 'Carmona I', 'Trackers', 'Seguidores', 'Abierto', '1.250', ''],
      ['PPI-TRA-02Plan PPI-TRA-02', 'Carmona I', 'Trackers', 'Sin plantilla', 'Abierto', '0', ''],
    ]);
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByRole('link', { name: 'Elementos de PPI-TRA-01 en el mapa' }).getAttribute('href')).toBe('/ppis/1/link-elements-map');
    expect(within(row).getByRole('button', { name: 'Más acciones de PPI-TRA-01' })).toBeTruthy();
  });

  it('shows anybody else the plans they are linked to, with their role and no administration', async () => {
    signInAs('CA');
    serve();
    renderPage(PpisPage, 'ppis/main', '/ppis/main');
    const table = await screen.findByRole('table', { name: 'Programas de puntos de inspección' });
    await waitFor(() => expect(tableText(table)).toHaveLength(2));
    expect(tableText(table)).toEqual([
      ['PPI', 'Planta', 'Tipo de elemento', 'Mi rol', 'Estado', 'Acciones'],
      ['PPI-TRA-01Plan PPI-TRA-01', 'Carmona I', 'Trackers', 'Inspector de calidad', 'Cerrado', ''],
    ]);
    expect(within(table).getByRole('link', { name: 'Elementos de PPI-TRA-01 en tabla' }).getAttribute('href')).toBe('/ppis/1/link-elements');
    expect(within(table).queryByRole('button', { name: 'Más acciones de PPI-TRA-01' })).toBeNull();
  });
});
