import type { APIRequestContext } from '@playwright/test';
import { ADMIN, apiGet, boundsOf, coordinatesOf, drawPolygonAround, expect, fitMap, pageHeading, signInViaApi, test, waitForMapIdle, type MapWindow } from '../fixtures';
import { apiPost, INSPECTOR, makePpiPlan } from '../fixtures/ppi';

/**
 * Issue "PPIs II": the inspector records results in bulk from the register's table and on one
 * element with a photo, and sees the technician's result read-only; the administrator reads the
 * summary, closes the plan (a result the inspector was saving is then refused, the message shown),
 * and exports the dossier and opens it.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

interface Result {
  id: number;
  result: string;
  documents: { id: number; is_photo: boolean }[];
  element: { id: number; code: string };
  activity: { id: number };
}

/**
 * A plan of six piles of CAR-01 (or six trackers: a polygon selects lines and polygons, never
 * points): two activities of the inspector (CA) and one of the technician (TC), who has recorded
 * the galvanising of the first pile not OK (fixtures/ppi.ts).
 */
async function setUp(request: APIRequestContext, kind: { path: string; code: string } = { path: 'hincas', code: 'HIN' }) {
  const { access, plan, elements } = await makePpiPlan(request, kind, 'RES');
  return { access, plan, piles: elements };
}

