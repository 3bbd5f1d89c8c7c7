import { afterEach, describe, expect, it, vi } from 'vitest';
import { authorizeApiRequest } from '../components/map/auth-request';
import { plantTileUrl } from '../components/map/plant-tiles';
import { apiUrl, isOwnApi } from './download-file';
import { http } from './http-client';
import {
  apiAddress,
  apiPathOf,
  apiRoot,
  getServerUrl,
  normalizeServerUrl,
  resolveServerAddress,
  setServerUrl,
} from './server-url';
import { clearAllStorage } from './storage';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const origin = () => window.location.origin;

describe('normalizeServerUrl', () => {
  it('keeps http(s) addresses without trailing slash, query or a pasted /api', () => {
    expect(normalizeServerUrl(' https://obra.example.com/ ')).toBe('https://obra.example.com');
    expect(normalizeServerUrl('https://obra.example.com/api/')).toBe('https://obra.example.com');
    expect(normalizeServerUrl('http://10.0.2.2:8080')).toBe('http://10.0.2.2:8080');
    expect(normalizeServerUrl('https://example.com/heliotrack/?x=1#y')).toBe('https://example.com/heliotrack');
  });

  it('reads a bare host name as https', () => {
    expect(normalizeServerUrl('obra.example.com')).toBe('https://obra.example.com');
  });

  it('refuses what is not an http(s) server', () => {
    for (const input of ['', '   ', 'ftp://example.com', 'javascript:alert(1)', 'https://user:pw@example.com', 'http://']) {
      expect(normalizeServerUrl(input), input).toBeNull();
    }
  });
});

describe('the server the app calls', () => {
  it('is this page’s origin on the web: relative API root, absolute addresses on the page origin', () => {
    expect(getServerUrl()).toBe('');
    expect(apiRoot()).toBe('/api/');
    expect(apiAddress('plants/4/')).toBe(`${origin()}/api/plants/4/`);
    expect(plantTileUrl(4, 7)).toBe(`${origin()}/api/plants/4/tiles/{z}/{x}/{y}.pbf?v=7`);
    expect(resolveServerAddress('/api/documents/9/file/').href).toBe(`${origin()}/api/documents/9/file/`);
  });

  it('is the build’s VITE_SERVER_URL on a native build', () => {
    vi.stubEnv('VITE_SERVER_URL', 'https://build.example.com/');
    expect(apiRoot()).toBe('https://build.example.com/api/');
    expect(plantTileUrl(4, 7)).toBe('https://build.example.com/api/plants/4/tiles/{z}/{x}/{y}.pbf?v=7');
  });

  it('is the one set on the login screen over the build’s, until cleared', () => {
    vi.stubEnv('VITE_SERVER_URL', 'https://build.example.com');
    expect(setServerUrl('https://mine.example.com/base/')).toBe(true);
    expect(apiRoot()).toBe('https://mine.example.com/base/api/');
    expect(apiUrl('plants/4/elements/export/', { format: 'csv' }).href).toBe(
      'https://mine.example.com/base/api/plants/4/elements/export/?format=csv',
    );
    // A document url the server wrote belongs to the server, under its path.
    expect(resolveServerAddress('/api/documents/9/file/').href).toBe('https://mine.example.com/base/api/documents/9/file/');
    expect(resolveServerAddress('https://storage.example.org/signed?s=1').href).toBe('https://storage.example.org/signed?s=1');
    expect(setServerUrl('')).toBe(true);
    expect(apiRoot()).toBe('https://build.example.com/api/');
  });

  it('refuses an invalid address and keeps the previous one', () => {
    setServerUrl('https://mine.example.com');
    expect(setServerUrl('ftp://nope')).toBe(false);
    expect(getServerUrl()).toBe('https://mine.example.com');
  });

  it('survives a logout (device set-up, not user data)', () => {
    setServerUrl('https://mine.example.com');
    localStorage.setItem('token', 't');
    clearAllStorage();
    expect(localStorage.getItem('token')).toBeNull();
    expect(getServerUrl()).toBe('https://mine.example.com');
  });

  it('gives the bearer token to its own API only, wherever it lives', () => {
    setServerUrl('https://mine.example.com');
    localStorage.setItem('token', 'secret');
    const tile = authorizeApiRequest('https://mine.example.com/api/plants/4/tiles/1/2/3.pbf');
    expect(tile.headers).toMatchObject({ Authorization: 'Bearer secret' });
    expect(authorizeApiRequest(`${origin()}/api/plants/4/tiles/1/2/3.pbf`).headers).toBeUndefined();
    expect(authorizeApiRequest('https://tiles.example.org/base/1/2/3.png').headers).toBeUndefined();
    expect(isOwnApi(new URL('https://mine.example.com/api/reports/1/download/'))).toBe(true);
    expect(isOwnApi(new URL('https://mine.example.com.evil.org/api/reports/1/download/'))).toBe(false);
    expect(apiPathOf(new URL('https://mine.example.com/api/reports/1/download/?format=pdf'))).toBe('reports/1/download/?format=pdf');
  });

  it('is where the http client sends its calls', async () => {
    setServerUrl('https://mine.example.com');
    localStorage.setItem('token', 'secret');
    const fetchMock = vi.fn(async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    await http.get('plants/', { query: { page: 2 } });
    expect(fetchMock.mock.calls[0]).toEqual(['https://mine.example.com/api/plants/?page=2', expect.anything()]);
  });
});
