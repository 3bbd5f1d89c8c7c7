import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { State } from '@heliotrack/domain/catalogues';
import type { StateGroup } from '@heliotrack/domain/state-management';
import { cleanupPage, renderPage, serveApi, signInAs, tableText } from '../../../test/page';
import { StateGroupsTab } from './state-groups-tab';
import { StatesTab } from './states-tab';

function state(id: number, code: string, name: string, extra: Partial<State> = {}): State {
  return { id, element_type: 5, code, name, description: '', color: '00aa00', restringed: false, is_ok: true, depends_on: null, is_active: true, ...extra };
}
const STATES = [
  state(1, 'HINC', 'Hincado', { description: 'La hinca está en el suelo' }),
  state(2, 'NOK', 'No OK', { color: 'cc0000', is_ok: false, restringed: true, depends_on: 1, is_active: false }),
];
let groups: StateGroup[];

beforeEach(() => {
  signInAs('AD');
  groups = [{ id: 7, name: 'Hincado básico', description: 'Solo hincas', states: [1, 2] }];
  serveApi(({ path }) => {
    if (path === 'client-states/') return STATES;
    if (path === 'client-element-types') return [{ id: 5, code: 'HIN', name: 'Hincas', path: 'hincas' }];
    if (path === 'client-state-groups/') return groups;
    if (path === 'plants/') return [];
  });
});
afterEach(cleanupPage);

describe('the state management tabs', () => {
  it('list the states with colour, flags and dependency; an inactive one is dimmed', async () => {
    renderPage(StatesTab, '*', '/');
    const table = await screen.findByRole('table', { name: 'Estados' });
    await waitFor(() => expect(tableText(table)[1]?.[3]).toBe('Hincas'));
    expect(tableText(table)).toEqual([
      ['Color', 'Código', 'Nombre', 'Tipo de elemento', 'Características', 'Depende de', 'Acciones'],
      ['', 'HINC', 'HincadoLa hinca está en el suelo', 'Hincas', 'OK', '—', ''],
      ['', 'NOK', 'No OK', 'Hincas', 'No OKRestringidoInactivo', 'HINC · Hincado', ''],
    ]);
    const [, hincado, notOk] = within(table).getAllByRole('row');
    expect(within(notOk).getByRole('img', { name: '#cc0000' })).toBeTruthy();
    expect(notOk.getAttribute('style') ?? '').toContain('dimmed');
    expect(hincado.getAttribute('style') ?? '').not.toContain('dimmed');
    expect(within(hincado).getByRole('button', { name: 'Eliminar Hincado' })).toBeTruthy();
  });

  it('list the state groups with their count and swatches', async () => {
    renderPage(StateGroupsTab, '*', '/');
    const table = await screen.findByRole('table', { name: 'Grupos de estados' });
    await waitFor(() => expect(within(table).getAllByRole('img')).toHaveLength(2));
    expect(tableText(table)).toEqual([
      ['Grupo', 'Estados', 'Acciones'],
      ['Hincado básicoSolo hincas', '2 estados', ''],
    ]);
    expect(within(table).getByRole('button', { name: 'Editar Hincado básico' })).toBeTruthy();
  });

  it('say when there are no state groups', async () => {
    groups = [];
    renderPage(StateGroupsTab, '*', '/');
    expect(await screen.findByText('Todavía no hay grupos de estados')).toBeTruthy();
  });
});
