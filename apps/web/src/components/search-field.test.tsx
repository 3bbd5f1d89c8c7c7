import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { renderWithProviders } from '../test/render';
import { SearchField } from './search-field';

afterEach(cleanup);

describe('SearchField', () => {
  it('is named Buscar, reports what is typed and clears through onChange', () => {
    changeLanguage('es');
    const onChange = vi.fn();
    renderWithProviders(<SearchField value="ana" onChange={onChange} placeholder="Nombre" />);
    const input = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(input, { target: { value: 'anab' } });
    expect(onChange).toHaveBeenLastCalledWith('anab');
    fireEvent.click(screen.getByRole('button', { name: 'Borrar la búsqueda' }));
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('takes its name from a visible label, and offers no clear button when empty or not clearable', () => {
    changeLanguage('es');
    renderWithProviders(<SearchField label="Código" value="" onChange={() => {}} />);
    expect(screen.getByRole('searchbox', { name: 'Código' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    renderWithProviders(<SearchField label="Código" value="x" onChange={() => {}} clearable={false} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('runs onClear instead when given', () => {
    const onChange = vi.fn();
    const onClear = vi.fn();
    renderWithProviders(<SearchField value="x" onChange={onChange} onClear={onClear} />);
    fireEvent.click(screen.getAllByRole('button')[0]);
    expect(onClear).toHaveBeenCalledOnce();
    expect(onChange).not.toHaveBeenCalled();
  });
});
