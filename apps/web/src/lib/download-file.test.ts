import { describe, expect, it } from 'vitest';
import { apiUrl, fileNameOf } from './download-file';

describe('file downloads', () => {
  it('read the server’s file name, preferring the UTF-8 one', () => {
    expect(fileNameOf('attachment; filename="informe.pdf"')).toBe('informe.pdf');
    expect(fileNameOf('attachment; filename=elementos.csv')).toBe('elementos.csv');
    expect(
      fileNameOf(`attachment; filename="informe.pdf"; filename*=UTF-8''informe%20planta%20m%C3%B3dulos.pdf`),
    ).toBe('informe planta módulos.pdf');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });

  it('build API addresses with their query, leaving unset values out', () => {
    const url = apiUrl('plants/4/elements/export/', {
      format: 'csv',
      type: 'MOD',
      code: undefined,
      ct: null,
    });
    expect(url.pathname).toBe('/api/plants/4/elements/export/');
    expect(url.search).toBe('?format=csv&type=MOD');
  });
});
