import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page, type TestInfo } from '@playwright/test';
import {
  ADMIN,
  apiGet,
  type CspViolation,
  expect,
  getProfile,
  goOffline,
  localCall,
  localLoadPlant,
  mainMenu,
  obtainTokens,
  signInViaApi,
  test,
  watchCsp,
} from '../fixtures';
import { apiPost, INSPECTOR, makePpiPlan } from '../fixtures/ppi';

/**
 * Issue 36 on the device, against the real server: the inspector's plant download (sync stream with
 * its PPI sections) into the browser's local database (sqlite-wasm, OPFS), whose PPI reads answer as
 * the server does: the linked PPIs, the user's permissions, the register's table and its results.
 * Then the scenario, on a profile on disk: the inspector opens a downloaded PPI's register
 * from the menu offline, records 20 results one by one (one with a photo) and on selections, reloads
 * the page without network and finds the work waiting, and the sync brings each result to the server
 * once with the inspector's time and the photo, an office result observed later staying current and
 * going to the sync review. The push's details (resends, refusals taken back, photos uploaded
 * before their result) are in local-ppis.local.test.ts.
 */

interface ServerResult {
  id: number;
  activity: { id: number };
  element: { id: number; code: string };
  result: string;
  observations: string;
  author: { id: number; name: string } | null;
}
interface HistoryItem {
  result: string;
  author: { id: number } | null;
  recorded_at: string | null;
  late: boolean;
  conflict: boolean;
  current: boolean;
}
interface Review {
  kind: string;
  subject?: string;
  element_ids: number[];
  incoming: { user: { id: number } | null; result?: string | null };
  met: { user: { id: number } | null; result?: string | null } | null;
  ppi?: { id: number; activity: { id: number } | null } | null;
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/**
 * A browser on a profile on disk (a persistent context: Playwright's usual context is incognito,
 * where Chromium keeps OPFS in memory), with the project's settings and the service worker allowed;
 * its pages are watched for the Content-Security-Policy and for uncaught exceptions, as the default one.
 */
async function diskProfile(testInfo: TestInfo, cspViolations: CspViolation[]) {
  const use = testInfo.project.use;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...use.launchOptions,
    baseURL: use.baseURL,
    locale: use.locale,
    timezoneId: use.timezoneId,
    serviceWorkers: 'allow',
  });
  // The profile goes once the browser has closed. Chromium's helper processes may still be writing
  // into it for a moment after (CI once failed here with the folder not yet empty): retry, and a
  // temporary folder left behind is no failure of the product.
  context.on('close', () => {
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`could not remove the test profile ${profile}: ${String(error)}`);
    }
  });
  await watchCsp(context, cspViolations);
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  return { context, page, pageErrors };
}

async function openApp(page: Page) {
  await page.goto('/login');
  await page.waitForFunction(() => '__heliotrackLocalStore' in window);
}

