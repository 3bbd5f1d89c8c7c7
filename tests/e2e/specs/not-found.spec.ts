import { ADMIN, expect, mainMenu, pageHeading, signInViaApi, test } from '../fixtures';

test.describe('not found @once', () => {
  test('an unknown path shows the not-found page inside the layout', async ({ page, request }) => {
    await signInViaApi(page, request, ADMIN, '/no-such-page/here');

    await expect(page.getByText('Página no encontrada', { exact: true })).toBeVisible();
    await expect(page.getByText('La dirección /no-such-page/here no existe o ha cambiado.')).toBeVisible();
    await expect(page).toHaveURL('/no-such-page/here');
    // Still inside the app: menu and header are there.
    await expect(mainMenu(page).getByRole('link', { name: 'Plantas' })).toBeVisible();

    await page.getByRole('link', { name: 'Ir al dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(pageHeading(page)).toHaveText('Dashboard');
  });

  test('an unknown path typed in the address bar while using the app', async ({ page, request }) => {
    await signInViaApi(page, request, ADMIN, '/plants');
    await expect(pageHeading(page)).toHaveText('Plantas');
    await page.goto('/plants-and-more');
    await expect(page.getByText('Página no encontrada', { exact: true })).toBeVisible();
  });
});
