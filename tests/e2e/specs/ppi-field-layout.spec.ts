import type { Locator, Page, TestInfo } from '@playwright/test';
import { chooseLanguage, expect, pageHeading, signInViaApi, test, waitForMapIdle } from '../fixtures';
import { INSPECTOR, makePpiPlan } from '../fixtures/ppi';

/**
 * Issue 22 for the PPI register (issue "PPIs II"): on a 390×844 phone and a 768×1024 tablet, with
 * touch, the register's list of plans, the register table, the register map, the results list and
 * the massive-activities dialog never scroll sideways, keep their tools on screen and offer targets
 * of at least 44 px. Each screen is photographed in Spanish and English.
 */

const TOUCH_TARGET = 44;

const DEVICES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isPhone: true },
  { name: 'tablet', viewport: { width: 768, height: 1024 }, isPhone: false },
] as const;

async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what}: the page is no wider than the screen`).toBeLessThanOrEqual(innerWidth);
}

async function boxOf(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, 'the element has a box').not.toBeNull();
  return box!;
}

async function expectInsideViewport(page: Page, locator: Locator, what: string) {
  const box = await boxOf(locator);
  const viewport = page.viewportSize()!;
  expect(box.x, `${what}: left edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge on screen`).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height, `${what}: bottom edge on screen`).toBeLessThanOrEqual(viewport.height + 0.5);
}

async function expectTouchTarget(locator: Locator, what: string) {
  const box = await boxOf(locator);
  expect(box.width, `${what}: width`).toBeGreaterThanOrEqual(TOUCH_TARGET - 0.5);
  expect(box.height, `${what}: height`).toBeGreaterThanOrEqual(TOUCH_TARGET - 0.5);
}

/** Every button of a bar inside the screen and finger-sized. */
async function expectToolsInReach(page: Page, bar: Locator, what: string) {
  const buttons = bar.getByRole('button');
  const count = await buttons.count();
  expect(count, `${what}: has buttons`).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const button = buttons.nth(index);
    if (!(await button.isVisible())) continue;
    const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
    await expectInsideViewport(page, button, `${what}: "${name}"`);
    await expectTouchTarget(button, `${what}: "${name}"`);
  }
}

async function photograph(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  if (process.env.PPI_SHOTS_DIR) await page.screenshot({ path: `${process.env.PPI_SHOTS_DIR}/${name}.png` });
}

for (const device of DEVICES) {
  test.describe(`PPI register, field layout, ${device.name} @once`, () => {
    test.use({ viewport: device.viewport, isMobile: true, hasTouch: true });
    const slug = device.name;

    test('the register, its table, its map and the massive dialog fit the screen', async ({ page, request }, testInfo) => {
      test.setTimeout(120_000);
      const { plan, elements } = await makePpiPlan(request, { path: 'hincas', code: 'HIN' }, 'CAMPO');

      // 1. The list of plans to record on.
      await signInViaApi(page, request, INSPECTOR, '/ppis/register');
      await expect(pageHeading(page)).toHaveText('Registro de inspecciones');
      const open = page.getByRole('link', { name: `Registrar en ${plan.code}` });
      await open.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await expectNoSidewaysScroll(page, 'register');
      await expectInsideViewport(page, open, 'open the plan');
      await expectTouchTarget(open, 'open the plan');
      await page.evaluate(() => window.scrollTo(0, 0));
      await photograph(page, testInfo, `${slug}-register-es`);

      // 2. The register's table.
      await open.tap();
      await expect(pageHeading(page)).toContainText(plan.code);
      const row = page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Seleccionar ${elements[1].code}` }) });
      await expect(row).toBeVisible();
      await expectNoSidewaysScroll(page, 'register table');
      await expectTouchTarget(row.getByRole('checkbox').locator('xpath=ancestor::label[@data-touch-target][1]'), 'the row checkbox');
      await expectTouchTarget(page.getByRole('button', { name: 'Filtros', exact: true }), 'the filters button');
      const views = page.getByRole('radiogroup', { name: 'Vista de resultados' });
      await expectInsideViewport(page, views, 'the views');
      expect((await boxOf(views)).height, 'the views: finger-sized').toBeGreaterThanOrEqual(TOUCH_TARGET - 0.5);
      await photograph(page, testInfo, `${slug}-register-table-es`);

      // 3. The massive dialog, from two ticked elements.
      if (device.isPhone) {
        // The activities' progress waits behind a button; the table starts on the first screen.
        const progress = page.getByRole('button', { name: 'Progreso de las actividades (3)' });
        await expectTouchTarget(progress, 'the progress button');
        const first = await boxOf(page.getByRole('row').nth(1));
        expect(first.y + first.height, 'the first row on the first screen').toBeLessThanOrEqual(device.viewport.height);
        await progress.tap();
        await expect(page.getByTestId(`activity-counts-${plan.activities[0].id}`)).toBeVisible();
      }
      await row.getByRole('checkbox').check();
      await page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Seleccionar ${elements[2].code}` }) }).getByRole('checkbox').check();
      const massive = page.getByRole('button', { name: 'Varias actividades en 2 elementos' });
      await massive.scrollIntoViewIfNeeded();
      await expectInsideViewport(page, massive, 'several activities');
      await expectTouchTarget(massive, 'several activities');
      await massive.tap();
      const dialog = page.getByRole('dialog', { name: 'Registrar varias actividades en 2 elementos' });
      await expect(dialog).toBeVisible();
      const save = dialog.getByRole('button', { name: 'Guardar 2 actividades' });
      await expectInsideViewport(page, save, 'the primary action');
      await expectTouchTarget(save, 'the primary action');
      await expectNoSidewaysScroll(page, 'massive dialog');
      if (device.isPhone) {
        const box = await boxOf(page.locator('.mantine-Modal-content'));
        expect(box.width).toBeGreaterThanOrEqual(device.viewport.width - 1);
        expect(box.height).toBeGreaterThanOrEqual(device.viewport.height - 1);
      }
      await photograph(page, testInfo, `${slug}-massive-es`);
      await dialog.getByRole('switch', { name: 'El mismo resultado para todas las actividades' }).tap();
      await photograph(page, testInfo, `${slug}-massive-each-es`);
      await dialog.getByRole('button', { name: 'Cancelar' }).tap();
      await expect(dialog).toBeHidden();

      // 4. The register's map: the toolbar on screen, the map fills the rest.
      await page.goto(`/ppis/${plan.id}/register-map`);
      await waitForMapIdle(page);
      await expectNoSidewaysScroll(page, 'register map');
      const toolbar = page.getByRole('toolbar', { name: 'Herramientas de selección' });
      await expectToolsInReach(page, toolbar, 'map toolbar');
      await expectInsideViewport(page, toolbar.getByRole('combobox', { name: 'Actividad' }), 'the activity');
      const map = await boxOf(page.locator('canvas.maplibregl-canvas'));
      expect(map.height, 'the map takes a good part of the screen').toBeGreaterThan(device.viewport.height * 0.35);
      const record = page.getByRole('button', { name: 'Registrar resultado', exact: true });
      await expectInsideViewport(page, record, 'record');
      await expectTouchTarget(record, 'record');
      await photograph(page, testInfo, `${slug}-register-map-es`);

      // 5. The results list.
      await page.goto(`/ppis/${plan.id}/ppi-results/details/by-elements-and-roles`);
      await expect(page.getByText('Galvanizado dañado en la cabeza').first()).toBeVisible();
      await expectNoSidewaysScroll(page, 'results');
      const result = page.getByRole('button', { name: `Resultado de Galvanizado en ${elements[0].code}` });
      if (device.isPhone) {
        // A card: the whole of it opens the result.
        await expectTouchTarget(result, 'a result card');
        await expectInsideViewport(page, result, 'a result card');
      }
      await result.tap();
      const detail = page.getByRole('dialog', { name: 'Resultado de la inspección' });
      await expect(detail.getByTestId('result-read-only')).toBeVisible();
      await expectNoSidewaysScroll(page, 'result detail');
      await expectTouchTarget(detail.getByRole('button', { name: 'Cerrar' }), 'the detail’s close button');
      await photograph(page, testInfo, `${slug}-result-detail-es`);
      await detail.getByRole('button', { name: 'Cerrar' }).tap();
      await expect(detail).toBeHidden();
      await photograph(page, testInfo, `${slug}-results-es`);

      // The same in English.
      await chooseLanguage(page, 'English');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expectNoSidewaysScroll(page, 'results (en)');
      await photograph(page, testInfo, `${slug}-results-en`);
      await page.goto(`/ppis/${plan.id}/register-map`);
      await waitForMapIdle(page);
      await expectNoSidewaysScroll(page, 'register map (en)');
      await expectToolsInReach(page, page.getByRole('toolbar', { name: 'Selection tools' }), 'map toolbar (en)');
      await photograph(page, testInfo, `${slug}-register-map-en`);
      await page.goto(`/ppis/${plan.id}/ppi-results`);
      await expect(pageHeading(page)).toContainText(plan.code);
      await expectNoSidewaysScroll(page, 'register table (en)');
      await photograph(page, testInfo, `${slug}-register-table-en`);
      await page.goto('/ppis/register');
      await expect(pageHeading(page)).toHaveText('Inspection register');
      await expectNoSidewaysScroll(page, 'register (en)');
      await photograph(page, testInfo, `${slug}-register-en`);
    });
  });
}
