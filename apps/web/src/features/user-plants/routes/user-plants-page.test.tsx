import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserPlant } from '@heliotrack/domain/rucs';
import { cleanupPage, renderPage, serveApi, signInAs, tableText } from '../../../test/page';
import { UserPlantsPage } from './user-plants-page';

const PLANTS: UserPlant[] = [
  { id: 3, code: 'CAR-01', name: 'Carmona I', is_authorized: true, active_rucs: 2 },
  { id: 4, code: 'ECI-02', name: 'Écija II', is_authorized: false, active_rucs: 0 },
];
let posted: unknown[];

beforeEach(() => {
  signInAs('AD');
  posted = [];
  serveApi(({ method, path }) => {
    if (path === 'client-users/7') return { id: 7, name: 'Tomás Técnico', email: 't@x', is_active: true, language: 'es', roles: [], plants: [3], created_at: '' };
    if (path === 'client-users/7/plants/') return PLANTS;
    if (path === 'client-users/7/authorized-plants/' && method === 'POST') {
      posted.push(path);
      return PLANTS.map((plant) => ({ ...plant, is_authorized: true }));
    }
  });
});
afterEach(cleanupPage);

const selectedRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => row.getAttribute('aria-selected') === 'true')
    .map((row) => within(row).getAllByRole('cell')[2].textContent);

describe("a user's plants page", () => {
  it('lists every plant with its checkbox, RUC count and a link to the RUCs; the authorised ones selected', async () => {
    renderPage(UserPlantsPage, 'users/:userId/plants', '/users/7/plants');
    const table = await screen.findByRole('table', { name: 'Plantas de Tomás Técnico' });
    await waitFor(() => expect(tableText(table)).toHaveLength(3));
    expect(tableText(table)).toEqual([
      ['', 'Código', 'Planta', 'RUCs', 'Acciones'],
      ['', 'CAR-01', 'Carmona I', '2 RUCs activos', 'RUCs'],
      ['', 'ECI-02', 'Écija II', '0 RUCs activos', 'RUCs'],
    ]);
    expect(within(table).getByRole('link', { name: 'RUCs del usuario en Écija II' }).getAttribute('href')).toBe('/users/7/plants/4');
    expect(selectedRows(table)).toEqual(['Carmona I']);
    expect((within(table).getByRole('checkbox', { name: 'Autorizar en Carmona I' }) as HTMLInputElement).checked).toBe(true);
  });

  it('ticks a plant on its row or every visible plant from the header, and saves them', async () => {
    renderPage(UserPlantsPage, 'users/:userId/plants', '/users/7/plants');
    const table = await screen.findByRole('table', { name: 'Plantas de Tomás Técnico' });
    await waitFor(() => expect(tableText(table)).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Guardar' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Autorizar en Écija II' }));
    expect(selectedRows(table)).toEqual(['Carmona I', 'Écija II']);
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Autorizar en Écija II' }));
    expect(selectedRows(table)).toEqual(['Carmona I']);
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Seleccionar todas las plantas visibles' }));
    expect(selectedRows(table)).toEqual(['Carmona I', 'Écija II']);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(posted).toHaveLength(1));
  });
});
