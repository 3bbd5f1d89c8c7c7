import type { Page } from '@playwright/test';
import {
  ADMIN,
  apiGet,
  expect,
  INACTIVE,
  mainMenu,
  pageHeading,
  signInViaApi,
  TECHNICIAN,
  test,
} from '../fixtures';

const PERMISSION_DENIED = 'Usuario sin permiso para acceder a esta caracteristica.';

function permissionNotification(page: Page) {
  return page
    .locator('[data-position="top-right"]')
    .getByRole('alert')
    .filter({ hasText: PERMISSION_DENIED });
}

/**
 * An in-app navigation to `path`, as the history buttons or a link make it: the router hears about
 * it without a page load, so it still knows which page was showing.
 */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

test.describe('administrator pages @once', () => {
  test('a technician who opens /users stays on /plants and is told why', async ({ page, request }) => {
    await signInViaApi(page, request, TECHNICIAN, '/plants');
    await expect(pageHeading(page)).toHaveText('Plantas');
    await expect(mainMenu(page).getByRole('link')).toHaveText(['Dashboard', 'Plantas', 'PPIs', 'Inventario', 'Equipos']);
    await expect(mainMenu(page).getByRole('link', { name: 'Usuarios' })).toHaveCount(0);

    await navigateInApp(page, '/users');

    const notification = permissionNotification(page);
    await expect(notification).toBeVisible();
    await expect(page).toHaveURL('/plants');
    await expect(pageHeading(page)).toHaveText('Plantas');
    await expect(page.getByRole('heading', { name: 'Usuarios' })).toHaveCount(0);

    // Red, in the top right corner of the window.
    await expect(notification).toHaveAttribute('style', /--notification-color:\s*var\(--mantine-color-red/);
    const box = (await notification.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeLessThan(viewport.height / 4);
    expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.75);

    await notification.getByRole('button', { name: 'Cerrar' }).click();
    await expect(notification).toBeHidden();
    await expect(page).toHaveURL('/plants');
  });

  test('any casing or sub-path of /users is refused too', async ({ page, request }) => {
    await signInViaApi(page, request, TECHNICIAN, '/plants');
    await expect(pageHeading(page)).toHaveText('Plantas');

    for (const path of ['/USERS', '/users/5', '/Users?page=2']) {
      await navigateInApp(page, path);
      await expect(permissionNotification(page), path).toBeVisible();
      await expect(page, path).toHaveURL('/plants');
      await permissionNotification(page).getByRole('button', { name: 'Cerrar' }).click();
      await expect(permissionNotification(page)).toBeHidden();
    }
    await expect(pageHeading(page)).toHaveText('Plantas');
  });

  test('a technician who types /users in the address bar is refused', async ({ page, request }) => {
    await signInViaApi(page, request, TECHNICIAN, '/plants');
    await expect(pageHeading(page)).toHaveText('Plantas');

    // A full page load: the previous path survives in session storage, so the user stays put.
    await page.goto('/users');
    await expect(permissionNotification(page)).toBeVisible();
    await expect(page).toHaveURL('/plants');
    await expect(pageHeading(page)).toHaveText('Plantas');
  });

  test('an administrator sees the users of the organisation', async ({ page, request }) => {
    const { tokens } = await signInViaApi(page, request, ADMIN, '/dashboard');
    await mainMenu(page).getByRole('link', { name: 'Usuarios' }).click();
    await expect(page).toHaveURL('/users');
    await expect(pageHeading(page)).toHaveText('Usuarios');

    const users = await apiGet<{ count: number; results: { name: string; email: string }[] }>(
      request,
      '/api/client-users/?page=1&page_size=25',
      tokens.access,
    );
    expect(users.count).toBeGreaterThanOrEqual(3);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Nombre',
      'Correo electrónico',
      'Roles',
      'Estado',
      'Plantas',
      'Acciones',
    ]);
    await expect(table.locator('tbody tr')).toHaveCount(users.results.length);
    for (const user of users.results) {
      await expect(table.getByRole('row').filter({ hasText: user.email })).toContainText(user.name);
    }
    await expect(table.getByRole('row').filter({ hasText: TECHNICIAN.email })).toContainText('Activo');
    await expect(table.getByRole('row').filter({ hasText: INACTIVE.email })).toContainText('Inactivo');
    await expect(permissionNotification(page)).toHaveCount(0);
  });
});
