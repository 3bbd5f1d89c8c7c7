import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Ruc } from '@heliotrack/domain/rucs';
import { cleanupPage, renderPage, serveApi, signInAs, tableText } from '../../../test/page';
import { PlantRucsPage } from './plant-rucs-page';

let rucs: Ruc[];

beforeEach(() => {
  signInAs('AD');
  rucs = [
    { id: 8, plant: 3, name: 'Montadores', description: 'Quien monta los módulos', states: [1, 2] },
    { id: 9, plant: 3, name: 'Calidad', description: '', states: [4] },
  ];
  serveApi(({ path }) => {
    if (path === 'plants/3/rucs/') return rucs;
    if (path === 'plants/3/') return { id: 3, name: 'Carmona I', code: 'CAR-01' };
  });
});
afterEach(cleanupPage);

describe("a plant's RUCs page", () => {
  it('lists the RUCs, each a link to its states, with its count and actions', async () => {
    renderPage(PlantRucsPage, 'plants/:plantId/rucs', '/plants/3/rucs');
    const table = await screen.findByRole('table', { name: 'RUCs de Carmona I' });
    await waitFor(() => expect(tableText(table)[1]?.[0]).toBe('Montadores'));
    expect(tableText(table)).toEqual([
      ['RUC', 'Descripción', 'Estados', 'Acciones'],
      ['Montadores', 'Quien monta los módulos', '2 estados', ''],
      ['Calidad', '—', '1 estado', ''],
    ]);
    expect(within(table).getByRole('link', { name: 'Calidad' }).getAttribute('href')).toBe('/plants/3/rucs/9');
    expect(within(table).getByRole('button', { name: 'Eliminar Montadores' })).toBeTruthy();
  });

  it('says when the plant has none', async () => {
    rucs = [];
    renderPage(PlantRucsPage, 'plants/:plantId/rucs', '/plants/3/rucs');
    expect(await screen.findByText('Esta planta no tiene RUCs')).toBeTruthy();
  });
});
