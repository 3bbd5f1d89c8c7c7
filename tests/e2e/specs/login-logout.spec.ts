import {
  ADMIN,
  chooseLanguage,
  expect,
  getDashboard,
  localStorageOf,
  logOutViaUserMenu,
  mainMenu,
  obtainTokens,
  pathnameOf,
  sessionStorageOf,
  signInViaUi,
  submitLoginForm,
  summaryValue,
  test,
  INACTIVE,
  KEYS,
} from '../fixtures';

test.describe('login and logout', () => {
  test('an administrator logs in, sees the seeded figures and logs out', async ({ page, request }) => {
    await signInViaUi(page, ADMIN);

    // The figures the server has for this user, formatted as the page formats them (es-ES).
    const { access } = await obtainTokens(request, ADMIN);
    const dashboard = await getDashboard(request, access);
    expect(dashboard.plant_count).toBeGreaterThan(0);
    const shown = await page.evaluate((d) => {
      const integer = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0, useGrouping: true });
      const mwp = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
      return {
        plants: integer.format(d.plant_count),
        power: `${mwp.format(d.total_power)} MWp`,
        modules: integer.format(d.module_count),
        elements: integer.format(d.element_count),
      };
    }, dashboard);

    await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
    await expect(summaryValue(page, 'Plantas solares')).toHaveText(shown.plants);
    await expect(summaryValue(page, 'Potencia total')).toHaveText(shown.power);
    await expect(summaryValue(page, 'Módulos fotovoltaicos')).toHaveText(shown.modules);
    await expect(summaryValue(page, 'Elementos')).toHaveText(shown.elements);
    // The plants table lists the same plants, with their codes.
    const plantsTable = page.getByRole('table');
    await expect(plantsTable.locator('tbody tr')).toHaveCount(dashboard.plants.length);
    for (const plant of dashboard.plants) {
      const row = plantsTable.getByRole('row').filter({ has: page.getByText(plant.name, { exact: true }) });
      await expect(row).toContainText(plant.code);
    }
    // The header shows who is signed in; an administrator has the Usuarios entry.
    await expect(page.getByRole('button', { name: 'Menú de usuario' })).toContainText(ADMIN.name);
    await expect(mainMenu(page).getByRole('link', { name: 'Usuarios' })).toBeVisible();

    const stored = await localStorageOf(page);
    expect(stored[KEYS.token]).toBeTruthy();
    expect(stored[KEYS.refreshToken]).toBeTruthy();
    expect(JSON.parse(stored[KEYS.user]).email).toBe(ADMIN.email);

    // Something in session storage too, to see that logout clears both storages.
    await page.evaluate(() => sessionStorage.setItem('e2e-marker', '1'));
    await logOutViaUserMenu(page);

    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    expect(pathnameOf(page)).toBe('/login');
    expect(await localStorageOf(page)).toEqual({});
    expect(await sessionStorageOf(page)).toEqual({});

    // Signed out for real: the dashboard now sends back to the login page.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    expect(pathnameOf(page)).toBe('/login');
  });

  test('logging in from a redirect goes back to the page that was asked for', async ({ page }) => {
    await page.goto('/plants');
    await expect(page).toHaveURL('/login?next=%2Fplants');
    await submitLoginForm(page, ADMIN);
    await expect(page).toHaveURL('/plants');
    await expect(page.getByRole('heading', { name: 'Plantas', level: 2 })).toBeVisible();
  });

  test('a wrong password shows the error on the login page and keeps storage', async ({ page }) => {
    await page.goto('/login');
    // Choosing a language stores currentLang: a failed login must not wipe it.
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await page.evaluate(() => sessionStorage.setItem('e2e-marker', '1'));

    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();

    // The server's message, in the language of the page.
    await expect(page.getByRole('alert')).toHaveText('No active account found with the given credentials.');
    expect(pathnameOf(page)).toBe('/login');
    expect(await localStorageOf(page)).toEqual({ [KEYS.language]: 'en' });
    expect(await sessionStorageOf(page)).toEqual({ 'e2e-marker': '1' });

    // The form stays usable: the right password gets in.
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText('Summary', { exact: true })).toBeVisible();
  });

  test('a deactivated account cannot log in', async ({ page }) => {
    await page.goto('/login');
    await submitLoginForm(page, INACTIVE);
    await expect(page.getByRole('alert')).toHaveText(
      'No se encontró una cuenta activa con las credenciales proporcionadas.',
    );
    expect(pathnameOf(page)).toBe('/login');
    expect(await localStorageOf(page)).toEqual({});
  });
});
