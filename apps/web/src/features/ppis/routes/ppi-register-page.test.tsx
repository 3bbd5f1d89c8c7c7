import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LinkedPpi, Ppi } from '@heliotrack/domain/ppis';
import { cleanupPage, renderPage, serveApi, signInAs, tableText } from '../../../test/page';
import { ClosePpiPage, PpiRegisterPage } from './ppi-register-page';

const plant = { id: 3, name: 'Carmona I', code: 'CAR-01' };
const piles = { id: 5, code: 'HIN', name: 'Hincas' };
const LINKED: LinkedPpi[] = [
  { id: 1, code: 'PPI-HIN-01', name: 'Hincado', status: 'open', plant, element_type: piles, role: 'CA' },
  { id: 2, code: 'PPI-HIN-02', name: 'Par', status: 'closed', plant, element_type: piles, role: 'TC' },
];
const ADMIN_LIST = [{ ...LINKED[0], template: null, element_count: 1250 } as unknown as Ppi];

function serve(linked: LinkedPpi[]) {
  serveApi(({ path }) => {
    if (path === 'user-linked-ppis') return linked;
    if (path === 'ppis-admin-list') return ADMIN_LIST;
  });
}

afterEach(cleanupPage);

describe('the PPI register', () => {
  it("lists the user's plans with their role, and opens each plan's register and summary", async () => {
    signInAs('CA');
    serve(LINKED);
    renderPage(PpiRegisterPage, 'ppis/register', '/ppis/register');
    const table = await screen.findByRole('table', { name: 'Programas de puntos de inspección' });
    await waitFor(() => expect(tableText(table)).toHaveLength(3));
    expect(tableText(table)).toEqual([
      ['PPI', 'Planta', 'Tipo de elemento', 'Mi rol', 'Estado', 'Acciones'],
      ['PPI-HIN-01Hincado', 'Carmona I', 'Hincas', 'Inspector de calidad', 'Abierto', 'ResumenRegistrar'],
      ['PPI-HIN-02Par', 'Carmona I', 'Hincas', 'Técnico de campo', 'Cerrado', 'ResumenRegistrar'],
    ]);
    expect(within(table).getByRole('link', { name: 'Registrar en PPI-HIN-02' }).getAttribute('href')).toBe('/ppis/2/ppi-results');
    const first = within(table).getAllByRole('row')[1];
    expect(within(first).getByRole('link', { name: 'Resumen' }).getAttribute('href')).toBe('/ppis/1/ppi-results-summary');
  });

  it('says so when the user has no plan to record on', async () => {
    signInAs('CA');
    serve([]);
    renderPage(PpiRegisterPage, 'ppis/register', '/ppis/register');
    const table = await screen.findByRole('table', { name: 'Programas de puntos de inspección' });
    await waitFor(() => expect(tableText(table)[1]).toEqual(['No tienes PPIs en los que registrar.']));
  });

  it("gives an administrator every plan with its linked elements, and the close button on the close page", async () => {
    signInAs('AD');
    serve([]);
    renderPage(ClosePpiPage, 'ppis/close-ppi', '/ppis/close-ppi');
    const table = await screen.findByRole('table', { name: 'Programas de puntos de inspección' });
    await waitFor(() => expect(tableText(table)).toHaveLength(2));
    expect(tableText(table)).toEqual([
      ['PPI', 'Planta', 'Tipo de elemento', 'Estado', 'Acciones'],
      ['PPI-HIN-01Hincado · 1.250 elementos vinculados', 'Carmona I', 'Hincas', 'Abierto', 'Cerrar PPI'],
    ]);
    expect(within(table).getByRole('button', { name: 'Cerrar PPI' })).toBeTruthy();
  });
});
