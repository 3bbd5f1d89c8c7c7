import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import {
  ADMIN,
  apiGet,
  chooseLanguage,
  coordinatesOf,
  expect,
  fitMap,
  obtainTokens,
  pageHeading,
  signInViaApi,
  test,
  waitForMapIdle,
  type MapWindow,
  stateChangeOutcome,
} from '../fixtures';

/**
 * Issue 22, the field's screens: on a 390×844 phone and on a tablet (768×1024 upright, 1024×768
 * sideways), with touch, the elements table, the map, the state-change dialog and the plants page
 * never scroll sideways, keep their tools on screen, and offer targets of at least 44 px. A state
 * change is done end to end from the phone layout. Each screen is photographed in Spanish and English
 * (attached to the report, and kept in the test's output folder).
 */

const TOUCH_TARGET = 44;

const DEVICES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isPhone: true },
  { name: 'tablet upright', viewport: { width: 768, height: 1024 }, isPhone: false },
  { name: 'tablet sideways', viewport: { width: 1024, height: 768 }, isPhone: false },
] as const;

interface Plant {
  id: number;
  name: string;
  element_count: number;
}
interface ElementType {
  id: number;
  code: string;
  name: string;
  path: string | null;
}
interface State {
  id: number;
  element_type: number;
  code: string;
  name: string;
  is_active: boolean;
}
interface Element {
  id: number;
  code: string;
  state_id: number | null;
}

async function largePlant(request: APIRequestContext) {
  const { access } = await obtainTokens(request, ADMIN);
  const plants = await apiGet<Plant[]>(request, '/api/plants/', access);
  const plant = plants.reduce((largest, item) =>
    item.element_count > largest.element_count ? item : largest,
  );
  const types = await apiGet<ElementType[]>(request, `/api/plants/${plant.id}/element-types/`, access);
  const states = await apiGet<State[]>(request, `/api/plants/${plant.id}/states/`, access);
  return { access, plant, types, states };
}

/** The page does not scroll sideways: whatever is wide scrolls inside its own frame. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page is no wider than the screen').toBeLessThanOrEqual(innerWidth);
}

async function boxOf(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, 'the element has a box').not.toBeNull();
  return box!;
}

/** Fully on screen, without scrolling: inside the first viewport. */
async function expectInsideViewport(page: Page, locator: Locator, what: string) {
  const box = await boxOf(locator);
  const viewport = page.viewportSize()!;
  expect(box.x, `${what}: left edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge on screen`).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height, `${what}: bottom edge on screen`).toBeLessThanOrEqual(viewport.height + 0.5);
}

/**
 * A table row is on the first screen: top to bottom inside the viewport, and its code (the cell a
 * technician reads) fully visible. A tablet's wider table may continue sideways inside its frame.
 */
async function expectOnFirstScreen(page: Page, row: Locator, what: string) {
  const box = await boxOf(row);
  expect(box.y, `${what}: top edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom edge on screen`).toBeLessThanOrEqual(
    page.viewportSize()!.height,
  );
  await expectInsideViewport(page, row.getByRole('cell').nth(1), `${what}, its code`);
}

/** A target a gloved finger hits: at least 44 × 44 px. */
async function expectTouchTarget(locator: Locator, what: string) {
  const box = await boxOf(locator);
  expect(box.width, `${what}: width`).toBeGreaterThanOrEqual(TOUCH_TARGET - 0.5);
  expect(box.height, `${what}: height`).toBeGreaterThanOrEqual(TOUCH_TARGET - 0.5);
}

/** The 44 px label that takes the taps of a checkbox in a touch layout. */
function tapAreaOf(checkbox: Locator): Locator {
  return checkbox.locator('xpath=ancestor::label[@data-touch-target][1]');
}

/** Waits for the page's transitions (a sheet sliding up, a dialog fading in) to end. */
async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}

