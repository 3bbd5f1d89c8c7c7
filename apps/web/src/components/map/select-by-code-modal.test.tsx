import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { parseCodes, SelectByCodeModal } from './select-by-code-modal';

afterEach(cleanup);

describe('selection by code (issue 34)', () => {
  it('splits a pasted column, commas, semicolons and spaces, each code once', () => {
    expect(parseCodes('HIN-0001\nHIN-0002, HIN-0003;HIN-0001  \t HIN-0004\r\n')).toEqual([
      'HIN-0001',
      'HIN-0002',
      'HIN-0003',
      'HIN-0004',
    ]);
    expect(parseCodes(' ,; \n')).toEqual([]);
  });

  it('sends the codes and closes; with none typed it says so and sends nothing', async () => {
    changeLanguage('es');
    const onSelect = vi.fn(async () => undefined);
    const onClose = vi.fn();
    renderWithProviders(<SelectByCodeModal opened typeName="Hincas" onClose={onClose} onSelect={onSelect} />);
    expect(await screen.findByRole('dialog', { name: 'Seleccionar por código · Hincas' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Seleccionar' }));
    expect(await screen.findByText('Este campo es obligatorio.')).toBeTruthy();
    expect(onSelect).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: 'Códigos' }), {
      target: { value: 'HIN-0001, HIN-0002' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Seleccionar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSelect).toHaveBeenCalledWith(['HIN-0001', 'HIN-0002']);
  });

  it('keeps the modal open with the reason when nothing matched', async () => {
    changeLanguage('en');
    const onClose = vi.fn();
    renderWithProviders(
      <SelectByCodeModal
        opened
        typeName="Piles"
        onClose={onClose}
        onSelect={() => Promise.reject(new Error('No element of type Piles has these codes.'))}
      />,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: 'Codes' }), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(await screen.findByText('No element of type Piles has these codes.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    changeLanguage('es');
  });
});
