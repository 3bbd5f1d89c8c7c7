import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers';

/*
 * DESIGN section 3 and the README: the OpenAPI document is served at /api/docs (the Swagger UI
 * page) and /api/openapi.json, both readable without signing in.
 */
describeEachDatabase('API documentation', (get) => {
  const anonymous = (url: string) => get().call('GET', url, { as: null });

  it('serves the documentation page without a token, with every asset it loads', async () => {
    for (const pageUrl of ['/api/docs', '/api/docs/']) {
      const page = await anonymous(pageUrl);
      expect(page.status, pageUrl).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => new URL(m[1], `http://localhost${pageUrl}`).pathname);
      expect(assets).toEqual(expect.arrayContaining(['/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/swagger-ui.css']));
      for (const url of assets) expect((await anonymous(url)).status, url).toBe(200);
    }
    // The page reads the document from here.
    expect((await anonymous('/api/docs/json')).status).toBe(200);
  });

  it('serves the OpenAPI document without a token', async () => {
    const res = await anonymous('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/token/', '/api/plants/{id}/']));
  });

  it('keeps asking for a token everywhere else', async () => {
    const res = await anonymous('/api/plants/');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('not_authenticated');
  });
});
