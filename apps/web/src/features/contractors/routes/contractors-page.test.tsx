import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Contractor } from '@heliotrack/domain/catalogues';
import type { ContractorGroup } from '@heliotrack/domain/contractors';
import { cleanupPage, renderPage, serveApi, signInAs, tableText } from '../../../test/page';
import { ContractorGroupPage } from './contractor-group-page';
import { ContractorsPage } from './contractors-page';

const CONTRACTORS: Contractor[] = [
  { id: 10, name: 'Solarbuild', address: 'Calle Sol 1, Sevilla', contact_name: 'Marta', contact_email: 'marta@solarbuild.es', client: 1 },
  { id: 11, name: 'Hincas del Sur', address: '', contact_name: '', contact_email: '', client: 1 },
  { id: 12, name: 'Cableados Norte', address: '', contact_name: 'Luis', contact_email: '', client: 1 },
];
let group: ContractorGroup;

beforeEach(() => {
  signInAs('AD');
  group = { id: 4, name: 'Montaje', contractors: [10, 11] };
  serveApi(({ method, path, url }) => {
    if (path === 'contractors/') {
      const search = url.searchParams.get('search')?.toLowerCase();
      return CONTRACTORS.filter((contractor) => !search || contractor.name.toLowerCase().includes(search));
    }
    if (path === 'contractor-groups/4/' && method === 'GET') return group;
    if (path === 'plants/') return [];
  });
});
afterEach(cleanupPage);

describe('the contractors pages', () => {
  it('list the contractors, a missing field as a dash, each with its actions', async () => {
    renderPage(ContractorsPage, 'contractors', '/contractors');
    const table = await screen.findByRole('table', { name: 'Contratistas' });
    await waitFor(() => expect(tableText(table)[1]?.[0]).toBe('Solarbuild'));
    expect(tableText(table)).toEqual([
      ['Nombre', 'Dirección', 'Contacto', 'Email de contacto', 'Acciones'],
      ['Solarbuild', 'Calle Sol 1, Sevilla', 'Marta', 'marta@solarbuild.es', ''],
      ['Hincas del Sur', '—', '—', '—', ''],
      ['Cableados Norte', '—', 'Luis', '—', ''],
    ]);
    expect(within(table).getByRole('button', { name: 'Editar Hincas del Sur' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Eliminar Cableados Norte' })).toBeTruthy();
  });

  it('say when a search finds none', async () => {
    renderPage(ContractorsPage, 'contractors', '/contractors');
    await screen.findByRole('table', { name: 'Contratistas' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('Ningún resultado coincide con la búsqueda.')).toBeTruthy();
  });

  it("list a group's members only, each with its remove button", async () => {
    renderPage(ContractorGroupPage, 'contractors/groups/:groupId', '/contractors/groups/4');
    const table = await screen.findByRole('table', { name: 'Contratistas' });
    await waitFor(() => expect(tableText(table)[1]?.[0]).toBe('Solarbuild'));
    expect(tableText(table)).toEqual([
      ['Nombre', 'Contacto', 'Email de contacto', 'Acciones'],
      ['Solarbuild', 'Marta', 'marta@solarbuild.es', ''],
      ['Hincas del Sur', '—', '—', ''],
    ]);
    fireEvent.click(within(table).getByRole('button', { name: 'Quitar Hincas del Sur del grupo' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Hincas del Sur');
  });

  it('say when a group has no members', async () => {
    group = { id: 4, name: 'Montaje', contractors: [] };
    renderPage(ContractorGroupPage, 'contractors/groups/:groupId', '/contractors/groups/4');
    expect(await screen.findByText('Este grupo no tiene contratistas')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Contratistas' })).toBeNull();
  });
});
