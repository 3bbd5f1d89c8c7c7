import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { State } from '@heliotrack/domain/catalogues';
import type { ElementsOk } from '@heliotrack/domain/dashboard';
import type { Milestone } from '@heliotrack/domain/milestones';
import { cleanupPage, renderPage, serveApi, signInAs, tableText } from '../../../test/page';
import { PlanningModal, type PlanningView } from './planning-modal';

function milestone(id: number, name: string, targetDate: string): Milestone {
  return {
    id,
    plant: 3,
    name,
    element_type: 4,
    state: 9,
    target_count: 200,
    target_date: targetDate,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };
}
const TYPES: ElementsOk = [
  { element_type: 4, code: 'MOD', name: 'Módulos', total: 300, ok: 120, not_ok: 5, no_state: 175 },
];
const STATES: State[] = [
  {
    id: 9,
    element_type: 4,
    code: 'MON',
    name: 'Montado',
    description: '',
    color: '00aa00',
    restringed: false,
    is_ok: true,
    depends_on: null,
    is_active: true,
  },
];
let milestones: Milestone[];
let requests: string[];
let views: PlanningView[];

beforeEach(() => {
  signInAs('AD');
  // Listed by target date: the later one last.
  milestones = [
    milestone(2, 'Módulos montados', '2099-06-30'),
    milestone(1, 'Primeros módulos', '2099-01-31'),
  ];
  requests = [];
  views = [];
  serveApi(({ method, path }) => {
    requests.push(`${method} ${path}`);
    if (path === 'plants/3/milestones/') return milestones;
    if (path === 'plants/3/elements-ok/') return TYPES;
    if (path === 'plants/3/states/') return STATES;
    const followup = /^plants\/3\/milestones\/(\d+)\/followup\/$/.exec(path);
    if (followup) {
      const target = milestones.find((m) => m.id === Number(followup[1]))!;
      return {
        milestone: target,
        start_date: '2026-01-01',
        target_date: target.target_date,
        target_count: 200,
        reaching_states: [9],
        points: [{ date: '2026-01-01', planned: 0, actual: 50 }],
      };
    }
    if (method === 'DELETE' && path === 'plants/3/milestones/1/') return new Response(null, { status: 204 });
  });
});
afterEach(cleanupPage);

function renderModal(canManage = true) {
  renderPage(
    () => (
      <PlanningModal
        plantId={3}
        plantName="Carmona"
        view={{ kind: 'list' }}
        onView={(view) => views.push(view)}
        onClose={() => {}}
        canManage={canManage}
        onCreated={() => {}}
      />
    ),
    '*',
    '/',
  );
}

describe('the planning of a plant', () => {
  it('lists the milestones by target date with their type, state and progress', async () => {
    renderModal();
    const table = await screen.findByRole('table', { name: 'Hitos de planificación' });
    await waitFor(() => expect(within(table).getAllByTestId('milestone-progress')).toHaveLength(2));
    await waitFor(() => expect(tableText(table)[1]?.[2]).toBe('Montado'));
    expect(tableText(table).map((row) => row.slice(0, 6))).toEqual([
      ['Nombre', 'Tipo de elemento', 'Estado objetivo', 'Cantidad objetivo', 'Fecha objetivo', 'Avance'],
      [
        'Primeros módulos',
        'Módulos',
        'Montado',
        '200',
        '31/01/2099',
        expect.stringMatching(/^50 \/ 200\s*25\s%$/),
      ],
      ['Módulos montados', 'Módulos', 'Montado', '200', '30/06/2099', expect.stringMatching(/^50 \/ 200/)],
    ]);
  });

  it('edits a milestone, and deletes one after a confirmation', async () => {
    renderModal();
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Primeros módulos' }));
    expect(views).toEqual([{ kind: 'form', milestone: milestones[1] }]);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Primeros módulos' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Eliminar el hito' });
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(requests).toContain('DELETE plants/3/milestones/1/'));
  });

  it('offers no actions to those who only read', async () => {
    renderModal(false);
    const table = await screen.findByRole('table', { name: 'Hitos de planificación' });
    await waitFor(() => expect(tableText(table)).toHaveLength(3));
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.getByText('Solo los administradores pueden crear, editar o eliminar hitos.')).toBeTruthy();
  });

  it('says when the plant has no milestones', async () => {
    milestones = [];
    renderModal();
    const table = await screen.findByRole('table', { name: 'Hitos de planificación' });
    expect(
      await within(table).findByText('Esta planta todavía no tiene hitos de planificación.'),
    ).toBeTruthy();
  });
});
