import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ElementsByState, ElementsOk } from '@heliotrack/domain/dashboard';
import { cleanupPage, renderPage, serveApi, signInAs, tableText } from '../../../test/page';
import { addDays, todayIso } from '../lib/dates';
import { ComparePanel } from './compare-panel';

const TYPES: ElementsOk = [
  { element_type: 4, code: 'MOD', name: 'Módulos', total: 300, ok: 120, not_ok: 5, no_state: 175 },
  { element_type: 5, code: 'HIN', name: 'Hincas', total: 90, ok: 40, not_ok: 2, no_state: 48 },
];
const today = todayIso();

/** The plant's modules: 100 ok and 10 not ok a month ago, 120 and 5 today. */
function answer(url: URL): ElementsByState {
  const isToday = url.searchParams.get('target_date') === today;
  const state = (id: number, isOk: boolean, count: number) => ({
    state: id,
    element_type: 4,
    code: `S${id}`,
    name: `S${id}`,
    color: '00aa00',
    is_ok: isOk,
    count,
  });
  return {
    plant: 3,
    element_type: 4,
    ctr: null,
    target_date: url.searchParams.get('target_date'),
    total: 300,
    no_state: 0,
    states: [state(1, true, isToday ? 120 : 100), state(2, false, isToday ? 5 : 10)],
  };
}

beforeEach(() => {
  signInAs('AD');
  serveApi(({ path, url }) => (path === 'elements-by-state/' ? answer(url) : undefined));
});
afterEach(cleanupPage);

const renderPanel = () =>
  renderPage(() => <ComparePanel plantId={3} types={TYPES} ctrs={[]} initialCtr={null} />, '*', '/');

async function addElement(name: string) {
  fireEvent.click(screen.getByRole('combobox', { name: 'Tipo de elemento' }));
  fireEvent.click(await screen.findByRole('option', { name }));
  fireEvent.click(screen.getByRole('button', { name: 'Añadir elemento' }));
}

describe('compare ok against not ok elements', () => {
  it('shows no table until a comparison with an element is asked for', async () => {
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Comparar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Se necesita al menos un elemento para comparar.',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('compares the added element at the start and at the end date, with the change of ok', async () => {
    renderPanel();
    await addElement('Módulos');
    fireEvent.click(screen.getByRole('button', { name: 'Comparar' }));
    const table = await screen.findByRole('table', { name: 'Estados OK frente a no OK' });
    await waitFor(() => expect(tableText(table)).toHaveLength(2));
    const start = addDays(today, -30).split('-').reverse().join('/');
    const end = today.split('-').reverse().join('/');
    expect(tableText(table)).toEqual([
      [
        'Tipo de elemento',
        `OK el ${start}`,
        `No OK el ${start}`,
        `OK el ${end}`,
        `No OK el ${end}`,
        'Variación de OK',
      ],
      ['Módulos', '100', '10', '120', '5', '+20'],
    ]);
    const change = within(table).getByText('+20');
    expect(change.getAttribute('style') ?? '').toContain('green');
  });
});
