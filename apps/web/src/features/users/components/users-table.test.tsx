import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientUser } from '@heliotrack/domain/users';
import { renderWithProviders } from '../../../test/render';
import { tableText } from '../../../test/page';
import { UsersTable } from './users-table';

function user(id: number, name: string, isActive: boolean, roles: [string, string][], plants: number[]): ClientUser {
  return {
    id,
    name,
    email: `${name.toLowerCase().split(' ')[0]}@heliotrack.demo`,
    is_active: isActive,
    language: 'es',
    roles: roles.map(([code, roleName], index) => ({ id: index + 1, code, name: roleName })),
    plants,
    created_at: '2026-01-01T00:00:00Z',
  } as ClientUser;
}
const USERS = [
  user(1, 'Ana Administradora', true, [['AD', 'Administrador'], ['TC', 'Técnico']], [1, 2, 3]),
  user(2, 'Iván Inactivo', false, [['TC', 'Técnico']], []),
];

function renderTable(users: ClientUser[] | undefined, handlers = { onEdit: vi.fn(), onToggleActive: vi.fn(), onRevokeSessions: vi.fn() }) {
  renderWithProviders(
    <MemoryRouter>
      <UsersTable users={users} busyUserId={null} {...handlers} />
    </MemoryRouter>,
  );
  return handlers;
}

afterEach(cleanup);

describe('the users table', () => {
  it('shows each user with email, roles, status, plant count and actions; an inactive one dimmed', () => {
    const handlers = renderTable(USERS);
    const table = screen.getByRole('table', { name: 'Usuarios' });
    expect(tableText(table)).toEqual([
      ['Nombre', 'Correo electrónico', 'Roles', 'Estado', 'Plantas', 'Acciones'],
      ['Ana Administradoraana@heliotrack.demo', 'ana@heliotrack.demo', 'AdministradorTécnico', 'Activo', '3', ''],
      ['Iván Inactivoiván@heliotrack.demo', 'iván@heliotrack.demo', 'Técnico', 'Inactivo', '0', ''],
    ]);
    const [, ana, ivan] = within(table).getAllByRole('row');
    expect(ivan.getAttribute('style') ?? '').toContain('dimmed');
    expect(ana.getAttribute('style') ?? '').not.toContain('dimmed');
    // On a tablet the email column gives way to the line under the name.
    expect(within(table).getByRole('columnheader', { name: 'Correo electrónico' }).className).toContain('visible-from-lg');

    expect(within(ana).getByRole('link', { name: 'Plantas de Ana Administradora' }).getAttribute('href')).toBe('/users/1/plants');
    fireEvent.click(within(ivan).getByRole('button', { name: 'Activar: Iván Inactivo' }));
    fireEvent.click(within(ana).getByRole('button', { name: 'Editar a Ana Administradora' }));
    fireEvent.click(within(ana).getByRole('button', { name: 'Cerrar sus sesiones: Ana Administradora' }));
    expect(handlers.onToggleActive).toHaveBeenCalledWith(USERS[1]);
    expect(handlers.onEdit).toHaveBeenCalledWith(USERS[0]);
    expect(handlers.onRevokeSessions).toHaveBeenCalledWith(USERS[0]);
  });

  it('shows skeleton rows while the users load', () => {
    renderTable(undefined);
    const table = screen.getByRole('table', { name: 'Usuarios' });
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
    expect(within(table).queryByRole('button')).toBeNull();
  });
});
