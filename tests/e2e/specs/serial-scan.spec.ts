import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  apiGet,
  bearer,
  seedScanPlan,
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
} from '../fixtures';

/**
 * Issue 19 on the device: a scan plan drawn along a row of modules on the map, serials read through
 * a simulated Bluetooth scanner acting as a keyboard (fast keystrokes ended by Enter), each flag shown
 * at once (wrong length, duplicated, unregistered), the server holding every serial, the plan as a
 * table, and a serial edited from the element drawer, refused first ('Error al editar el serial').
 */

interface Plant {
  id: number;
  code: string;
  name: string;
}
interface Module {
  id: number;
  code: string;
  geom: string;
  serial: string;
  is_serial_invalid_length: boolean;
  is_serial_duplicated: boolean;
  is_serial_unregistered: boolean;
}

const centroid = (module: Module): [number, number] => {
  const points = coordinatesOf(module.geom).slice(0, -1);
  return [
    points.reduce((s, p) => s + p[0], 0) / points.length,
    points.reduce((s, p) => s + p[1], 0) / points.length,
  ];
};

async function postSerials(
  request: APIRequestContext,
  access: string,
  plantId: number,
  serials: { element_id: number; serial: string }[],
) {
  const response = await request.post(`/api/plants/${plantId}/serial-scan/`, {
    headers: bearer(access),
    data: { client_uuid: crypto.randomUUID(), serials },
  });
  expect(response.status(), 'serial-scan/').toBe(200);
}

/** Five modules side by side on one tracker, their serials cleared, and serials for each case. */
async function setUp(request: APIRequestContext, offset = 0) {
  const { access } = await obtainTokens(request, ADMIN);
  const plants = await apiGet<Plant[]>(request, '/api/plants/', access);
  const plant = plants.find((item) => item.code === 'CAR-01')!;
  const modules = (
    await apiGet<{ results: Module[] }>(
      request,
      `/api/plants/${plant.id}/modules/?page_size=1000&ordering=code`,
      access,
    )
  ).results;
  // The northmost five of the first module's column: consecutive along the tracker axis.
  const x0 = centroid(modules[0])[0];
  const row = modules
    .filter((module) => Math.abs(centroid(module)[0] - x0) < 1e-7)
    .sort((a, b) => centroid(b)[1] - centroid(a)[1])
    .slice(offset, offset + 5);
  expect(row).toHaveLength(5);
  await postSerials(
    request,
    access,
    plant.id,
    row.map((module) => ({ element_id: module.id, serial: '' })),
  );

  const delivered = (
    await apiGet<{ serials: string[] }>(request, `/api/plants/${plant.id}/delivered-serials/all/`, access)
  ).serials;
  const free: string[] = [];
  for (const serial of [...delivered].reverse()) {
    if (serial.length !== 14) continue;
    const held = await apiGet<{ count: number }>(
      request,
      `/api/plants/${plant.id}/modules/?serial=${serial}&page_size=1`,
      access,
    );
    if (held.count === 0) free.push(serial);
    if (free.length === 3) break;
  }
  expect(free).toHaveLength(3);
  const rowIds = new Set(row.map((module) => module.id));
  const holder = modules.find(
    (module) =>
      !rowIds.has(module.id) &&
      module.serial.length === 14 &&
      !module.is_serial_duplicated &&
      !module.is_serial_unregistered,
  )!;
  expect(holder, 'a module outside the row with a clean serial').toBeTruthy();
  const unregistered = `E2E${Date.now().toString().slice(-11)}`;
  return { access, plant, row, free, holder, unregistered };
}

/** Draws a plan from the first module of the row to the last on the scan map; saves it as proposed. */
async function drawPlan(page: Page, row: Module[]) {
  const centres = row.map(centroid);
  const xs = centres.map((c) => c[0]);
  const ys = centres.map((c) => c[1]);
  await waitForMapIdle(page);
  await fitMap(
    page,
    [
      [Math.min(...xs), Math.min(...ys)],
      [Math.max(...xs), Math.max(...ys)],
    ],
    { padding: 80, maxZoom: 21 },
  );
  await waitForMapIdle(page);
  // Draw the line from the first module to the fifth; a click on the last point again finishes it.
  await page.getByRole('button', { name: 'Nueva fila' }).click();
  const box = (await page.locator('canvas.maplibregl-canvas').boundingBox())!;
  const [start, end] = await page.evaluate(
    (lngLats) => lngLats.map((lngLat) => (window as MapWindow).__heliotrackMap!.project(lngLat)),
    [centres[0], centres[centres.length - 1]],
  );
  const byPolygon = page.waitForResponse((response) => response.url().includes('/modules/by-polygon'));
  for (const point of [start, end, end]) {
    await page.mouse.move(box.x + point.x, box.y + point.y, { steps: 3 });
    await page.mouse.click(box.x + point.x, box.y + point.y);
  }
  await byPolygon;
  const modal = page.getByRole('dialog', { name: 'Nuevo plan de escaneo' });
  await expect(modal.getByText(`La línea cruza ${row.length} módulos.`)).toBeVisible();
  await expect(modal.getByLabel('Nombre')).toHaveValue('Fila 1');
  await expect(modal.getByLabel('Longitud del número de serie')).toHaveValue('14');
  await modal.getByRole('button', { name: 'Guardar plan' }).click();
  await expect(modal).toBeHidden();
}

