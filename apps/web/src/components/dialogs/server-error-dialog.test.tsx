import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { clearServerError, getServerError, setServerError } from '../../lib/server-error';
import { renderWithProviders } from '../../test/render';
import { ServerErrorDialog } from './server-error-dialog';

afterEach(() => {
  cleanup();
  act(() => clearServerError());
  changeLanguage('es');
});

describe('server-error dialog', () => {
  it('opens when a server error is set, in Spanish, and ACEPTAR clears it', async () => {
    changeLanguage('es');
    renderWithProviders(<ServerErrorDialog />);
    expect(screen.queryByText('Error en el servidor')).toBeNull();

    act(() => setServerError({ status: 502, statusText: 'Bad Gateway' }));

    expect(await screen.findByText('Error en el servidor')).toBeTruthy();
    expect(screen.getByText('Código: 502')).toBeTruthy();
    expect(screen.getByText('Mensaje: Bad Gateway')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ACEPTAR' }));
    expect(getServerError()).toBeNull();
  });

  it('follows the current language and the close icon clears it too', async () => {
    changeLanguage('en');
    renderWithProviders(<ServerErrorDialog />);
    act(() => setServerError({ status: 500, statusText: 'Internal Server Error' }));

    expect(await screen.findByText('Server error')).toBeTruthy();
    expect(screen.getByText('Code: 500')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ACCEPT' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(getServerError()).toBeNull();
  });
});
