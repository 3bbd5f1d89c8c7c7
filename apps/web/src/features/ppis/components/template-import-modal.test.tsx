import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TemplateImportResult } from '@heliotrack/domain/ppis';
import { cleanupPage, renderPage, serveApi, signInAs, tableText } from '../../../test/page';
import { TemplateImportModal } from './template-import-modal';

const WRONG: TemplateImportResult = {
  dry_run: true,
  total: 2,
  activities: [{ row: 2, name: 'Par de apriete', criteria: '≥ 80 Nm', is_required: true, roles: ['CA'] }],
  errors: [{ row: 3, field: 'required', message: '«quizás» no es un valor válido para «obligatoria»: use sí o no.' }],
  error_count: 1,
  template: null,
};
const RIGHT: TemplateImportResult = {
  ...WRONG,
  activities: [...WRONG.activities, { row: 3, name: 'Nivelado', criteria: '', is_required: false, roles: ['CA', 'TC'] }],
  errors: [],
  error_count: 0,
};

function Importing() {
  return <TemplateImportModal onClose={() => {}} />;
}

afterEach(cleanupPage);

describe('a template imported from a sheet', () => {
  it('previews every error by row, then the activities it will create, before importing', async () => {
    signInAs('AD');
    const previews = [WRONG, RIGHT];
    serveApi(({ method, path }) => {
      if (path === 'client-element-types') return [{ id: 5, code: 'TRA', name: 'Trackers' }];
      if (path === 'plants/') return [];
      if (method === 'POST' && path === 'templates/import/') return previews.shift();
    });
    renderPage(Importing, 'ppis/templates', '/ppis/templates');
    const dialog = await screen.findByRole('dialog', { name: 'Importar plantilla desde una hoja' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nombre de la plantilla' }), { target: { value: 'Seguidores' } });
    const type = within(dialog).getByLabelText(/Tipo de elemento/);
    // The types arrive after the dialog opens: until then the list has no option.
    await waitFor(() => {
      fireEvent.click(type);
      expect(document.querySelectorAll('[role=option]').length).toBeGreaterThan(0);
    });
    fireEvent.click(screen.getByRole('option', { name: 'Trackers', hidden: true }));
    const fileInput = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const sheet = new File(['nombre;criterio;obligatoria;roles'], 'seguidores.csv', { type: 'text/csv' });
    fireEvent.change(fileInput, { target: { files: [sheet] } });
    const importButton = within(dialog).getByRole('button', { name: 'Importar' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Previsualizar' }));
    const errors = await within(dialog).findByRole('table', { name: 'Errores por fila' });
    expect(tableText(errors)).toEqual([
      ['Fila', 'Columna', 'Error'],
      ['3', 'required', '«quizás» no es un valor válido para «obligatoria»: use sí o no.'],
    ]);
    expect(importButton).toHaveProperty('disabled', true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Previsualizar' }));
    const activities = await within(dialog).findByRole('table', { name: 'Actividades que se crearán' });
    await waitFor(() => expect(within(dialog).queryByRole('table', { name: 'Errores por fila' })).toBeNull());
    expect(tableText(activities)).toEqual([
      ['Fila', 'Actividad', 'Criterio', 'Obligatoria', 'Roles'],
      ['2', 'Par de apriete', '≥ 80 Nm', 'Sí', 'Inspector de calidad'],
      ['3', 'Nivelado', '—', 'No', 'Inspector de calidad, Técnico de campo'],
    ]);
    expect(importButton).toHaveProperty('disabled', false);
  });
});
