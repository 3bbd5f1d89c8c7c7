import type { APIRequestContext, Page } from '@playwright/test';
import { apiGet, bearer, boundsOf, drawPolygonAround, expect, fitMap, obtainTokens, pageHeading, signInViaApi, test, waitForMapIdle } from '../fixtures';
import { apiPost, INSPECTOR, makePpiPlan } from '../fixtures/ppi';

/**
 * Issue "PPIs II", the massive activities update: the inspector ticks elements in the register's
 * table (or draws a polygon on its map), chooses several activities of their role with a result
 * each, and sends one `massive-activities-updates/`. The server writes all of it or nothing: an
 * expired calibration equipment (named in the message) and a plan closed meanwhile are refused,
 * shown in the dialog, and nothing is written.
 */

interface Result {
  id: number;
  result: string;
  observations: string;
  element: { id: number };
  activity: { id: number };
  equipment: { id: number } | null;
}

/** A screenshot in the test's output folder, and in PPI_SHOTS_DIR when set (to be looked at). */
async function photograph(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  if (process.env.PPI_SHOTS_DIR) await page.screenshot({ path: `${process.env.PPI_SHOTS_DIR}/${name}.png` });
}

async function resultsOf(request: APIRequestContext, ppiId: number, access: string) {
  return (await apiGet<{ results: Result[] }>(request, `/api/ppis/${ppiId}/ppi-results?page_size=100`, access)).results;
}

