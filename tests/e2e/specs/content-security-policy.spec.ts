import type { Page } from '@playwright/test';
import { expect, test, type CspViolation } from '../fixtures';

/*
 * Issue 31: every page of the suite runs under the server's Content-Security-Policy, and the suite's
 * `test` (fixtures/test.ts) fails any test whose pages report a violation. These tests provoke one on
 * purpose, to prove the watch sees it: they fail if the listener, its binding or the final check is
 * broken.
 */

/** Adds an inline script, which the CSP (script-src 'self', no 'unsafe-inline') must refuse. */
async function injectInlineScript(page: Page) {
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injectedScriptRan = true;';
    document.head.append(script);
  });
}

const inlineRefusal = (path: RegExp): Partial<CspViolation> =>
  expect.objectContaining({
    directive: 'script-src-elem',
    blockedURI: 'inline',
    page: expect.stringMatching(path),
  });

test.describe('Content-Security-Policy @once', () => {
  test('the page, its assets and the API come with the CSP', async ({ request }) => {
    const page = await request.get('/login');
    const asset = /src="(\/assets\/index-[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(asset).toBeDefined();
    for (const url of ['/login', asset!, '/api/public-config/']) {
      const csp = (await request.get(url)).headers()['content-security-policy'];
      expect(csp, url).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp, url).toContain("frame-ancestors 'none'");
    }
  });

  test('an inline script is refused and the suite reports it', async ({ page, cspViolations }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(cspViolations).toEqual([]);

    await injectInlineScript(page);
    await expect.poll(() => cspViolations).toContainEqual(inlineRefusal(/\/login$/));
    expect(await page.evaluate(() => '__injectedScriptRan' in window)).toBe(false);
    // Provoked on purpose: not a violation of the app's.
    cspViolations.length = 0;
  });

  test('a page the test opens itself is watched too', async ({ browser, cspViolations }) => {
    const other = await browser.newPage();
    try {
      await other.goto('/login');
      await expect(other.getByRole('button', { name: 'Entrar' })).toBeVisible();
      await injectInlineScript(other);
      await expect.poll(() => cspViolations).toContainEqual(inlineRefusal(/\/login$/));
    } finally {
      await other.close();
    }
    cspViolations.length = 0;
  });

  test('a test whose page breaks the CSP fails', async ({ page, cspViolations }) => {
    // The suite's check at the end of the test must fail it: passing is the defect.
    test.fail();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await injectInlineScript(page);
    await expect.poll(() => cspViolations).toHaveLength(1);
  });
});
