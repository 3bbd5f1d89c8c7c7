import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  bearer,
  expect,
  obtainTokens,
  pageHeading,
  PORT,
  signInViaApi,
  submitLoginForm,
  TECHNICIAN,
  test,
} from '../fixtures';

/**
 * Issue 20, the native app on the web build: `window.heliotrackNative` (set before the app starts)
 * simulates Capacitor's native platform. 3000 ms after start the app checks the organisation's
 * available version; when an update is due a full-screen dialog covers the app and its Update button
 * opens the platform's store. The tests run in order and each publishes the version it needs.
 */

/** What the spec adds to the page's window (apps/web/src/lib/native-platform.ts reads heliotrackNative). */
interface NativeWindow {
  heliotrackNative: { platform: 'android' | 'ios'; version: string };
  openedUrls: string[];
}

const PLAY_URL = 'https://play.google.com/store/apps/details?id=com.heliotrack.app';

async function publish(request: APIRequestContext, version: string, releaseDate: string) {
  const { access } = await obtainTokens(request, ADMIN);
  const res = await request.put('/api/app-version/', {
    headers: bearer(access),
    data: { version, release_date: releaseDate, android_store_url: PLAY_URL, ios_store_url: '' },
  });
  expect(res.status()).toBe(200);
}

/** Simulates the Android app with `version` installed; records the store links it opens. */
async function asNativeApp(page: Page, version: string) {
  await page.addInitScript((installed) => {
    const app = window as unknown as NativeWindow;
    app.heliotrackNative = { platform: 'android', version: installed };
    const opened: string[] = [];
    app.openedUrls = opened;
    window.open = (url?: string | URL) => {
      opened.push(String(url));
      return null;
    };
  }, version);
}

const updateDialog = (page: Page) =>
  page.getByRole('alertdialog').filter({ has: page.locator('#app-update-title') });