/** The next answer of POST serial-scan/. */
function serialScanAnswer(page: Page) {
  return page.waitForResponse((r) => r.url().includes('/serial-scan/') && r.request().method() === 'POST');
}

/** A scanner as a keyboard: a burst of keys a few milliseconds apart, then Enter. */
async function scan(page: Page, serial: string) {
  await page.keyboard.type(`${serial}\n`);
}

test('a plan drawn along a row is scanned with a keyboard scanner, each flag shows, and the server holds the serials', async ({
  page,
  request,
}, testInfo) => {
  const { access, plant, row, free, holder, unregistered } = await setUp(request);
  await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/scan-feature/elements-map`);
  await expect(pageHeading(page)).toHaveText('Escaneo de números de serie');
  await expect(page.getByText('Esta planta aún no tiene planes de escaneo', { exact: false })).toBeVisible();
  await drawPlan(page, row);

  const progress = page.getByTestId('scan-progress');
  const last = page.getByTestId('scan-last');
  await expect(progress).toHaveText('Leídos 0 de 5, faltan 5');
  await expect(page.getByTestId('scan-next')).toHaveText(row[0].code);
  // The plan's modules are marked on the map, the next one apart.
  await expect
    .poll(() =>
      page.evaluate(
        (id) =>
          (window as MapWindow).__heliotrackMap!.getFeatureState({
            source: 'elements',
            sourceLayer: 'elements',
            id,
          }),
        row[0].id,
      ),
    )
    .toMatchObject({ selected: true, current: true });

  await pageHeading(page).click();
  const serialPost = () => serialScanAnswer(page);
  let posted = serialPost();
  await scan(page, free[0]);
  await expect(last).toContainText(free[0]);
  await expect(last).toContainText('Correcto');
  await expect(progress).toHaveText('Leídos 1 de 5, faltan 4');
  await posted;

  await scan(page, 'SHORT1');
  await expect(last).toContainText('Longitud no válida');
  await scan(page, holder.serial);
  await expect(last).toContainText('Duplicado');
  await scan(page, unregistered);
  await expect(last).toContainText('No registrado');
  await expect(last).not.toContainText('Duplicado');
  await expect(progress).toHaveText('Leídos 4 de 5, faltan 1');
  await expect(page.getByText('Incompleto')).toBeVisible();

  // A wrong read undone, then the right one: the plan is complete.
  posted = serialPost();
  await scan(page, holder.serial);
  await expect(progress).toHaveText('Leídos 5 de 5, faltan 0');
  await posted;
  await page.getByRole('button', { name: 'Deshacer la última lectura' }).click();
  await expect(progress).toHaveText('Leídos 4 de 5, faltan 1');
  await expect(page.getByTestId('scan-next')).toHaveText(row[4].code);
  posted = serialPost();
  await pageHeading(page).click();
  await scan(page, free[1]);
  await expect(progress).toHaveText('Leídos 5 de 5, faltan 0');
  await expect(page.getByText('Completo', { exact: true })).toBeVisible();
  await posted;
  await page.screenshot({ path: testInfo.outputPath('desktop-map-es.png') });

  // The server holds each serial with its flags; the module that already held the duplicated one is flagged too.
  const expected = [
    {
      serial: free[0],
      is_serial_invalid_length: false,
      is_serial_duplicated: false,
      is_serial_unregistered: false,
    },
    {
      serial: 'SHORT1',
      is_serial_invalid_length: true,
      is_serial_duplicated: false,
      is_serial_unregistered: true,
    },
    {
      serial: holder.serial,
      is_serial_invalid_length: false,
      is_serial_duplicated: true,
      is_serial_unregistered: false,
    },
    {
      serial: unregistered,
      is_serial_invalid_length: false,
      is_serial_duplicated: false,
      is_serial_unregistered: true,
    },
    {
      serial: free[1],
      is_serial_invalid_length: false,
      is_serial_duplicated: false,
      is_serial_unregistered: false,
    },
  ];
  await expect
    .poll(async () =>
      Promise.all(
        row.map((module) => apiGet<Module>(request, `/api/plants/${plant.id}/modules/${module.id}/`, access)),
      ).then((list) =>
        list.map(({ serial, is_serial_invalid_length, is_serial_duplicated, is_serial_unregistered }) => ({
          serial,
          is_serial_invalid_length,
          is_serial_duplicated,
          is_serial_unregistered,
        })),
      ),
    )
    .toEqual(expected);
  expect(
    (await apiGet<Module>(request, `/api/plants/${plant.id}/modules/${holder.id}/`, access))
      .is_serial_duplicated,
  ).toBe(true);

  // The same plan as a table, kept on the device.
  await page.getByRole('link', { name: 'Ver como tabla' }).click();
  const table = page.getByRole('table', { name: 'Módulos del plan Fila 1' });
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(table.getByRole('row').nth(2)).toContainText('SHORT1');
  await expect(table.getByRole('row').nth(2)).toContainText('Longitud no válida');
  await expect(table.getByRole('row').nth(3)).toContainText('Duplicado');
  await page.screenshot({ path: testInfo.outputPath('desktop-table-es.png') });
  await expect(
    page
      .getByRole('combobox', { name: 'Plan de escaneo' })
      .or(page.getByRole('textbox', { name: 'Plan de escaneo' })),
  ).toHaveValue('Fila 1 · 5/5');

  // The drawer's edit: a serial the server refuses opens the dialog with its message; a good one is kept.
  await page.goto(`/plants/${plant.id}/elements?type=MOD&code=${row[1].code}`);
  await page.getByRole('button', { name: `Ver el detalle de ${row[1].code}` }).click();
  const drawer = page.getByRole('dialog', { name: row[1].code });
  await drawer.getByRole('button', { name: 'Editar número de serie' }).click();
  await drawer.getByLabel('Número de serie').fill('X'.repeat(101));
  await drawer.getByRole('button', { name: 'Guardar' }).click();
  const refusal = page.getByRole('dialog', { name: 'Error al editar el serial' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('100');
  await refusal.getByRole('button', { name: 'Aceptar' }).click();
  await drawer.getByLabel('Número de serie').fill(free[0].replace(/.$/, (c) => (c === '9' ? '8' : '9')));
  await drawer.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Número de serie guardado')).toBeVisible();
  const edited = await apiGet<Module>(request, `/api/plants/${plant.id}/modules/${row[1].id}/`, access);
  expect(edited.is_serial_invalid_length).toBe(false);
  expect(edited.serial).toHaveLength(14);
});

test('offline, the rest of a plan goes to the outbox; the sync leaves each serial once on the server, with the flags the device showed', async ({
  page,
  request,
}) => {
  const { access, plant, row, free } = await setUp(request, 5);
  const unregistered = `OFF${Date.now().toString().slice(-11)}`;
  await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/scan-feature/elements-map`);
  await expect(pageHeading(page)).toHaveText('Escaneo de números de serie');
  await drawPlan(page, row);
  const progress = page.getByTestId('scan-progress');
  const last = page.getByTestId('scan-last');
  await expect(progress).toHaveText('Leídos 0 de 5, faltan 5');
  await pageHeading(page).click();

  // Online, the first two reads go straight up.
  let posted = serialScanAnswer(page);
  await scan(page, free[0]);
  await expect(last).toContainText('Correcto');
  await posted;
  posted = serialScanAnswer(page);
  await scan(page, 'SHORT2');
  await expect(last).toContainText('Longitud no válida');
  await posted;

  // Offline mode on: the rest is answered on the device and waits in its outbox; nothing goes out.
  await page.evaluate(() => localStorage.setItem('offline_mode', 'true'));
  // With the network there, the device would send them by itself (issue 38): cut for the scans meanwhile.
  await page.route('**/serial-scan/', (route) => route.abort('internetdisconnected'));
  const sent: string[] = [];
  page.on('requestfinished', (r) => {
    if (r.url().includes('/serial-scan/')) sent.push(r.url());
  });
  await scan(page, free[1]);
  await expect(last).toContainText('Correcto');
  await scan(page, free[1]);
  await expect(last).toContainText('Duplicado');
  await scan(page, unregistered);
  await expect(last).toContainText('No registrado');
  await expect(progress).toHaveText('Leídos 5 de 5, faltan 0');
  await expect(page.getByText('Completo', { exact: true })).toBeVisible();
  const pending = page.getByRole('button', { name: /^Cambios pendientes: \d+$/ });
  await expect(pending).toBeVisible();
  expect(sent).toEqual([]);

  // The sync sends the outbox as it is (the press, or the device's own retry after its backoff).
  await page.unroute('**/serial-scan/');
  await pending.click();
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes de sincronizar' });
  await panel.getByRole('button', { name: 'Sincronizar' }).click();
  await expect(panel.getByText('Cambios pendientes: 0', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(panel.getByRole('listitem')).toHaveCount(0);

  const shown = [
    {
      serial: free[0],
      is_serial_invalid_length: false,
      is_serial_duplicated: false,
      is_serial_unregistered: false,
    },
    {
      serial: 'SHORT2',
      is_serial_invalid_length: true,
      is_serial_duplicated: false,
      is_serial_unregistered: true,
    },
    {
      serial: free[1],
      is_serial_invalid_length: false,
      is_serial_duplicated: true,
      is_serial_unregistered: false,
    },
    {
      serial: free[1],
      is_serial_invalid_length: false,
      is_serial_duplicated: true,
      is_serial_unregistered: false,
    },
    {
      serial: unregistered,
      is_serial_invalid_length: false,
      is_serial_duplicated: false,
      is_serial_unregistered: true,
    },
  ];
  const onServer = await Promise.all(
    row.map((module) => apiGet<Module>(request, `/api/plants/${plant.id}/modules/${module.id}/`, access)),
  );
  expect(
    onServer.map(({ serial, is_serial_invalid_length, is_serial_duplicated, is_serial_unregistered }) => ({
      serial,
      is_serial_invalid_length,
      is_serial_duplicated,
      is_serial_unregistered,
    })),
  ).toEqual(shown);
  // Each serial once in the plant (the duplicated one on the two modules that share it).
  const holders = async (serial: string) =>
    (
      await apiGet<{ count: number }>(
        request,
        `/api/plants/${plant.id}/modules/?serial=${serial}&page_size=1`,
        access,
      )
    ).count;
  expect(await holders(free[0])).toBe(1);
  expect(await holders(free[1])).toBe(2);
  expect(await holders(unregistered)).toBe(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the scanning screens fit a 390 px phone with 44 px targets, in Spanish and English', async ({
    page,
    request,
  }, testInfo) => {
    const { access } = await obtainTokens(request, ADMIN);
    const plant = (await apiGet<Plant[]>(request, '/api/plants/', access)).find(
      (item) => item.code === 'CAR-01',
    )!;
    const modules = (
      await apiGet<{ results: Module[] }>(
        request,
        `/api/plants/${plant.id}/modules/?page_size=12&ordering=code`,
        access,
      )
    ).results;
    await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/scan-feature/elements`);
    await expect(pageHeading(page)).toHaveText('Escaneo de números de serie');
    // The page has opened the local database (its plans are listed: none yet).
    await expect(
      page.getByText('Esta planta aún no tiene planes de escaneo', { exact: false }),
    ).toBeVisible();
    await seedScanPlan(page, plant.id, modules);
    await page.reload();
    const progress = page.getByTestId('scan-progress');
    await expect(progress).toContainText('de 12');

    const checkLayout = async () => {
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, 'no sideways scroll').toBeLessThanOrEqual(innerWidth);
      for (const button of [
        page.getByRole('button', { name: /^(Saltar|Skip)$/ }),
        page.getByRole('button', { name: /^(Deshacer la última lectura|Undo the last read)$/ }),
        page.getByRole('button', { name: /^(Guardar|Save)$/ }),
      ]) {
        const box = (await button.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(43.5);
        expect(box.width).toBeGreaterThanOrEqual(43.5);
      }
    };
    await checkLayout();
    await page.screenshot({ path: testInfo.outputPath('phone-table-es.png'), fullPage: true });

    await page.getByRole('link', { name: 'Ver en el mapa' }).click();
    await expect(page.getByRole('button', { name: 'Nueva fila' })).toBeVisible();
    await waitForMapIdle(page);
    await checkLayout();
    const newRow = (await page.getByRole('button', { name: 'Nueva fila' }).boundingBox())!;
    expect(newRow.height).toBeGreaterThanOrEqual(43.5);
    await page.screenshot({ path: testInfo.outputPath('phone-map-es.png'), fullPage: true });

    await chooseLanguage(page, 'English');
    await expect(pageHeading(page)).toHaveText('Serial scanning');
    await expect(progress).toContainText('of 12');
    await checkLayout();
    await page.screenshot({ path: testInfo.outputPath('phone-map-en.png'), fullPage: true });
  });
});
