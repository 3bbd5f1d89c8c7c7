import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  canLogIn,
  DATA_DIR,
  expect,
  logOutViaUserMenu,
  mainMenu,
  pageHeading,
  submitLoginForm,
  test,
  type Credentials,
} from '../fixtures';

/*
 * Issue 31: a real installation's first administrator comes from `npm run admin:create`, which prints
 * a one-time password. Its first login shows nothing of the app but the change of that password.
 */

/** Runs the server's CLI on the e2e server's database, as an operator would; its one-time password. */
function adminCreate(organisation: string, email: string): Credentials {
  const output = execFileSync(
    'npm',
    ['run', '-s', 'admin:create', '--', '--organisation', organisation, '--email', email],
    {
      // Playwright runs in tests/e2e (the config's folder), like the web server's npm run --prefix ../..
      cwd: path.resolve('../..'),
      encoding: 'utf8',
      env: {
        ...process.env,
        DATA_DIR,
        // The same database as playwright.config.ts gives the server.
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? path.join(DATA_DIR, 'e2e.db'),
        PASSWORD_HASH_COST: '14',
        LOG_LEVEL: 'warn',
      },
    },
  );
  const password = /One-time password: (\S+)/.exec(output)?.[1];
  expect(password, output).toBeDefined();
  return { email, password: password! };
}

const forcedDialog = (page: Page) => page.getByRole('dialog', { name: 'Elige tu contraseña' });
const field = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name, exact: true });

test.describe('forced password change (issue 31)', () => {
  test('the one-time password of admin:create is changed at the first login, before anything else', async ({
    page,
    request,
  }) => {
    const oneTime = adminCreate('Solar Norte', `ana-${randomUUID().slice(0, 8)}@solarnorte.es`);
    const chosen = { email: oneTime.email, password: 'Mi-clave-de-Solar-Norte' };

    await page.goto('/login');
    await submitLoginForm(page, oneTime);
    const dialog = forcedDialog(page);
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText('Has entrado con una contraseña de un solo uso. Elige una propia para continuar.'),
    ).toBeVisible();
    // Nothing of the app behind it: no menu, no page, no way to dismiss it.
    await expect(mainMenu(page)).toHaveCount(0);
    await expect(page.getByRole('main')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    // Another address typed in: still only the change (the server refuses the rest with 403).
    await page.goto('/plants');
    await expect(forcedDialog(page)).toBeVisible();
    await expect(pageHeading(page)).toHaveCount(0);

    // A wrong current password is told under its field; the change then succeeds.
    await field(dialog, 'Contraseña actual').fill('no-es-esta');
    await field(dialog, 'Contraseña nueva').fill(chosen.password);
    await field(dialog, 'Repite la contraseña nueva').fill(chosen.password);
    await dialog.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await expect(dialog.getByText('La contraseña actual no es correcta.')).toBeVisible();
    await field(dialog, 'Contraseña actual').fill(oneTime.password);
    await dialog.getByRole('button', { name: 'Cambiar la contraseña' }).click();

    // Signed in again with the new password: the page asked for, with the menu, of an organisation without plants.
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/plants$/);
    await expect(pageHeading(page)).toHaveText('Plantas');
    await expect(mainMenu(page).getByRole('link', { name: 'Usuarios' })).toBeVisible();
    await mainMenu(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(pageHeading(page)).toHaveText('Dashboard');
    await expect(page.getByText('Todavía no tienes plantas')).toBeVisible();

    // The one-time password is gone; the chosen one logs in straight to the app.
    await logOutViaUserMenu(page);
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
    expect(await canLogIn(request, oneTime)).toBe(false);
    await submitLoginForm(page, chosen);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(pageHeading(page)).toHaveText('Dashboard');
    await expect(forcedDialog(page)).toHaveCount(0);
  });

  test('the forced change can be left by signing out, and comes back at the next login', async ({ page }) => {
    const oneTime = adminCreate('Solar Sur', `luis-${randomUUID().slice(0, 8)}@solarsur.es`);
    await page.goto('/login');
    await submitLoginForm(page, oneTime);
    await forcedDialog(page).getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(forcedDialog(page)).toHaveCount(0);
    await submitLoginForm(page, oneTime);
    await expect(forcedDialog(page)).toBeVisible();
  });
});

test.describe('demo in production @once', () => {
  test('the login page warns when the server runs the demo in production (SEED_DEMO=true)', async ({
    page,
  }) => {
    const warning =
      'Instalación de demostración: las cuentas de demostración y su contraseña son públicas. No introduzcas datos reales.';
    // The e2e server is no production one: its answer is the only thing changed.
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByText(warning)).toHaveCount(0);
    await page.route('**/api/public-config/', (route) =>
      route.fulfill({ json: { demo_warning: true, password_recovery: true } }),
    );
    await page.reload();
    await expect(page.getByText(warning)).toBeVisible();
  });
});
