import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TOUCH_QUERY } from '../../lib/field-layout';
import { changeLanguage } from '../../lib/i18n';
import { emulateMedia, renderWithProviders } from '../../test/render';
import { DrawingHint, MapHint } from './drawing-hint';

afterEach(() => {
  cleanup();
  emulateMedia([]);
});

describe('the hint over a map', () => {
  it('tells how to draw the polygon with a mouse, and by touch on a touch screen', () => {
    changeLanguage('es');
    renderWithProviders(<DrawingHint />);
    expect(screen.getByText('Haz clic para añadir vértices; cierra el polígono en el primer punto o con Intro.')).toBeTruthy();
    cleanup();
    emulateMedia([TOUCH_QUERY]);
    renderWithProviders(<DrawingHint />);
    expect(screen.queryByText(/Haz clic/)).toBeNull();
    expect(screen.getByText(/^Toca/)).toBeTruthy();
  });

  it('shows any other line of help the same way', () => {
    changeLanguage('en');
    renderWithProviders(<MapHint>No trackers inside the polygon.</MapHint>);
    expect(screen.getByText('No trackers inside the polygon.')).toBeTruthy();
    changeLanguage('es');
  });
});
