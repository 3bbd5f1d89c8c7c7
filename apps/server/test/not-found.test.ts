import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase, type Method, type TestContext, USERS } from './helpers';

/*
 * DESIGN section 3: a 404 is `{detail, code}` with code not_found, for a record that does not exist
 * and for a path that does not, whatever the method and whether the web app is served or not.
 */
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function unknownPathSuite(get: () => TestContext) {
  it('answers 404 not_found to an unknown API path, whatever the method, with or without a token', async () => {
    for (const method of METHODS) {
      for (const as of [USERS.technician, null]) {
        const res = await get().call(method, '/api/nothing-here/?x=1', { as, payload: method === 'GET' ? undefined : {} });
        expect(res.status, `${method} as ${as}`).toBe(404);
        expect(res.body, `${method} as ${as}`).toEqual({ detail: `La ruta ${method} /api/nothing-here/ no existe.`, code: 'not_found' });
      }
    }
  });

  it('answers a known path asked with a method it does not take the same way', async () => {
    const res = await get().call('DELETE', '/api/plants/', { language: 'en' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Route DELETE /api/plants/ does not exist.', code: 'not_found' });
  });

  it('shapes it like the 404 of a record that does not exist', async () => {
    const [missingRecord, missingPath] = await Promise.all([get().call('GET', '/api/plants/999999/'), get().call('POST', '/api/plants/999999/nothing/')]);
    expect(missingRecord.status).toBe(404);
    expect(missingRecord.body).toEqual({ detail: 'No encontrado.', code: 'not_found' });
    expect(Object.keys(missingPath.body).sort()).toEqual(Object.keys(missingRecord.body).sort());
    expect(missingPath.body.code).toBe(missingRecord.body.code);
  });
}

describeEachDatabase('unknown paths', unknownPathSuite);

/** A built web app, so GET paths outside the API fall back to its index.html. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Heliotrack</title>');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

describeEachDatabase(
  'unknown paths with the web app served',
  (get) => {
    unknownPathSuite(get);

    it('still answers the web app to paths outside the API', async () => {
      const res = await get().call('GET', '/plants/1/elements-map', { as: null });
      expect(res.status).toBe(200);
      expect(res.text).toContain('<title>Heliotrack</title>');
    });
  },
  { WEB_DIST: webDist },
);
