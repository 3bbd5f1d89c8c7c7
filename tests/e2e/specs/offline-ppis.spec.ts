import type { Page } from '@playwright/test';
import { apiGet, expect, localCall, localLoadPlant, obtainTokens, test } from '../fixtures';
import { apiPost, INSPECTOR, makePpiPlan } from '../fixtures/ppi';

/**
 * Issue 36 on the device, against the real server: the inspector's plant download (sync stream with
 * its PPI sections) into the browser's local database (sqlite-wasm, OPFS), whose PPI reads answer as
 * the server does: the linked PPIs, the user's permissions, the register's table and its results.
 * Recording offline and the push are covered on a real SQLite by local-ppis.local.test.ts.
 */

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
});
