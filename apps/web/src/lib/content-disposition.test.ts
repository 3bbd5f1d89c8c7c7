import { describe, expect, it } from 'vitest';
import { fileNameOf } from './content-disposition';

describe('Content-Disposition', () => {
  it('gives the server’s file name, preferring the UTF-8 one', () => {
    expect(fileNameOf('attachment; filename="informe.pdf"')).toBe('informe.pdf');
    expect(fileNameOf('attachment; filename=elementos.csv')).toBe('elementos.csv');
    expect(
      fileNameOf(`attachment; filename="informe.pdf"; filename*=UTF-8''informe%20planta%20m%C3%B3dulos.pdf`),
    ).toBe('informe planta módulos.pdf');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