async function photograph(page: Page, testInfo: TestInfo, name: string) {
  await settled(page);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

async function toEnglish(page: Page) {
  await chooseLanguage(page, 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

for (const device of DEVICES) {
  test.describe(`field layout, ${device.name} @once`, () => {
    test.use({ viewport: device.viewport, isMobile: true, hasTouch: true });
    const slug = device.name.replace(' ', '-');

    test('the plants page fits the screen', async ({ page, request }, testInfo) => {
      const { plant } = await largePlant(request);
      await signInViaApi(page, request, ADMIN, '/plants');
      await expect(pageHeading(page)).toHaveText('Plantas');
      const card = page.getByRole('article', { name: plant.name });
      await expect(card).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectInsideViewport(page, page.getByRole('searchbox'), 'search');
      // The header's controls stay on a phone's screen and take a finger.
      // The menu button shows below 992 px, where the menu collapses.
      const headerControls = ['Idioma: Español', 'Menú de usuario'];
      if (device.viewport.width < 992) headerControls.push('Abrir o cerrar el menú');
      for (const name of headerControls) {
        const control = page.getByRole('banner').getByRole('button', { name });
        await expectInsideViewport(page, control, name);
        await expectTouchTarget(control, name);
      }
      for (const name of ['Elementos', 'Mapa', 'Informes']) {
        const link = card.getByRole('link', { name: `${name}: ${plant.name}` });
        await link.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await expectInsideViewport(page, link, name);
        await expectTouchTarget(link, name);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await photograph(page, testInfo, `${slug}-plants-es`);
      await toEnglish(page);
      await expect(pageHeading(page)).toHaveText('Plants');
      await expectNoSidewaysScroll(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await photograph(page, testInfo, `${slug}-plants-en`);
    });

    test('the elements page shows its first rows on the first screen, with finger-sized controls', async ({
      page,
      request,
    }, testInfo) => {
      const { plant, types, states } = await largePlant(request);
      const piles = types.find((type) => type.code === 'HIN')!;
      const notOk = states.find((state) => state.element_type === piles.id && state.code === 'NOK')!;
      await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/elements?type=HIN`);
      await expect(pageHeading(page)).toHaveText('Elementos');
      const table = page.getByRole('table', { name: `Elementos de tipo ${piles.name}` });
      const firstRow = table.getByRole('row').nth(1);
      await expect(firstRow.getByRole('button', { name: /^Ver el detalle de / })).toBeVisible();

      await expectNoSidewaysScroll(page);
      await expectOnFirstScreen(page, firstRow, 'the first table row');
      await expectTouchTarget(tapAreaOf(firstRow.getByRole('checkbox')), 'the row checkbox');
      await expectTouchTarget(
        tapAreaOf(table.getByRole('checkbox', { name: 'Seleccionar los elementos de esta página' })),
        'the page checkbox',
      );
      const rowAction = firstRow.getByRole('button', { name: /^Cambiar el estado de / });
      await expectTouchTarget(rowAction, 'the row action');
      await expectInsideViewport(page, rowAction, 'the row action');
      for (const name of ['Elementos para descargar', 'Informes', 'Ver en el mapa']) {
        await expectInsideViewport(
          page,
          page
            .getByRole('main')
            .getByRole('button', { name })
            .or(page.getByRole('main').getByRole('link', { name }))
            .first(),
          name,
        );
      }

      const headers = await table.getByRole('columnheader').allInnerTexts();
      if (device.isPhone) {
        // The field's columns; the contractor, the date and the description are in the detail.
        expect(headers.map((text) => text.trim()).filter(Boolean)).toEqual([
          'Código y n.º de serie',
          'Estado',
          'Acciones',
        ]);
      } else {
        // A tablet keeps the office's columns; the table scrolls sideways inside its frame.
        expect(headers).toContain('Contratista');
      }
      const filters = page.getByRole('button', { name: 'Filtros', exact: true });
      await expectTouchTarget(filters, 'the filters button');
      await expect(page.getByRole('textbox', { name: 'Código' })).toBeHidden();
      await photograph(page, testInfo, `${slug}-elements-es`);

      // The filters open in a drawer; the button then counts the active one.
      await filters.tap();
      const drawer = page.getByRole('dialog', { name: 'Filtros' });
      await drawer.getByRole('combobox', { name: 'Estado' }).tap();
      await page.getByRole('option', { name: notOk.name }).tap();
      await page.keyboard.press('Escape');
      await expectNoSidewaysScroll(page);
      const showResults = drawer.getByRole('button', { name: 'Ver resultados' });
      await expectInsideViewport(page, showResults, 'show results');
      await expectTouchTarget(showResults, 'show results');
      await photograph(page, testInfo, `${slug}-elements-filters-es`);
      await showResults.tap();
      await expect(drawer).toBeHidden();
      await expect(page.getByRole('button', { name: 'Filtros: 1 activo' })).toBeVisible();
      await expect(page).toHaveURL(/state=/);
      await expect(firstRow).toContainText(notOk.name);
      await page.getByRole('button', { name: 'Quitar filtros' }).tap();
      await expect(filters).toBeVisible();

      // A tap on the code opens the element's detail: the columns a phone leaves out are there.
      const code = await firstRow.getByRole('button', { name: /^Ver el detalle de / }).innerText();
      await firstRow.getByRole('button', { name: `Ver el detalle de ${code}` }).tap();
      const detail = page.getByRole('dialog', { name: code });
      for (const label of ['Contratista', 'Última actualización', 'Descripción']) {
        await expect(detail.getByText(label, { exact: true })).toBeVisible();
      }
      await expectNoSidewaysScroll(page);
      const close = detail.getByRole('button', { name: 'Cerrar' });
      await expectTouchTarget(close, 'the detail’s close button');
      await close.tap();
      await expect(detail).toBeHidden();

      await toEnglish(page);
      await expect(pageHeading(page)).toHaveText('Elements');
      const englishRow = page
        .getByRole('table', { name: / elements$/ })
        .getByRole('row')
        .nth(1);
      await expect(englishRow.getByRole('button', { name: /^Show the details of / })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectOnFirstScreen(page, englishRow, 'the first table row (en)');
      await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
      await photograph(page, testInfo, `${slug}-elements-en`);
    });

    test('a state change from the field layout, end to end', async ({ page, request }, testInfo) => {
      const { access, plant, types, states } = await largePlant(request);
      const strings = types.find((type) => type.code === 'STR')!;
      const typeStates = states.filter((state) => state.element_type === strings.id && state.is_active);
      // A string of this device's own (the other devices take others), and a state it is not in.
      const index = DEVICES.findIndex((item) => item.name === device.name);
      const list = await apiGet<{ results: Element[] }>(
        request,
        `/api/plants/${plant.id}/${strings.path}/?page_size=10&ordering=-code`,
        access,
      );
      const target = list.results[index];
      const newState = typeStates.find((state) => state.id !== target.state_id)!;

      await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/elements?type=STR&code=${target.code}`);
      const table = page.getByRole('table', { name: `Elementos de tipo ${strings.name}` });
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: `Ver el detalle de ${target.code}` }) });
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: `Cambiar el estado de ${target.code}` }).tap();

      const dialog = page.getByRole('dialog', { name: `Cambiar el estado de ${target.code}` });
      await expect(dialog).toBeVisible();
      const submit = dialog.getByRole('button', { name: 'Cambiar estado', exact: true });
      await expectInsideViewport(page, submit, 'the primary action');
      await expectTouchTarget(submit, 'the primary action');
      await expectNoSidewaysScroll(page);
      if (device.isPhone) {
        // Full screen: the dialog covers the whole phone.
        const box = await boxOf(page.locator('.mantine-Modal-content'));
        expect(box.width).toBeGreaterThanOrEqual(device.viewport.width - 1);
        expect(box.height).toBeGreaterThanOrEqual(device.viewport.height - 1);
      }
      await photograph(page, testInfo, `${slug}-state-change-es`);

      await dialog.getByLabel('Estado nuevo').tap();
      await page.getByRole('option', { name: newState.name }).tap();
      await dialog.getByLabel('Observaciones').fill(`Cambio desde el ${device.name} (e2e)`);
      await expectInsideViewport(page, submit, 'the primary action after filling the form');
      await submit.tap();
      await expect(stateChangeOutcome(dialog, '1 elemento actualizado')).toBeVisible();
      await dialog.getByRole('button', { name: 'Cerrar' }).last().tap();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText(newState.name);

      const detail = await apiGet<{ state: { id: number } | null }>(
        request,
        `/api/plants/${plant.id}/${strings.path}/${target.id}/`,
        access,
      );
      expect(detail.state?.id).toBe(newState.id);

      // The same dialog in English.
      await toEnglish(page);
      await page.getByRole('button', { name: `Change the state of ${target.code}` }).tap();
      const englishDialog = page.getByRole('dialog', { name: `Change the state of ${target.code}` });
      await expectInsideViewport(
        page,
        englishDialog.getByRole('button', { name: 'Change state', exact: true }),
        'the primary action (en)',
      );
      await photograph(page, testInfo, `${slug}-state-change-en`);
    });

    test('the map fills the screen, its tools stay on it and the legend opens in a sheet', async ({
      page,
      request,
    }, testInfo) => {
      const { plant, types } = await largePlant(request);
      await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/elements-map?type=TRA`);
      await expect(pageHeading(page)).toHaveText('Mapa de elementos');
      await waitForMapIdle(page);
      await expectNoSidewaysScroll(page);

      const toolbar = page.getByRole('toolbar', { name: 'Herramientas de selección' });
      const buttons = toolbar.getByRole('button');
      const tools = await buttons.count();
      expect(tools).toBeGreaterThanOrEqual(3);
      for (let index = 0; index < tools; index += 1) {
        const button = buttons.nth(index);
        const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
        await expectInsideViewport(page, button, `tool "${name}"`);
        await expectTouchTarget(button, `tool "${name}"`);
      }
      await expectInsideViewport(page, toolbar.getByLabel('Tipo de elemento a seleccionar'), 'type');

      // The map takes the rest of the screen, and the selection's action sits under it.
      const map = await boxOf(page.locator('canvas.maplibregl-canvas'));
      expect(map.height, 'the map takes more than half the screen').toBeGreaterThan(
        device.viewport.height * 0.5,
      );
      // As wide as the page's content (beside the menu, on a tablet held sideways): the toolbar's width.
      const bar = await boxOf(toolbar);
      expect(map.width, 'the map is as wide as the page').toBeGreaterThan(bar.width * 0.95);
      const changeState = page.getByRole('button', { name: 'Cambiar estado', exact: true });
      await expectInsideViewport(page, changeState, 'change state');
      await expectTouchTarget(changeState, 'change state');
      expect((await boxOf(changeState)).y, 'change state in the lower part, under the thumb').toBeGreaterThan(
        map.y + map.height,
      );
      await expectInsideViewport(
        page,
        page.getByRole('status').filter({ hasText: 'Dibuja un polígono' }),
        'the selection status',
      );
      await photograph(page, testInfo, `${slug}-map-es`);

      // The legend and its filters, in a bottom sheet.
      await toolbar.getByRole('button', { name: 'Leyenda' }).tap();
      const sheet = page.getByRole('dialog', { name: 'Leyenda y filtros' });
      await expect(sheet).toBeVisible();
      const trackers = types.find((type) => type.code === 'TRA')!;
      const trackerBox = sheet.getByRole('checkbox', { name: trackers.name, exact: true });
      await expect(trackerBox).toBeChecked();
      const line = await boxOf(sheet.locator('label').filter({ hasText: trackers.name }).first());
      expect(line.height, 'a legend line is a finger-sized target').toBeGreaterThanOrEqual(
        TOUCH_TARGET - 0.5,
      );
      await photograph(page, testInfo, `${slug}-map-legend-es`);
      await trackerBox.uncheck();
      await expect(sheet.getByRole('button', { name: 'Mostrar todo' })).toBeVisible();
      await sheet.getByRole('button', { name: 'Mostrar todo' }).tap();
      await expect(trackerBox).toBeChecked();
      await sheet.getByRole('button', { name: 'Cerrar' }).tap();
      await expect(sheet).toBeHidden();

      await toEnglish(page);
      await expect(pageHeading(page)).toHaveText('Element map');
      await expectNoSidewaysScroll(page);
      const englishTools = page.getByRole('toolbar', { name: 'Selection tools' }).getByRole('button');
      for (let index = 0; index < (await englishTools.count()); index += 1) {
        await expectInsideViewport(page, englishTools.nth(index), `tool ${index} (en)`);
      }
      await expectInsideViewport(
        page,
        page.getByRole('button', { name: 'Change state', exact: true }),
        'change state (en)',
      );
      await photograph(page, testInfo, `${slug}-map-en`);
    });
  });
}

test.describe('field layout, phone map @once', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('trackers selected by tapping a polygon change state from the bar under the map', async ({
    page,
    request,
  }) => {
    const { access, plant, types, states } = await largePlant(request);
    const trackers = types.find((type) => type.code === 'TRA')!;
    const list = await apiGet<{ results: (Element & { geom: string })[] }>(
      request,
      `/api/plants/${plant.id}/trackers/?page_size=1000&ordering=code`,
      access,
    );
    // The northernmost tracker of the last block's first column, and the one south of it: the map
    // spec works on the first block, this one on the last.
    const block = list.results[list.results.length - 1].code.split('-')[0];
    const blockTrackers = list.results.filter((element) => element.code.startsWith(`${block}-`));
    const xOf = (element: Element & { geom: string }) => coordinatesOf(element.geom)[0][0];
    const northOf = (element: Element & { geom: string }) =>
      Math.max(...coordinatesOf(element.geom).map(([, y]) => y));
    const firstColumn = Math.min(...blockTrackers.map(xOf));
    const target = blockTrackers
      .filter((element) => xOf(element) === firstColumn)
      .sort((a, b) => northOf(b) - northOf(a))[0];
    const newState = states.find(
      (state) =>
        state.element_type === trackers.id &&
        state.is_active &&
        state.code !== 'NOK' &&
        state.id !== target.state_id,
    )!;
    const points = coordinatesOf(target.geom);
    const west = Math.min(...points.map((p) => p[0]));
    const east = Math.max(...points.map((p) => p[0]));
    const south = Math.min(...points.map((p) => p[1]));
    const north = Math.max(...points.map((p) => p[1]));

    await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/elements-map?type=TRA`);
    await waitForMapIdle(page);
    await fitMap(
      page,
      [
        [west, south],
        [east, north],
      ],
      { padding: 60, maxZoom: 20 },
    );
    await waitForMapIdle(page);

    // The technician taps the polygon tool, then the four corners, then the first corner again.
    await page.getByRole('button', { name: 'Seleccionar por polígono' }).tap();
    await expect(page.getByText('Toca para añadir vértices', { exact: false })).toBeVisible();
    const box = (await page.locator('canvas.maplibregl-canvas').boundingBox())!;
    const corners = await page.evaluate(
      (lngLats) => lngLats.map((lngLat) => (window as MapWindow).__heliotrackMap!.project(lngLat)),
      [
        [west, north],
        [east, north],
        [east, south],
        [west, south],
      ] as [number, number][],
    );
    const margin = 8;
    const ring = [
      [corners[0].x - margin, corners[0].y - margin],
      [corners[1].x + margin, corners[1].y - margin],
      [corners[2].x + margin, corners[2].y + margin],
      [corners[3].x - margin, corners[3].y + margin],
    ].map(([x, y]) => ({ x: box.x + x, y: box.y + y }));
    const byPolygon = page.waitForResponse((response) => response.url().includes('/trackers/by-polygon'));
    for (const { x, y } of [...ring, ring[0]]) await page.touchscreen.tap(x, y);
    const selected = ((await (await byPolygon).json()) as { ids: number[] }).ids;
    expect(selected).toEqual([target.id]);

    // The count and the action sit under the map, on screen, under the thumb.
    const status = page.getByRole('status').filter({ hasText: 'seleccionado' });
    await expect(status).toHaveText(`1 elemento seleccionado (${trackers.name})`);
    const changeState = page.getByRole('button', { name: 'Cambiar estado', exact: true });
    await expectInsideViewport(page, changeState, 'change state');
    await changeState.tap();

    const dialog = page.getByRole('dialog', { name: 'Cambio masivo de 1 elemento' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Estado nuevo').tap();
    await page.getByRole('option', { name: newState.name }).tap();
    const submit = dialog.getByRole('button', { name: 'Cambiar 1 elemento', exact: true });
    await expectInsideViewport(page, submit, 'the primary action');
    await submit.tap();
    await expect(stateChangeOutcome(dialog, '1 elemento actualizado')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).last().tap();
    await expect(page.getByText('Dibuja un polígono para seleccionar elementos.')).toBeVisible();

    const detail = await apiGet<{ state: { id: number } | null }>(
      request,
      `/api/plants/${plant.id}/trackers/${target.id}/`,
      access,
    );
    expect(detail.state?.id).toBe(newState.id);
  });
});
