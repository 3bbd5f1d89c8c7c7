import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/lib/config';
import { describeEachDatabase, USERS } from './helpers';

/*
 * CORS for the native apps (issue 20): their pages come from capacitor://localhost (iOS) and
 * https://localhost (Android), another origin than the server's. Only the origins of CORS_ORIGINS
 * are answered; nothing is open by default.
 */

const APP_ORIGINS = 'capacitor://localhost,https://localhost';

describeEachDatabase(
  'CORS for configured app origins',
  (get) => {
    const preflight = (origin: string) =>
      get().app.inject({
        method: 'OPTIONS',
        url: '/api/plants/',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,accept-language' },
      });

    it('answers a preflight from an app origin without a token', async () => {
      const res = await preflight('capacitor://localhost');
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('capacitor://localhost');
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
      expect(String(res.headers['access-control-allow-methods'])).toContain('PUT');
    });

    it('lets the app read answers, 401s included, and the download file name', async () => {
      const ok = await get().call('GET', '/api/app-version/', { as: USERS.technician, headers: { origin: 'https://localhost' } });
      expect(ok.status).toBe(200);
      expect(ok.headers['access-control-allow-origin']).toBe('https://localhost');
      expect(String(ok.headers['access-control-expose-headers'])).toContain('Content-Disposition');
      const unauthorized = await get().call('GET', '/api/plants/', { as: null, headers: { origin: 'capacitor://localhost' } });
      expect(unauthorized.status).toBe(401);
      expect(unauthorized.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    });

    it('says nothing to an origin that is not configured', async () => {
      const res = await preflight('https://evil.example.org');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const call = await get().call('GET', '/api/app-version/', { headers: { origin: 'https://evil.example.org' } });
      expect(call.headers['access-control-allow-origin']).toBeUndefined();
    });
  },
  { CORS_ORIGINS: APP_ORIGINS },
);

describeEachDatabase('CORS by default', (get) => {
  it('is closed: no origin is allowed', async () => {
    const res = await get().call('GET', '/api/app-version/', { headers: { origin: 'capacitor://localhost' } });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await get().app.inject({
      method: 'OPTIONS',
      url: '/api/plants/',
      headers: { origin: 'capacitor://localhost', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS_ORIGINS', () => {
  it('takes exact origins, comma-separated', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/heliotrack-cors-config', CORS_ORIGINS: ' capacitor://localhost , https://localhost,http://10.0.2.2:5173' }).corsOrigins).toEqual([
      'capacitor://localhost',
      'https://localhost',
      'http://10.0.2.2:5173',
    ]);
    expect(loadConfig({ DATA_DIR: '/tmp/heliotrack-cors-config' }).corsOrigins).toEqual([]);
  });

  it('stops the start on what is not an origin (a path, a wildcard)', () => {
    for (const value of ['https://localhost/', 'https://app.example.com/path', '*', 'localhost']) {
      expect(() => loadConfig({ DATA_DIR: '/tmp/heliotrack-cors-config', CORS_ORIGINS: value, JWT_SECRET: 'x'.repeat(32) }), value).toThrow(/CORS_ORIGINS/);
    }
  });
});