test.describe('PPI massive activities update', () => {
  test.use({ viewport: { width: 1500, height: 1000 } });

  test('several activities on ticked elements: an expired equipment and a closed plan are refused whole, a valid one is written', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { access, plan, elements, suffix } = await makePpiPlan(request, { path: 'hincas', code: 'HIN' }, 'MAS');
    const [depth, torque, galvanised] = plan.activities;
    const expired = await apiPost<{ id: number; name: string }>(request, '/api/calibration-equipment/', access, {
      name: `Calibre caducado ${suffix}`,
      calibration_date: '2020-01-01',
      expiry_date: '2020-12-31',
    });
    const valid = await apiPost<{ id: number; name: string }>(request, '/api/calibration-equipment/', access, {
      name: `Llave dinamométrica ${suffix}`,
      calibration_date: '2026-01-01',
      expiry_date: '2030-12-31',
    });
    const targets = elements.slice(1, 5);

    await signInViaApi(page, request, INSPECTOR, `/ppis/${plan.id}/ppi-results`);
    await expect(pageHeading(page)).toContainText(plan.code);
    for (const element of targets) await page.getByRole('checkbox', { name: `Seleccionar ${element.code}` }).check();
    await page.getByRole('button', { name: 'Varias actividades en 4 elementos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar varias actividades en 4 elementos' });
    // The inspector's two activities, ticked; the technician's is not offered.
    await expect(dialog.getByRole('checkbox', { name: `1. ${depth.name}` })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: `2. ${torque.name}` })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: `3. ${galvanised.name}` })).toHaveCount(0);

    // 1. Measured with an expired equipment: refused whole, the equipment named.
    await dialog.getByRole('combobox', { name: 'Equipo de medida' }).click();
    await page.getByRole('option', { name: new RegExp(`^${expired.name}`) }).click();
    await dialog.getByRole('button', { name: 'Guardar 2 actividades' }).click();
    await expect(dialog.getByRole('alert')).toContainText(`El equipo «${expired.name}»`);
    await expect(dialog.getByRole('alert')).toContainText('No se ha guardado ningún resultado');
    await photograph(page, 'massive-refused-es');
    expect(await resultsOf(request, plan.id, access), 'nothing written but the technician’s result').toHaveLength(1);

    // 2. A valid equipment, a result for each activity: written, eight results.
    await dialog.getByRole('combobox', { name: 'Equipo de medida' }).click();
    await page.getByRole('option', { name: new RegExp(`^${valid.name}`) }).click();
    await dialog.getByRole('switch', { name: 'El mismo resultado para todas las actividades' }).click({ force: true });
    await dialog.getByRole('radiogroup', { name: `Resultado de ${torque.name}` }).getByText('No aplica', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Observaciones' }).fill('Revisión conjunta del bloque');
    await dialog.getByRole('button', { name: 'Guardar 2 actividades' }).click();
    await expect(page.getByText('8 resultados guardados')).toBeVisible();
    await expect(dialog).toBeHidden();
    const written = (await resultsOf(request, plan.id, access)).filter((r) => r.activity.id !== galvanised.id);
    expect(written).toHaveLength(8);
    const ids = targets.map((e) => e.id).sort((a, b) => a - b);
    for (const [activity, value] of [[depth, 'ok'], [torque, 'na']] as const) {
      const ofActivity = written.filter((r) => r.activity.id === activity.id);
      expect(ofActivity.map((r) => r.element.id).sort((a, b) => a - b)).toEqual(ids);
      expect(ofActivity.every((r) => r.result === value && r.equipment?.id === valid.id && r.observations === 'Revisión conjunta del bloque')).toBe(true);
    }
    // The register shows them (the results were invalidated): the selection is gone.
    await expect(page.getByTestId(`cell-${targets[0].id}-${torque.id}`)).toContainText('No aplica');
    await expect(page.getByTestId(`cell-${targets[3].id}-${depth.id}`)).toContainText('OK');
    await expect(page.getByRole('button', { name: 'Varias actividades', exact: true })).toBeDisabled();

    // 3. Another role's activity, sent by hand: refused whole (the screen offers only the caller's).
    const inspector = await obtainTokens(request, INSPECTOR);
    const refused = await request.post(`/api/ppis/${plan.id}/massive-activities-updates/`, {
      headers: bearer(inspector.access),
      data: { activities: [{ activity: depth.id, result: 'not_ok' }, { activity: galvanised.id, result: 'ok' }], element_ids: [elements[5].id] },
    });
    expect(refused.status()).toBe(403);

    // 4. The plan is closed while the dialog is open: refused whole, the message shown.
    await page.getByRole('checkbox', { name: `Seleccionar ${elements[5].code}` }).check();
    await page.getByRole('button', { name: 'Varias actividades en 1 elemento' }).click();
    const late = page.getByRole('dialog', { name: 'Registrar varias actividades en 1 elemento' });
    await expect(late).toBeVisible();
    await apiPost(request, `/api/ppis/${plan.id}/ppi-close`, access, {});
    await late.getByRole('button', { name: 'Guardar 2 actividades' }).click();
    await expect(late.getByRole('alert')).toContainText('El PPI está cerrado: no admite resultados');
    await photograph(page, 'massive-closed-es');
    const after = await resultsOf(request, plan.id, access);
    expect(after.filter((r) => r.element.id === elements[5].id)).toHaveLength(0);
    expect(after).toHaveLength(9);
  });

  test('several activities on the linked trackers a polygon drew on the register map', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { access, plan, elements: trackers } = await makePpiPlan(request, { path: 'trackers', code: 'TRA' }, 'MAP');
    const [depth, torque] = plan.activities;
    // The sixth tracker is unlinked: inside the polygon, but no element of the plan.
    await apiPost(request, `/api/ppis/${plan.id}/unlink-elements`, access, { element_ids: [trackers[5].id] });
    const linked = trackers.slice(0, 5).map((p) => p.id).sort((a, b) => a - b);

    await signInViaApi(page, request, INSPECTOR, `/ppis/${plan.id}/register-map`);
    await expect(pageHeading(page)).toContainText(plan.code);
    await waitForMapIdle(page);
    const bounds = boundsOf(trackers.map((tracker) => tracker.geom));
    await fitMap(page, bounds, { padding: 120, maxZoom: 21 });
    await waitForMapIdle(page);
    await page.getByRole('toolbar', { name: 'Herramientas de selección' }).getByRole('button', { name: 'Seleccionar por polígono' }).click();
    await drawPolygonAround(page, bounds);
    await expect(page.getByRole('status').filter({ hasText: 'seleccionados' })).toContainText('5 elementos de');
    await page.getByRole('button', { name: 'Varias actividades en 5 elementos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar varias actividades en 5 elementos' });
    await dialog.getByRole('radiogroup', { name: 'Resultado' }).getByText('No OK', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Guardar 2 actividades' }).click();
    await expect(page.getByText('10 resultados guardados')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Dibuja un polígono' })).toBeVisible();
    await photograph(page, 'massive-map-es');

    const results = (await resultsOf(request, plan.id, access)).filter((r) => r.activity.id === depth.id || r.activity.id === torque.id);
    expect(results).toHaveLength(10);
    expect(results.every((r) => r.result === 'not_ok')).toBe(true);
    expect([...new Set(results.map((r) => r.element.id))].sort((a, b) => a - b)).toEqual(linked);
  });
});
