import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PpiResult } from '@heliotrack/domain/ppi-results';
import { formatDateTime } from '../../../lib/format';
import { cleanupPage, renderPage, serveApi, signInAs, tableText } from '../../../test/page';
import { ResultDetailModal } from './result-detail-modal';

const RESULT: PpiResult = {
  id: 11,
  ppi: 1,
  activity: { id: 7, position: 1, name: 'Galvanizado', roles: ['CA'] },
  element: { id: 101, code: 'HIN-0001', type: 'HIN' },
  result: 'not_ok',
  observations: 'Galvanizado dañado\nen la cabeza',
  equipment: { id: 2, name: 'Galga', certificate_number: 'C-77', calibration_date: '2026-01-31', expiry_date: '2027-01-31' },
  result_date: '2026-11-24',
  author: { id: 9, name: 'Carla' },
  role: 'CA',
  documents: [],
  editable: true,
  observed_at: '2026-11-24T09:00:00Z',
  created_at: '2026-11-24T09:00:00Z',
  updated_at: '2026-11-24T09:30:00Z',
};

afterEach(cleanupPage);

function show(result: PpiResult, readOnly: boolean, onEdit: (result: PpiResult) => void) {
  serveApi(({ path }) => {
    if (path === 'ppis/1/ppi-results/11/' || path === 'ppis/1/ppi-results/11/other-roles-result') return result;
  });
  renderPage(
    () => <ResultDetailModal ppiId={1} resultId={11} readOnly={readOnly} onEdit={onEdit} onClose={() => {}} />,
    'ppis/:ppiId/ppi-results',
    '/ppis/1/ppi-results',
  );
}

describe('the detail of a PPI result', () => {
  it('shows who recorded it and when, the observations and the equipment, and records it again', async () => {
    signInAs('CA');
    const onEdit = vi.fn();
    show(RESULT, false, onEdit);
    const dialog = await screen.findByRole('dialog', { name: 'Resultado de la inspección' });
    const facts = await within(dialog).findByRole('table', { name: 'Resultado de la inspección' });
    expect(tableText(facts)).toEqual([
      ['Registrado por', 'Carla (Inspector de calidad)'],
      ['Fecha', `24/11/2026 · registrado el ${formatDateTime(RESULT.updated_at)}`],
      ['Observaciones', 'Galvanizado dañado\nen la cabeza'],
      ['Equipo de medida', 'Galga · certificado C-77 · calibrado hasta 31/01/2027'],
    ]);
    expect(within(dialog).queryByTestId('result-read-only')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Modificar' }));
    expect(onEdit).toHaveBeenCalledWith(RESULT);
  });

  it("opens another role's result read-only, with dashes for what it lacks", async () => {
    signInAs('TC');
    show({ ...RESULT, editable: false, observations: '', equipment: null, author: null }, true, vi.fn());
    const dialog = await screen.findByRole('dialog', { name: 'Resultado de la inspección' });
    expect(await within(dialog).findByTestId('result-read-only')).toBeTruthy();
    await waitFor(() =>
      expect(tableText(within(dialog).getByRole('table'))).toEqual([
        ['Registrado por', '— (Inspector de calidad)'],
        ['Fecha', `24/11/2026 · registrado el ${formatDateTime(RESULT.updated_at)}`],
        ['Observaciones', '—'],
        ['Equipo de medida', '—'],
      ]),
    );
    expect(within(dialog).queryByRole('button', { name: 'Modificar' })).toBeNull();
  });
});
