import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@heliotrack/domain/constants';
import { apiUrl, fetchFile } from './download-file';
import { clearServerError } from './server-error';

afterEach(() => {
  vi.unstubAllGlobals();
  clearServerError();
  localStorage.clear();
});

describe('file downloads', () => {
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

  it('go through the http client: bearer token, token refresh and retry, the bytes as they came', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'old');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 1, roles: [] }));
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff]);
    const fetchMock = vi.fn(async (input: string, init: RequestInit) => {
      const auth = new Headers(init.headers).get('Authorization');
      if (input === '/api/token/refresh/') {
        return new Response(JSON.stringify({ access: 'new', refresh: 'refresh-2' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      if (auth === 'Bearer old') {
        return new Response(JSON.stringify({ code: 'token_not_valid' }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return new Response(bytes, {
        status: 200,
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': 'attachment; filename="elementos.xlsx"',
        },
      });
    });
    vi.stubGlobal('fetch', fetchMock);

    const file = await fetchFile(apiUrl('plants/4/elements/export/', { format: 'xlsx' }));

    expect(file.name).toBe('elementos.xlsx');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(bytes);
    expect(fetchMock.mock.calls.map(([input]) => input)).toEqual([
      '/api/plants/4/elements/export/?format=xlsx',
      '/api/token/refresh/',
      '/api/plants/4/elements/export/?format=xlsx',
    ]);
    expect(new Headers(fetchMock.mock.calls[2][1].headers).get('Authorization')).toBe('Bearer new');
  });
});
