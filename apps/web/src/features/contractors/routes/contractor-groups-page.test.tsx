import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Contractor } from '@heliotrack/domain/catalogues';
import type { ContractorGroup } from '@heliotrack/domain/contractors';
import { cleanupPage, renderPage, serveApi, signInAs, tableText } from '../../../test/page';
import { ContractorGroupsPage } from './contractor-groups-page';

const contractor = (id: number, name: string): Contractor => ({ id, name, address: '', contact_email: '', contact_name: '', client: 1 });
let groups: ContractorGroup[];
let fetchMock: ReturnType<typeof serveApi>;

beforeEach(() => {
  signInAs('AD');
  groups = [
    { id: 1, name: 'Montaje', contractors: [10, 11] },
    { id: 2, name: 'Vacío', contractors: [] },
  ];
  fetchMock = serveApi(({ method, path }) => {
    if (path === 'contractor-groups/' && method === 'GET') return groups;
    if (path === 'contractors/') return [contractor(10, 'Solarbuild'), contractor(11, 'Hincas del Sur')];
    const deleted = path.match(/^contractor-groups\/(\d+)\/$/);
    if (deleted && method === 'DELETE') {
      groups = groups.filter((group) => group.id !== Number(deleted[1]));
      return new Response(null, { status: 204 });
    }
  });
});
afterEach(cleanupPage);

describe('the contractor groups page', () => {
  it('lists each group with its members, a link to it and its actions', async () => {
    renderPage(ContractorGroupsPage, 'contractors/groups', '/contractors/groups');
    const table = await screen.findByRole('table', { name: 'Grupos de contratistas' });
    await waitFor(() => expect(tableText(table)[1][1]).toBe('Solarbuild, Hincas del Sur'));
    expect(tableText(table)).toEqual([
      ['Grupo', 'Contratistas', 'Acciones'],
      ['Montaje', 'Solarbuild, Hincas del Sur', ''],
      ['Vacío', 'Este grupo no tiene contratistas', ''],
    ]);
    expect(within(table).getByRole('link', { name: 'Montaje' }).getAttribute('href')).toBe('/contractors/groups/1');
    expect(within(table).getByRole('button', { name: 'Editar Vacío' })).toBeTruthy();
  });

  it('deletes a group after confirming, and the list no longer holds it', async () => {
    renderPage(ContractorGroupsPage, 'contractors/groups', '/contractors/groups');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar Vacío' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('¿Eliminar el grupo Vacío?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Vacío' })).toBeNull());
    expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && url.endsWith('contractor-groups/2/'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Montaje' })).toBeTruthy();
  });

  it('says so when the organisation has no groups', async () => {
    groups = [];
    renderPage(ContractorGroupsPage, 'contractors/groups', '/contractors/groups');
    expect(await screen.findByText('Todavía no hay grupos de contratistas')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
