import { ADMIN, expect, mainMenu, pageHeading, pathnameOf, signInViaApi, test } from '../fixtures';

test.describe('redirects @once', () => {
  test('without a token every path goes to the login page', async ({ page }) => {
    const cases: [string, string][] = [
      ['/', '/login'],
      ['/dashboard', '/login?next=%2Fdashboard'],
      ['/plants', '/login?next=%2Fplants'],
      ['/users', '/login?next=%2Fusers'],
      ['/PLANTS', '/login?next=%2FPLANTS'],
      ['/no/such/page?x=1', '/login?next=%2Fno%2Fsuch%2Fpage%3Fx%3D1'],
    ];
    for (const [from, to] of cases) {
      await page.goto(from);
      await expect(page, `${from} without a token`).toHaveURL(to);
      await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
      await expect(mainMenu(page)).toHaveCount(0);
    }
  });

  test('with a token the login page and the root go to the dashboard', async ({ page, request }) => {
    await signInViaApi(page, request, ADMIN, '/login');
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();

    await page.goto('/');
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();

    await page.goto('/LOGIN');
    await expect(page).toHaveURL('/dashboard');
  });

  test('paths match whatever their case', async ({ page, request }) => {
    await signInViaApi(page, request, ADMIN, '/PLANTS');
    await expect(pageHeading(page)).toHaveText('Plantas');
    expect(pathnameOf(page)).toBe('/PLANTS');
    // The menu highlights Plantas as it would for /plants.
    await expect(mainMenu(page).getByRole('link', { name: 'Plantas' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.goto('/Dashboard');
    await expect(pageHeading(page)).toHaveText('Dashboard');
    await expect(page.getByText('Plantas solares', { exact: true })).toBeVisible();
  });
});