test.describe('native app @once', () => {
  test('the forced update dialog appears when a greater version is published, and Update opens the store', async ({
    page,
    request,
  }) => {
    await publish(request, '99.0.0', '2026-11-24');
    await asNativeApp(page, '1.2.0');
    const check = page.waitForResponse('**/api/app-version/');
    await signInViaApi(page, request, TECHNICIAN, '/dashboard');
    await check;
    const dialog = updateDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Hay una versión nueva' })).toBeVisible();
    await expect(dialog).toContainText('La versión 99.0.0 de Heliotrack está disponible.');
    await expect(dialog).toContainText('Versión instalada: 1.2.0');
    // It cannot be dismissed: Escape leaves it there.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('update-dialog-es.png') });
    await dialog.getByRole('button', { name: 'Actualizar' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as NativeWindow).openedUrls))
      .toEqual([PLAY_URL]);
    expect(await page.evaluate(() => localStorage.getItem('last_available_release_date'))).toBe('2026-11-24');
  });

  test('the dialog speaks English', async ({ page, request }) => {
    await publish(request, '99.0.0', '2026-11-24');
    await asNativeApp(page, '1.2.0');
    await page.addInitScript(() => localStorage.setItem('currentLang', 'en'));
    await signInViaApi(page, request, TECHNICIAN, '/dashboard');
    const dialog = updateDialog(page);
    await expect(dialog.getByRole('heading', { name: 'A new version is available' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Update' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('update-dialog-en.png') });
  });

  test('no dialog when the installed version is the published one', async ({ page, request }) => {
    await publish(request, '1.2', '2026-11-24');
    await asNativeApp(page, '1.2.0');
    const check = page.waitForResponse('**/api/app-version/');
    await signInViaApi(page, request, TECHNICIAN, '/dashboard');
    expect((await (await check).json()).version).toBe('1.2');
    await expect(pageHeading(page)).toHaveText('Dashboard');
    await expect(updateDialog(page)).toHaveCount(0);
    // The first check stored the release date: a later re-release of 1.2 is due on the next start.
    expect(await page.evaluate(() => localStorage.getItem('last_available_release_date'))).toBe('2026-11-24');
    await publish(request, '1.2', '2026-11-25');
    await page.reload();
    await expect(updateDialog(page)).toBeVisible();
  });

  test('the web app never checks: no native platform, no dialog', async ({ page, request }) => {
    await publish(request, '99.0.0', '2026-11-24');
    const checks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/app-version/')) checks.push(r.url());
    });
    await signInViaApi(page, request, TECHNICIAN, '/dashboard');
    await expect(pageHeading(page)).toHaveText('Dashboard');
    // Longer than the 3000 ms after which a native app checks.
    await page.waitForTimeout(4000);
    expect(checks).toEqual([]);
    await expect(updateDialog(page)).toHaveCount(0);
  });

  test.describe('with the page of an app bundle', () => {
    // A real app's page comes from its bundle, without this server's headers: the server's
    // Content-Security-Policy (connect-src 'self', issue 31) would refuse the calls to another origin
    // that a native app makes. Here the e2e server serves the page, so its CSP is set aside.
    test.use({ bypassCSP: true });

    test('the login screen of the native app sets the server the app calls', async ({ page }) => {
      await asNativeApp(page, '99.0.0');
      await page.goto('/login');
      await expect(page.getByText('Servidor: el de esta instalación')).toBeVisible();
      await page.getByRole('button', { name: 'Cambiar el servidor' }).click();
      const field = page.getByRole('textbox', { name: 'Servidor' });
      await field.fill('ftp://nada');
      await page.getByRole('button', { name: 'Guardar el servidor' }).click();
      await expect(page.getByText('Escribe una dirección http o https')).toBeVisible();
      await field.fill(`http://127.0.0.1:${PORT}/api/`);
      await page.getByRole('button', { name: 'Guardar el servidor' }).click();
      await expect(page.getByText(`Servidor: http://127.0.0.1:${PORT}`)).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('login-server-es.png') });
      // Every call now goes to that address, another origin than the page's, answered with CORS
      // (the e2e server allows http://localhost:PORT): the login and the dashboard work through it.
      const calls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/')) calls.push(new URL(r.url()).origin);
      });
      await submitLoginForm(page, ADMIN);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText('Plantas solares', { exact: true })).toBeVisible();
      expect(calls.length).toBeGreaterThan(1);
      expect(new Set(calls)).toEqual(new Set([`http://127.0.0.1:${PORT}`]));
      // A logout keeps the server: it is the device's set-up.
      expect(await page.evaluate(() => localStorage.getItem('server_url'))).toBe(`http://127.0.0.1:${PORT}`);
    });
  });

  test('the web login screen has no server setting', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cambiar el servidor' })).toHaveCount(0);
  });

  test('the web app manifest is served, linked and valid, with its icons', async ({ page, request }) => {
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const version = await page.locator('meta[name="app-version"]').getAttribute('content');
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    // The root: the dashboard online, the plants while offline mode is on (issue 16).
    expect(manifest).toMatchObject({ name: 'Heliotrack', start_url: '/', display: 'standalone' });
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const bytes = await image.body();
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });

  test('an administrator publishes the available version from the user menu', async ({ page, request }) => {
    await publish(request, '1.0.0', '2026-11-01');
    await signInViaApi(page, request, ADMIN, '/dashboard');
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Versión de la aplicación móvil' }).click();
    const form = page.getByRole('dialog', { name: 'Versión de la aplicación móvil' });
    const version = form.getByRole('textbox', { name: /^Versión disponible/ });
    await expect(version).toHaveValue('1.0.0');
    await version.fill('2.x');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(
      form.getByText('La versión debe ser números separados por puntos, por ejemplo 1.4.2.'),
    ).toBeVisible();
    await version.fill('2.1.0');
    const date = form.getByRole('textbox', { name: /^Fecha de publicación/ });
    await date.fill('24/11/2026');
    await date.press('Tab');
    await form.getByRole('textbox', { name: 'Enlace de App Store' }).fill('https://apps.apple.com/app/id123');
    await page.screenshot({ path: test.info().outputPath('publish-version-es.png') });
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText('Versión 2.1.0 publicada.')).toBeVisible();
    const { access } = await obtainTokens(request, TECHNICIAN);
    const published = await (await request.get('/api/app-version/', { headers: bearer(access) })).json();
    expect(published).toMatchObject({
      version: '2.1.0',
      release_date: '2026-11-24',
      android_store_url: PLAY_URL,
      ios_store_url: 'https://apps.apple.com/app/id123',
    });
  });

  test('the menu entry is for administrators only', async ({ page, request }) => {
    await signInViaApi(page, request, TECHNICIAN, '/dashboard');
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await expect(page.getByRole('menuitem', { name: 'Cerrar sesión' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Versión de la aplicación móvil' })).toHaveCount(0);
  });
});
