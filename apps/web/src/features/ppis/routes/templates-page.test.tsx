import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Template } from '@heliotrack/domain/ppis';
import { cleanupPage, renderPage, serveApi, signInAs, tableText } from '../../../test/page';
import { TemplatesPage } from './templates-page';

const activity = (id: number, name: string) => ({ id, position: id, name, criteria: '', is_required: true, roles: [] });
function template(id: number, name: string, plant: number | null, ppiCount: number): Template {
  return {
    id,
    name,
    plant,
    element_type: { id: 5, code: 'TRA', name: 'Trackers' },
    activities: [activity(1, 'Par de apriete'), activity(2, 'Nivelado')],
    ppi_count: ppiCount,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
  };
}

function serve(templates: Template[]) {
  serveApi(({ path }) => {
    if (path === 'templates/') return templates;
    if (path === 'plants/') return [{ id: 3, name: 'Carmona I', code: 'CAR-01' }];
  });
}

afterEach(cleanupPage);

describe('the PPI templates page', () => {
  it('lists the templates: name over its activities, type, plant (or all), counts and actions', async () => {
    signInAs('AD');
    serve([template(1, 'Seguidores', 3, 2), template(2, 'Hincas', null, 0)]);
    renderPage(TemplatesPage, 'ppis/templates', '/ppis/templates');
    const table = await screen.findByRole('table', { name: 'Plantillas de PPI' });
    await waitFor(() => expect(tableText(table)[1]?.[2]).toBe('Carmona I'));
    expect(tableText(table)).toEqual([
      ['Plantilla', 'Tipo de elemento', 'Planta', 'Actividades', 'PPIs', 'Acciones'],
      ['SeguidoresPar de apriete · Nivelado', 'Trackers', 'Carmona I', '2', '2', ''],
      ['HincasPar de apriete · Nivelado', 'Trackers', 'Todas las plantas', '2', '0', ''],
    ]);
    expect(within(table).getByRole('button', { name: 'Eliminar Hincas' })).toBeTruthy();
  });

  it('says when there are none, and keeps them from non-administrators', async () => {
    signInAs('AD');
    serve([]);
    renderPage(TemplatesPage, 'ppis/templates', '/ppis/templates');
    expect(await screen.findByText('Todavía no hay plantillas')).toBeTruthy();
    cleanupPage();

    signInAs('TC');
    serve([template(1, 'Seguidores', 3, 2)]);
    renderPage(TemplatesPage, 'ppis/templates', '/ppis/templates');
    expect(await screen.findByText('Solo los administradores gestionan las plantillas.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