test.describe('PPI results', () => {
  test.use({ viewport: { width: 1500, height: 1000 } });

  test('the inspector records in bulk and with a photo, the administrator summarises, closes and exports', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const { access, plan, piles } = await setUp(request);
    const [depth, torque, galvanised] = plan.activities;
    const results = async () => (await apiGet<{ results: Result[] }>(request, `/api/ppis/${plan.id}/ppi-results?page_size=100`, access)).results;

    // 1. The inspector's register: three piles selected, one result for all of them.
    await signInViaApi(page, request, INSPECTOR, `/ppis/${plan.id}/ppi-results`);
    await expect(pageHeading(page)).toContainText(plan.code);
    for (const pile of piles.slice(0, 3)) await page.getByRole('checkbox', { name: `Seleccionar ${pile.code}` }).check();
    await page.getByRole('button', { name: 'Registrar resultado en 3 elementos' }).click();
    const bulk = page.getByRole('dialog', { name: 'Registrar resultado en 3 elementos' });
    await bulk.getByRole('combobox', { name: 'Actividad' }).click();
    await page.getByRole('option', { name: `1. ${depth.name}` }).click();
    await bulk.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('3 resultados guardados')).toBeVisible();
    await expect(bulk).toBeHidden();
    expect((await results()).filter((r) => r.activity.id === depth.id && r.result === 'ok')).toHaveLength(3);

    // 2. One pile, not OK, with a photo.
    await page.getByRole('button', { name: `Resultado de ${torque.name} en ${piles[3].code}` }).click();
    const single = page.getByRole('dialog', { name: 'Registrar resultado en 1 elemento' });
    await single.getByText('No OK', { exact: true }).click();
    await single.getByRole('textbox', { name: 'Observaciones' }).fill('Par insuficiente en dos tornillos');
    await single.locator('input[type="file"]').setInputFiles({ name: 'tornillos.png', mimeType: 'image/png', buffer: PNG });
    await single.getByRole('button', { name: 'Guardar' }).click();
    await expect(single).toBeHidden();
    const torqueResult = (await results()).find((r) => r.activity.id === torque.id && r.element.id === piles[3].id)!;
    expect(torqueResult.result).toBe('not_ok');
    expect(torqueResult.documents).toEqual([expect.objectContaining({ is_photo: true })]);

    // 3. On the map: the sixth pile, pending, recorded OK with a click; then drawn in the OK colour.
    await page.getByRole('main').getByText('Mapa', { exact: true }).click({ force: true });
    await expect(page).toHaveURL(new RegExp(`/ppis/${plan.id}/register-map$`));
    await waitForMapIdle(page);
    const ring = coordinatesOf(piles[5].geom);
    const [lon, lat] = [ring.reduce((sum, p) => sum + p[0], 0) / ring.length, ring.reduce((sum, p) => sum + p[1], 0) / ring.length];
    await fitMap(page, [[lon - 0.00002, lat - 0.00002], [lon + 0.00002, lat + 0.00002]], { maxZoom: 21 });
    await waitForMapIdle(page);
    const point = await page.evaluate(([x, y]) => (window as MapWindow).__heliotrackMap!.project([x, y]), [lon, lat] as [number, number]);
    await page.locator('canvas.maplibregl-canvas').click({ position: { x: point.x, y: point.y } });
    const onMap = page.getByRole('dialog', { name: 'Registrar resultado en 1 elemento' });
    await onMap.getByRole('button', { name: 'Guardar' }).click();
    await expect(onMap).toBeHidden();
    expect((await results()).find((r) => r.activity.id === depth.id && r.element.id === piles[5].id)?.result).toBe('ok');
    await expect
      .poll(async () => {
        await waitForMapIdle(page);
        // The plant's tiles only: the polygon tool's own features have small numeric ids too.
        return page.evaluate(
          (id) => (window as MapWindow).__heliotrackMap!.queryRenderedFeatures().find((f) => f.source === 'elements' && Number(f.id) === id)?.properties.result,
          piles[5].id,
        );
      })
      .toBe('ok');
    await page.screenshot({ path: test.info().outputPath('map-es.png') });
    await page.getByRole('main').getByText('Registro', { exact: true }).click({ force: true });

    // 4. The technician's result is open to read, not to change.
    await page.getByRole('button', { name: `Resultado de ${galvanised.name} en ${piles[0].code}` }).click();
    const detail = page.getByRole('dialog', { name: 'Resultado de la inspección' });
    await expect(detail.getByTestId('result-read-only')).toBeVisible();
    await expect(detail).toContainText('Galvanizado dañado en la cabeza');
    await expect(detail.getByRole('button', { name: 'Modificar' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('register-es.png') });
    await detail.getByRole('button', { name: 'Cerrar' }).click();

    // 5. The inspector starts another result while the administrator closes the plan.
    await page.getByRole('button', { name: `Resultado de ${torque.name} en ${piles[4].code}` }).click();
    const late = page.getByRole('dialog', { name: 'Registrar resultado en 1 elemento' });
    await expect(late).toBeVisible();

    const admin = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    await signInViaApi(admin, request, ADMIN, `/ppis/${plan.id}/ppi-results-summary`);
    const figures = admin.getByTestId('summary-figures');
    // 3 + 1 + 1 + 1 results of 18 expected.
    await expect(figures).toContainText('33,3');
    await expect(figures).toContainText('Elementos con No OK');
    await admin.screenshot({ path: test.info().outputPath('summary-es.png') });
    await admin.getByRole('button', { name: 'Cerrar PPI' }).click();
    await admin.getByRole('dialog').last().getByRole('button', { name: 'Cerrar PPI' }).click();
    await expect(admin.getByText(`PPI ${plan.code} cerrado`)).toBeVisible();

    await late.getByRole('button', { name: 'Guardar' }).click();
    await expect(late.getByRole('alert')).toContainText('El PPI está cerrado: no admite resultados');
    await page.screenshot({ path: test.info().outputPath('refused-es.png') });

    // 6. The dossier: made in the background, then downloaded and opened.
    await admin.getByRole('button', { name: 'Exportar dosier' }).click();
    await expect(admin.getByText('Listo · 6 resultados')).toBeVisible({ timeout: 30_000 });
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Descargar PDF' }).click()]);
    const pdf = await (await import('node:fs/promises')).readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.suggestedFilename()).toContain(plan.code);

    // The dashboard lists the latest PPI results.
    await admin.goto('/dashboard');
    const recent = admin.getByRole('region', { name: 'Inspecciones recientes' });
    await expect(recent.getByRole('listitem').first()).toContainText(plan.code);
    await admin.screenshot({ path: test.info().outputPath('dashboard-es.png') });

    // The same summary in English.
    await admin.goto(`/ppis/${plan.id}/ppi-results-summary`);
    await admin.evaluate(() => localStorage.setItem('currentLang', 'en'));
    await admin.reload();
    await expect(admin.getByText('Results by activity')).toBeVisible();
    await admin.screenshot({ path: test.info().outputPath('summary-en.png') });
    await admin.close();
  });

  test('the inspector draws a polygon on the map and records one result on the linked trackers inside it', async ({ page, request }) => {
    test.setTimeout(90_000);
    const { access, plan, piles: trackers } = await setUp(request, { path: 'trackers', code: 'TRA' });
    const [, torque] = plan.activities;
    // The sixth tracker is unlinked again: inside the polygon, but no element of the plan.
    await apiPost(request, `/api/ppis/${plan.id}/unlink-elements`, access, { element_ids: [trackers[5].id] });
    const linked = trackers.slice(0, 5).map((p) => p.id).sort((a, b) => a - b);

    await signInViaApi(page, request, INSPECTOR, `/ppis/${plan.id}/ppi-results/select-elements-map`);
    await expect(pageHeading(page)).toContainText(plan.code);
    await waitForMapIdle(page);
    const bounds = boundsOf(trackers.map((tracker) => tracker.geom));
    await fitMap(page, bounds, { padding: 120, maxZoom: 21 });
    await waitForMapIdle(page);
    await page.getByRole('button', { name: 'Seleccionar por polígono' }).click();
    const byPolygon = page.waitForResponse((response) => response.url().includes('/by-polygon'));
    await drawPolygonAround(page, bounds);
    // The polygon holds all six trackers (and maybe more of the plant); only the five linked are selected.
    const inside = ((await (await byPolygon).json()) as { ids: number[] }).ids;
    expect(inside).toEqual(expect.arrayContaining(trackers.map((p) => p.id)));
    await expect(page.getByRole('status').filter({ hasText: 'seleccionados' })).toContainText('5 elementos de');
    await expect
      .poll(async () => {
        await waitForMapIdle(page);
        return page.evaluate(
          (ids) =>
            // The plant's tiles only: the polygon tool draws its vertices as features with small
            // numeric ids too, which came first for element 5 once (its state is never 'selected').
            ids.filter((id) =>
              (window as MapWindow).__heliotrackMap!
                .queryRenderedFeatures()
                .filter((f) => f.source === 'elements' && Number(f.id) === id)
                .some((f) => (window as MapWindow).__heliotrackMap!.getFeatureState({ source: f.source, sourceLayer: f.sourceLayer, id }).selected === true),
            ),
          trackers.map((p) => p.id),
        );
      })
      .toEqual(trackers.slice(0, 5).map((p) => p.id));
    await page.screenshot({ path: test.info().outputPath('map-selection-es.png') });

    // The result is of the activity the map shows.
    await page.getByRole('main').getByRole('combobox', { name: 'Actividad' }).click();
    await page.getByRole('option', { name: `2. ${torque.name}` }).click();
    await page.getByRole('button', { name: 'Registrar resultado en 5 elementos' }).click();
    const bulk = page.getByRole('dialog', { name: 'Registrar resultado en 5 elementos' });
    await expect(bulk.getByRole('combobox', { name: 'Actividad' })).toHaveValue(`2. ${torque.name}`);
    await bulk.getByText('No aplica', { exact: true }).click();
    await bulk.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('5 resultados guardados')).toBeVisible();
    await expect(bulk).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Dibuja un polígono' })).toBeVisible();

    // Through the API: one result on each linked tracker inside, none on the unlinked one.
    const results = (await apiGet<{ results: Result[] }>(request, `/api/ppis/${plan.id}/ppi-results?page_size=100&activity=${torque.id}`, access)).results;
    expect(results.map((r) => r.element.id).sort((a, b) => a - b)).toEqual(linked);
    expect(results.every((r) => r.result === 'na')).toBe(true);
  });
});
