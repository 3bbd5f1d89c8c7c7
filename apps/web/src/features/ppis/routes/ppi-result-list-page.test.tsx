import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PpiResult } from '@heliotrack/domain/ppi-results';
import type { PpiDetail } from '@heliotrack/domain/ppis';
import { cleanupPage, renderPage, serveApi, signInAs, tableText } from '../../../test/page';
import { PpiResultListPage } from './ppi-result-list-page';

const plant = { id: 3, name: 'Carmona I', code: 'CAR-01' };
const galvanised = { id: 7, position: 1, name: 'Galvanizado', criteria: '', is_required: true, roles: ['TC'] };
const PLAN = {
  id: 1,
  plant,
  code: 'PPI-HIN-01',
  name: 'Hincado',
  template: null,
  element_type: { id: 5, code: 'HIN', name: 'Hincas' },
  status: 'open',
  closed_by: null,
  closed_at: null,
  logo: null,
  activity_count: 1,
  required_activity_count: 1,
  element_count: 2,
  links_version: 1,
  users: [],
  activities: [galvanised],
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
} as unknown as PpiDetail;

function result(id: number, code: string, value: PpiResult['result'], observations: string): PpiResult {
  return {
    id,
    ppi: 1,
    activity: { id: galvanised.id, position: 1, name: galvanised.name, roles: ['TC'] },
    element: { id: 100 + id, code, type: 'HIN' },
    result: value,
    observations,
    equipment: null,
    result_date: '2026-11-24',
    author: { id: 9, name: 'Teo' },
    role: 'TC',
    documents: [],
    editable: false,
    observed_at: '2026-11-24T09:00:00Z',
    created_at: '2026-11-24T09:00:00Z',
    updated_at: '2026-11-24T09:00:00Z',
  };
}
const RESULTS = [result(11, 'HIN-0001', 'not_ok', 'Galvanizado dañado en la cabeza'), result(12, 'HIN-0002', 'ok', '')];

function serve(results: PpiResult[]) {
  serveApi(({ path }) => {
    if (path === 'ppis/1') return PLAN;
    if (path === 'ppis/1/ppi-results') return { count: results.length, next: null, previous: null, results };
    if (path === 'ppis/1/user-ppi-permissions') return { role: 'CA', recordable_activities: [] };
    if (path === 'ppis/1/ppi-results/11/other-roles-result') return RESULTS[0];
  });
}

const ROUTE = 'ppis/:ppiId/ppi-results/details/by-elements-and-roles';

afterEach(cleanupPage);

describe('the list of PPI results', () => {
  it('lists the results and opens one, read-only, from its element', async () => {
    signInAs('CA');
    serve(RESULTS);
    renderPage(PpiResultListPage, ROUTE, '/ppis/1/ppi-results/details/by-elements-and-roles');
    const table = await screen.findByRole('table', { name: 'Resultados' });
    await waitFor(() => expect(tableText(table)).toHaveLength(3));
    expect(tableText(table)).toEqual([
      ['Elemento', 'Actividad', 'Resultado', 'Registrado por', 'Fecha', 'Observaciones'],
      ['HIN-0001', '1. Galvanizado', 'No OK', 'Teo (Técnico de campo)', '24/11/2026', 'Galvanizado dañado en la cabeza'],
      ['HIN-0002', '1. Galvanizado', 'OK', 'Teo (Técnico de campo)', '24/11/2026', ''],
    ]);
    fireEvent.click(within(table).getByRole('button', { name: 'Resultado de Galvanizado en HIN-0001' }));
    const detail = await screen.findByRole('dialog', { name: 'Resultado de la inspección' });
    expect(await within(detail).findByTestId('result-read-only')).toBeTruthy();
  });

  it('says so when no result matches the filters', async () => {
    signInAs('CA');
    serve([]);
    renderPage(PpiResultListPage, ROUTE, '/ppis/1/ppi-results/details/by-elements-and-roles?result=na');
    const table = await screen.findByRole('table', { name: 'Resultados' });
    await waitFor(() => expect(tableText(table)[1]).toEqual(['Ningún resultado coincide con los filtros.']));
  });
});
