import { describe, expect, it } from 'vitest';
import { winAnsi } from '../src/lib/pdf/win-ansi';

// The dossier's standard PDF fonts encode WinAnsi only: the demo's criteria "≤ 20 mm" came out as '"d 20 mm'.
describe('winAnsi', () => {
  it('keeps Spanish, Italian and the WinAnsi signs as they are', () => {
    const text = 'Inclinación ± 1° · «Galvanizado» — año, perché, €, …';
    expect(winAnsi(text)).toBe(text);
  });

  it('writes out the signs of inspection criteria the fonts cannot draw, and marks any other', () => {
    expect(winAnsi('Desviación ≤ 20 mm, par ≥ 120 N·m, ⌀ 12 µm, 5 μm')).toBe('Desviación <= 20 mm, par >= 120 N·m, Ø 12 µm, 5 µm');
    expect(winAnsi('Nota 😀 日本')).toBe('Nota ? ??');
  });
});
