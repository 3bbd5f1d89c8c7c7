import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { closeAllDialogs, getOpenDialogs } from '../../../lib/dialogs';
import { changeLanguage } from '../../../lib/i18n';
import { showStateError } from './show-state-error';

describe('showStateError (specification section 8)', () => {
  afterEach(() => {
    closeAllDialogs();
    changeLanguage('es');
  });

  it('opens a dialog titled "Error al crear el estado" with the server messages joined by commas', () => {
    changeLanguage('es');
    showStateError(
      'create',
      new ApiError(400, 'Bad Request', {
        code: ['Ya existe un estado con este código.'],
        color: ['Color no válido.'],
      }),
    );
    const [dialog] = getOpenDialogs();
    expect(getOpenDialogs()).toHaveLength(1);
    expect(dialog.title).toBe('Error al crear el estado');
    expect(dialog.message).toBe('Ya existe un estado con este código., Color no válido.');
  });

  it('titles edit and delete failures, translated', () => {
    changeLanguage('en');
    showStateError('delete', new ApiError(400, 'Bad Request', { non_field_errors: ['In use.'] }));
    expect(getOpenDialogs()[0].title).toBe('Error deleting the state');
    closeAllDialogs();
    changeLanguage('es');
    showStateError('edit', new ApiError(400, 'Bad Request', { detail: 'Ciclo.' }));
    expect(getOpenDialogs()[0]).toMatchObject({ title: 'Error al editar el estado', message: 'Ciclo.' });
  });

  it('says "Error desconocido al eliminar el estado" for any other failure', () => {
    changeLanguage('es');
    showStateError('delete', new ApiError(403, 'Forbidden', { detail: 'No.' }));
    expect(getOpenDialogs()[0].message).toBe('Error desconocido al eliminar el estado');
  });
});
