import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { closeAllDialogs, confirm } from '../../lib/dialogs';
import { renderWithProviders } from '../../test/render';
import { ConfirmDialogs } from './confirm-dialog';

afterEach(() => {
  cleanup();
  act(() => closeAllDialogs());
});

describe('confirmation dialog', () => {
  it('shows the attention heading and Aceptar by default and resolves true on accept', async () => {
    changeLanguage('es');
    renderWithProviders(<ConfirmDialogs />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({ message: '¿Desactivar a Ana? <b>No podrá entrar</b>' });
    });

    expect(await screen.findByText('Atención')).toBeTruthy();
    // Markup in a message is text, never HTML (the dialog has no raw-HTML prop).
    expect(screen.getByText('¿Desactivar a Ana? <b>No podrá entrar</b>')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false on cancel', async () => {
    renderWithProviders(<ConfirmDialogs />);
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirm({ title: 'Desactivar usuario', message: '¿Seguro?' });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await expect(answer).resolves.toBe(false);
  });
});
