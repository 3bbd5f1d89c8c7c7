import type { Page } from '@playwright/test';
import {
  ADMIN,
  chooseLanguage,
  expect,
  getDashboard,
  KEYS,
  languageButton,
  mainMenu,
  pageHeading,
  signInViaApi,
  summaryValue,
  test,
} from '../fixtures';

interface Labels {
  code: string;
  language: string;
  menu: string[];
  summary: string;
  plantCount: string;
  totalPower: string;
  yourPlants: string;
  intlLocale: string;
}

const SPANISH: Labels = {
  code: 'es',
  language: 'ES, Idioma: Español',
  menu: ['Dashboard', 'Plantas', 'PPIs', 'Inventario', 'Equipos', 'Usuarios', 'Contratistas', 'Gestión de estados'],
  summary: 'Resumen',
  plantCount: 'Plantas solares',
  totalPower: 'Potencia total',
  yourPlants: 'Tus plantas',
  intlLocale: 'es-ES',
};
const ENGLISH: Labels = {
  code: 'en',
  language: 'EN, Language: English',
  menu: ['Dashboard', 'Plants', 'ITPs', 'Inventory', 'Equipment', 'Users', 'Contractors', 'State management'],
  summary: 'Summary',
  plantCount: 'Solar plants',
  totalPower: 'Total power',
  yourPlants: 'Your plants',
  intlLocale: 'en-GB',
};
const ITALIAN: Labels = {
  code: 'it',
  language: 'IT, Lingua: Italiano',
  menu: ['Dashboard', 'Impianti', 'PPI', 'Inventario', 'Strumentazione', 'Utenti', 'Appaltatori', 'Gestione degli stati'],
  summary: 'Riepilogo',
  plantCount: 'Impianti solari',
  totalPower: 'Potenza totale',
  yourPlants: 'I tuoi impianti',
  intlLocale: 'it-IT',
};

async function expectDashboardIn(page: Page, labels: Labels, totalPower: number) {
  await expect(languageButton(page)).toHaveAccessibleName(labels.language);
  await expect(page.locator('html')).toHaveAttribute('lang', labels.code);
  await expect(mainMenu(page).getByRole('link')).toHaveText(labels.menu);
  await expect(pageHeading(page)).toHaveText('Dashboard');
  await expect(page.getByText(labels.summary, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: labels.yourPlants })).toBeVisible();
  // Numbers follow the language too.
  const power = await page.evaluate(
    ({ value, locale }) =>
      `${new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(value)} MWp`,
    { value: totalPower, locale: labels.intlLocale },
  );
  await expect(summaryValue(page, labels.totalPower)).toHaveText(power);
  await expect(summaryValue(page, labels.plantCount)).toBeVisible();
}

test.describe('language @once', () => {
  test('switching language changes the labels and survives a reload', async ({ page, request }) => {
    const { tokens } = await signInViaApi(page, request, ADMIN, '/dashboard');
    const { total_power } = await getDashboard(request, tokens.access);
    await expectDashboardIn(page, SPANISH, total_power);

    for (const [name, labels] of [
      ['English', ENGLISH],
      ['Italiano', ITALIAN],
    ] as const) {
      await chooseLanguage(page, name);
      await expectDashboardIn(page, labels, total_power);
      expect(await page.evaluate((key) => localStorage.getItem(key), KEYS.language)).toBe(labels.code);

      await page.reload();
      await expectDashboardIn(page, labels, total_power);
    }

    await chooseLanguage(page, 'Español');
    await expectDashboardIn(page, SPANISH, total_power);
    expect(await page.evaluate((key) => localStorage.getItem(key), KEYS.language)).toBe('es');
  });

  test('the data of the server comes in the chosen language too', async ({ page, request }) => {
    await signInViaApi(page, request, ADMIN, '/plants');
    await expect(pageHeading(page)).toHaveText('Plantas');
    const languages: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/')) languages.push(sent.headers()['accept-language']);
    });
    await chooseLanguage(page, 'English');
    await expect(pageHeading(page)).toHaveText('Plants');
    await expect.poll(() => languages).toContain('en');
    expect(languages.every((language) => language === 'en')).toBe(true);
  });

  test('the language chosen on the login page stays after logging in', async ({ page }) => {
    await page.goto('/login');
    await chooseLanguage(page, 'Italiano');
    await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(mainMenu(page).getByRole('link')).toHaveText(ITALIAN.menu);
  });
});
