import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { closeAllDialogs, getOpenDialogs } from '../../../lib/dialogs';
import { changeLanguage } from '../../../lib/i18n';
import { showFlashReportError } from './show-flash-report-error';

describe('showFlashReportError (specification section 8)', () => {
  afterEach(() => {
    closeAllDialogs();
    changeLanguage('es');
  });

  it('titles a 400 "Error al crear el flash report" and lists the server messages joined by commas', () => {
    changeLanguage('es');
    showFlashReportError(
      'create',
      new ApiError(400, 'Bad Request', {
        title: ['Máximo 200 caracteres.'],
        severity: ['Opción no válida.'],
      }),
    );
    expect(getOpenDialogs()).toHaveLength(1);
    expect(getOpenDialogs()[0]).toMatchObject({
      kind: 'alert',
      title: 'Error al crear el flash report',
      message: 'Máximo 200 caracteres., Opción no válida.',
    });
  });

  it('titles edit and delete 400s, in English and Italian too', () => {
    changeLanguage('en');
    showFlashReportError('edit', new ApiError(400, 'Bad Request', { non_field_errors: ['Closed.'] }));
    expect(getOpenDialogs()[0]).toMatchObject({
      title: 'Error editing the flash report',
      message: 'Closed.',
    });
    closeAllDialogs();
    showFlashReportError('delete', new ApiError(400, 'Bad Request', { detail: 'In use.' }));
    expect(getOpenDialogs()[0].title).toBe('Error deleting the flash report');
    closeAllDialogs();
    changeLanguage('it');
    showFlashReportError('create', new ApiError(400, 'Bad Request', { title: ['Obbligatorio.'] }));
    expect(getOpenDialogs()[0].title).toBe('Errore durante la creazione del rapporto flash');
  });

  it('says "Error desconocido al eliminar el flash report" for any failure but a 400', () => {
    changeLanguage('es');
    showFlashReportError('delete', new ApiError(403, 'Forbidden', { detail: 'No.' }));
    expect(getOpenDialogs()[0]).toMatchObject({ message: 'Error desconocido al eliminar el flash report' });
    expect(getOpenDialogs()[0].title).toBeUndefined();
    closeAllDialogs();
    changeLanguage('en');
    showFlashReportError('create', new TypeError('boom'));
    expect(getOpenDialogs()[0].message).toBe('Unknown error creating the flash report');
  });

  it('leaves 5xx and network failures to the server-error dialog: no second dialog', () => {
    showFlashReportError('edit', new ApiError(500, 'Internal Server Error', null));
    showFlashReportError('edit', new ApiError(0, 'Failed to fetch', null));
    expect(getOpenDialogs()).toHaveLength(0);
  });
});