test.describe('PPIs in the plant download (issue 36)', () => {
  test('the local PPI reads answer as the server does, and an incremental download brings a new result', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { plan, elements } = await makePpiPlan(request);
    const inspector = await obtainTokens(request, INSPECTOR);
    await apiPost(request, `/api/ppis/${plan.id}/bulk-update-results/`, inspector.access, {
      activity: plan.activities[0].id,
      element_ids: [elements[1].id, elements[2].id],
      result: 'ok',
      observations: 'Profundidad correcta',
    });
    const plants = await apiGet<{ id: number; code: string }[]>(request, '/api/plants/', inspector.access);
    const plant = plants.find((p) => p.code === 'CAR-01')!;

    await openApp(page);
    await localCall(page, 'open');
    await localCall(page, 'reset');
    const first = await localLoadPlant(page, plant.id, inspector.access);
    expect(first.result.full).toBe(true);

    const online = <T>(path: string) => apiGet<T>(request, path, inspector.access);
    expect(await localCall(page, 'listLinkedPpis', { plant: plant.id })).toEqual(await online(`/api/user-linked-ppis?plant=${plant.id}`));
    expect((await localCall<{ permissions: unknown }>(page, 'findPpi', plan.id)).permissions).toEqual(
      await online(`/api/ppis/${plan.id}/user-ppi-permissions`),
    );
    const path = `/api/ppis/${plan.id}/ppi-results?page_size=50`;
    expect(await localCall(page, 'listPpiResults', plan.id, { page: 1, page_size: 50 }, path)).toEqual(await online(path));
    const register = `/api/ppis/${plan.id}/list-elements?page_size=50`;
    // As the handler hands it on, parsed with the server's defaults (ordering by code).
    expect(await localCall(page, 'listPpiElements', plan.id, { page: 1, page_size: 50, ordering: 'code' }, register)).toEqual(await online(register));

    // Written on the server after the download: the incremental download brings it.
    await apiPost(request, `/api/ppis/${plan.id}/bulk-update-results/`, inspector.access, {
      activity: plan.activities[1].id,
      element_ids: [elements[3].id],
      result: 'na',
    });
    const second = await localLoadPlant(page, plant.id, inspector.access);
    expect(second.result.full).toBe(false);
    expect(await localCall(page, 'listPpiResults', plan.id, { page: 1, page_size: 50 }, path)).toEqual(await online(path));
  });

  test('on a profile on disk the inspector records 20 results offline, one with a photo, reloads offline, and the sync brings each once with its photo and time @once', async ({
    request,
    cspViolations,
  }, testInfo) => {
    test.setTimeout(300_000);
    const { plan, elements } = await makePpiPlan(request, undefined, 'PPI', 12);
    const [depth, torque] = plan.activities;
    const inspector = await obtainTokens(request, INSPECTOR);
    const me = await getProfile(request, inspector.access);
    // A result the server has before the download: the inspector changes it offline.
    await apiPost(request, `/api/ppis/${plan.id}/bulk-update-results/`, inspector.access, {
      activity: depth.id,
      element_ids: [elements[1].id],
      result: 'ok',
    });
    const plants = await apiGet<{ id: number; code: string; name: string }[]>(request, '/api/plants/', inspector.access);
    const plant = plants.find((p) => p.code === 'CAR-01')!;

    // A browser profile on disk, as the inspector's browser has (the local database in a real OPFS),
    // with the service worker that opens the app again on a reload without network.
    const { context, page, pageErrors } = await diskProfile(testInfo, cspViolations);
    try {
      await signInViaApi(page, request, INSPECTOR, '/plants');
      await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      const card = page.getByRole('article', { name: plant.name, exact: true });
      await card.getByRole('button', { name: `Descargar para uso sin conexión: ${plant.name}`, exact: true }).click();
      await expect(card.getByText('Disponible sin conexión')).toBeVisible({ timeout: 30_000 });
      // The register once online (the server answers it slowly while the machine is loaded: more time).
      await page.goto(`/ppis/${plan.id}/ppi-results`);
      await expect(page.getByRole('button', { name: `resultado de ${depth.name} en ${elements[2].code}` })).toBeVisible({ timeout: 30_000 });
      await page.goto('/ppis/register');
      await expect(page.getByRole('link', { name: `Registrar en ${plan.code}` })).toBeVisible();

      const started = Date.now();
      await goOffline(page, context);
      await mainMenu(page).getByRole('link', { name: /PPIs/ }).click();
      await expect(page).toHaveURL(/\/ppis\/register$/);
      await page.getByRole('link', { name: `Registrar en ${plan.code}` }).click();
      await expect(page).toHaveURL(new RegExp(`/ppis/${plan.id}/ppi-results$`));
      const cell = (activity: { name: string }, code: string) =>
        page.getByRole('button', { name: `resultado de ${activity.name} en ${code}` });
      const recordOn = async (activity: { name: string }, chosen: typeof elements) => {
        for (const element of chosen) await page.getByRole('checkbox', { name: `Seleccionar ${element.code}` }).check();
        const title = `Registrar resultado en ${chosen.length} elementos`;
        await page.getByRole('button', { name: title }).click();
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.getByRole('combobox', { name: 'Actividad' }).click();
        await page.getByRole('option', { name: `${activity === depth ? 1 : 2}. ${activity.name}` }).click();
        await dialog.getByRole('button', { name: 'Guardar' }).click();
        await expect(dialog).toBeHidden();
        for (const element of chosen) await expect(cell(activity, element.code)).toHaveAccessibleName(/^OK:/);
      };

      // One result on a pending cell.
      await cell(depth, elements[2].code).click();
      const single = page.getByRole('dialog', { name: 'Registrar resultado en 1 elemento' });
      await single.getByText('No OK', { exact: true }).click();
      await single.getByRole('textbox', { name: 'Observaciones' }).fill('Profundidad insuficiente');
      await single.getByRole('button', { name: 'Guardar' }).click();
      await expect(single).toBeHidden();
      await expect(cell(depth, elements[2].code)).toHaveAccessibleName(/^No OK:/);

      // The server's result, recorded again.
      await cell(depth, elements[1].code).click();
      const detail = page.getByRole('dialog', { name: 'Resultado de la inspección' });
      await detail.getByRole('button', { name: 'Modificar' }).click();
      const edit = page.getByRole('dialog', { name: 'Modificar resultado' });
      await edit.getByText('No aplica', { exact: true }).click();
      await edit.getByRole('button', { name: 'Guardar' }).click();
      await expect(edit).toBeHidden();
      await expect(cell(depth, elements[1].code)).toHaveAccessibleName(/^No aplica:/);

      // One result with a photo: the photo waits on the device and shows in the result.
      await cell(torque, elements[2].code).click();
      await single.getByText('No OK', { exact: true }).click();
      await single.getByRole('textbox', { name: 'Observaciones' }).fill('Par insuficiente en dos tornillos');
      await single.locator('input[type="file"]').setInputFiles({ name: 'tornillos.png', mimeType: 'image/png', buffer: PNG });
      await single.getByRole('button', { name: 'Guardar' }).click();
      await expect(single).toBeHidden();
      const photoShown = async () => {
        await cell(torque, elements[2].code).click();
        await expect(detail.getByRole('img', { name: `Foto del elemento ${elements[2].code}` })).toHaveAttribute('src', /^data:image\/png;base64,/);
        await detail.getByRole('button', { name: 'Cerrar' }).click();
        await expect(detail).toBeHidden();
      };
      await photoShown();

      // The same result on selections: three elements' torque, nine elements' depth, five more elements' torque.
      await recordOn(torque, elements.slice(3, 6));
      await recordOn(depth, elements.slice(3, 12));
      await recordOn(torque, elements.slice(6, 11));
      // The activity's counts follow on the device.
      await expect(page.getByTestId(`activity-counts-${torque.id}`)).toContainText('OK 8 · No OK 1 · No aplica 0 · Pendientes 3');
      const waiting = page.getByRole('button', { name: 'Cambios pendientes: 6', exact: true });
      await expect(waiting).toBeVisible();
      const ended = Date.now();

      // Closed and opened again without network: the work still waits and shows, the photo too.
      await page.reload();
      await expect(waiting).toBeVisible({ timeout: 30_000 });
      await expect(cell(depth, elements[2].code)).toHaveAccessibleName(/^No OK:/);
      await expect(cell(depth, elements[1].code)).toHaveAccessibleName(/^No aplica:/);
      for (const element of elements.slice(3, 12)) await expect(cell(depth, element.code)).toHaveAccessibleName(/^OK:/);
      await photoShown();

      // Meanwhile the office records the sixth element's torque, later than the inspector: it stays current.
      const admin = await obtainTokens(request, ADMIN);
      const adminProfile = await getProfile(request, admin.access);
      await apiPost(request, `/api/ppis/${plan.id}/bulk-update-results/`, admin.access, {
        activity: torque.id,
        element_ids: [elements[5].id],
        result: 'not_ok',
        observations: 'Revisado en oficina',
      });

      // The network is back: the device syncs by itself.
      await context.setOffline(false);
      await expect(page.getByRole('button', { name: 'Cambios pendientes: 0', exact: true })).toBeVisible({ timeout: 90_000 });

      const all = await apiGet<{ results: ServerResult[] }>(request, `/api/ppis/${plan.id}/ppi-results?page_size=100`, inspector.access);
      const on = (activity: { id: number }, element: { id: number }) =>
        all.results.find((r) => r.activity.id === activity.id && r.element.id === element.id)!;
      const ok = (activity: typeof depth, chosen: typeof elements) =>
        chosen.map((element) => ({ activity, element, result: 'ok', observations: '' }));
      const mine = [
        { activity: depth, element: elements[2], result: 'not_ok', observations: 'Profundidad insuficiente' },
        { activity: depth, element: elements[1], result: 'na', observations: '' },
        { activity: torque, element: elements[2], result: 'not_ok', observations: 'Par insuficiente en dos tornillos' },
        ...ok(torque, elements.slice(3, 5)),
        ...ok(depth, elements.slice(3, 12)),
        ...ok(torque, elements.slice(6, 11)),
      ];
      // With the office's element, the 20 results recorded offline.
      expect(mine.length + 1).toBe(20);
      for (const expected of mine) {
        const found = on(expected.activity, expected.element);
        expect(found, `${expected.element.code}`).toMatchObject({
          result: expected.result,
          observations: expected.observations,
          author: { id: me.id },
          // The photo arrived once, with its result only.
          documents: expected.observations.startsWith('Par') ? [expect.objectContaining({ name: 'tornillos.png', is_photo: true })] : [],
        });
        const history = await apiGet<{ results: HistoryItem[] }>(
          request,
          `/api/ppis/${plan.id}/ppi-results/${found.id}/history/?page_size=100`,
          inspector.access,
        );
        const offline = history.results.filter((h) => h.recorded_at !== null && Date.parse(h.recorded_at) >= started);
        expect(offline, `${expected.element.code}: the offline write, once`).toHaveLength(1);
        expect(Date.parse(offline[0].recorded_at!)).toBeLessThanOrEqual(ended);
        expect(offline[0]).toMatchObject({ author: { id: me.id }, current: true, late: false });
      }

      // The office's result stays current; the inspector's is kept late, and the sync review lists both.
      const office = on(torque, elements[5]);
      expect(office).toMatchObject({ result: 'not_ok', observations: 'Revisado en oficina', author: { id: adminProfile.id } });
      const history = await apiGet<{ results: HistoryItem[] }>(
        request,
        `/api/ppis/${plan.id}/ppi-results/${office.id}/history/?page_size=100`,
        inspector.access,
      );
      expect(history.results.filter((h) => h.author?.id === me.id)).toMatchObject([{ result: 'ok', late: true, current: false }]);
      const reviews = await apiGet<{ results: Review[] }>(
        request,
        `/api/plants/${plant.id}/sync-reviews/?subject=ppi_result&ppi=${plan.id}&resolved=all`,
        admin.access,
      );
      expect(reviews.results).toEqual([
        expect.objectContaining({
          subject: 'ppi_result',
          element_ids: [elements[5].id],
          incoming: expect.objectContaining({ user: expect.objectContaining({ id: me.id }), result: 'ok' }),
          met: expect.objectContaining({ user: expect.objectContaining({ id: adminProfile.id }), result: 'not_ok' }),
          ppi: expect.objectContaining({ id: plan.id, activity: expect.objectContaining({ id: torque.id }) }),
        }),
      ]);

      // On the device, the download after the push brought the server's results in place of the
      // temporary ones, and the photo left with its confirmed result.
      await expect
        .poll(() => localCall(page, 'select', 'SELECT count(*) AS n FROM ppi_result WHERE id < 0 OR pending_uuid IS NOT NULL'))
        .toEqual([{ n: 0 }]);
      expect(await localCall(page, 'select', 'SELECT count(*) AS n FROM pending_document')).toEqual([{ n: 0 }]);
      expect(
        await localCall(page, 'select', 'SELECT result FROM ppi_result WHERE activity_id = ? AND element_id = ?', [torque.id, elements[5].id]),
      ).toEqual([{ result: 'not_ok' }]);
      expect(pageErrors, 'uncaught exceptions in the page').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
