import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  ADMIN,
  apiGet,
  bearer,
  chooseLanguage,
  expect,
  obtainTokens,
  pageHeading,
  signInViaApi,
  TECHNICIAN,
  test,
} from '../fixtures';

/*
 * Issue 38, "In the office": the plant's "Revisión de sincronización". Through the real API, an office
 * change and an older offline change of the same module (a conflict and a late arrival), and an
 * offline change the server refuses; then the page in Chromium at a tablet's width: both changes side
 * by side, "Marcar como resuelto" takes the pair out of the unresolved list, and the refusal shows
 * under "Rechazado" with its reason.
 */

interface Plant {
  id: number;
  code: string;
  name: string;
  elements_version: number;
  unresolved_sync_reviews?: number;
}
interface ElementType {
  id: number;
  code: string;
  path: string | null;
}
interface State {
  id: number;
  element_type: number;
  code: string;
  name: string;
}
interface Element {
  id: number;
  code: string;
}

/** Shots of the page for a person to look at (not compared): E2E_SHOTS=<folder>. */
const SHOTS = process.env.E2E_SHOTS;

async function setUp(request: APIRequestContext) {
  const { access } = await obtainTokens(request, ADMIN);
  const { access: technician } = await obtainTokens(request, TECHNICIAN);
  const plant = (await apiGet<Plant[]>(request, '/api/plants/', access)).find((p) => p.code === 'CAR-01')!;
  const types = await apiGet<ElementType[]>(request, `/api/plants/${plant.id}/element-types/`, access);
  const modules = types.find((t) => t.code === 'MOD')! as ElementType & { path: string };
  const states = (await apiGet<State[]>(request, `/api/plants/${plant.id}/states/`, access)).filter(
    (s) => s.element_type === modules.id,
  );
  const stateOf = (code: string) => states.find((s) => s.code === code)!;
  // The last modules by code: the other specs change the first ones.
  const { results } = await apiGet<{ results: Element[] }>(
    request,
    `/api/plants/${plant.id}/${modules.path}/?page_size=3&ordering=-code`,
    access,
  );
  return {
    access,
    technician,
    plant,
    modules,
    mounted: stateOf('MONT'),
    notOk: stateOf('NOK'),
    inspected: stateOf('INSP'),
    paired: results[0],
    refused: results[1],
    late: results[2],
  };
}

/** The review card of an element, found by the link to its code. */
function reviewOf(page: Page, code: string, language: 'es' | 'en' = 'es'): Locator {
  const name =
    language === 'es' ? `Ver ${code} en la tabla de elementos` : `Show ${code} in the elements table`;
  return page.getByRole('article').filter({ has: page.getByRole('link', { name, exact: true }) });
}

test.describe('sync review in the office', () => {
  test.use({ viewport: { width: 820, height: 1180 } });

  test('shows a conflict side by side, resolves it, and lists a refused offline change with its reason', async ({
    page,
    request,
  }) => {
    const { access, technician, plant, modules, mounted, notOk, inspected, paired, refused, late } =
      await setUp(request);
    const url = (element: Element) => `/api/plants/${plant.id}/${modules.path}/${element.id}/state-change/`;
    const run = Date.now().toString(36);

    // The tablet downloaded the plant at this version; then the office sets the module No OK now.
    const downloaded = (await apiGet<Plant>(request, `/api/plants/${plant.id}/`, access)).elements_version;
    const office = await request.post(url(paired), {
      headers: bearer(access),
      data: { state: notOk.id, element_type: modules.id },
    });
    expect(office.ok()).toBe(true);
    // The technician's offline change of two hours ago arrives afterwards, as the device sends it.
    const offline = await request.post(url(paired), {
      headers: bearer(technician),
      data: {
        state: mounted.id,
        element_type: modules.id,
        recorded_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
        known_elements_version: downloaded,
        client_uuid: `e2e-sync-review-pair-${run}`,
      },
    });
    expect(offline.ok()).toBe(true);
    expect(await offline.json()).toMatchObject({ applied_count: 0, late_count: 1, conflict_count: 1 });
    // A late arrival without a conflict: the device had seen the office's change, yet observed before it.
    expect(
      (
        await request.post(url(late), {
          headers: bearer(access),
          data: { state: notOk.id, element_type: modules.id },
        })
      ).ok(),
    ).toBe(true);
    const seen = (await apiGet<Plant>(request, `/api/plants/${plant.id}/`, access)).elements_version;
    const lateAnswer = await request.post(url(late), {
      headers: bearer(technician),
      data: {
        state: mounted.id,
        element_type: modules.id,
        recorded_at: new Date(Date.now() - 3_600_000).toISOString(),
        known_elements_version: seen,
        client_uuid: `e2e-sync-review-late-${run}`,
      },
    });
    expect(await lateAnswer.json()).toMatchObject({ applied_count: 0, late_count: 1, conflict_count: 0 });
    // An offline change the server refuses: the technician may not record Inspeccionado.
    const refusal = await request.post(url(refused), {
      headers: { ...bearer(technician), 'Accept-Language': 'es' },
      data: { state: inspected.id, element_type: modules.id, client_uuid: `e2e-sync-review-refused-${run}` },
    });
    expect(refusal.status()).toBe(400);
    const reason = ((await refusal.json()) as { state: string[] }).state[0];

    const unresolved = (await apiGet<Plant>(request, `/api/plants/${plant.id}/`, access))
      .unresolved_sync_reviews!;
    expect(unresolved).toBeGreaterThanOrEqual(3);
    // The dashboard and the plant card link to the review with its count.
    const link = `Revisión de sincronización (${unresolved}): ${plant.name}`;
    await signInViaApi(page, request, ADMIN, '/dashboard');
    await expect(page.getByRole('link', { name: link, exact: true })).toBeVisible();
    await page.goto('/plants');
    await page.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/plants/${plant.id}/sync-review$`));
    await expect(pageHeading(page)).toHaveText('Revisión de sincronización');

    // The pair: the incoming change beside the change it met, at a tablet's width.
    const pair = reviewOf(page, paired.code);
    await expect(pair).toHaveCount(1);
    await expect(pair.getByText('Conflicto', { exact: true })).toBeVisible();
    const incoming = pair.getByRole('region', { name: 'Cambio recibido' });
    const met = pair.getByRole('region', { name: 'Cambio que encontró' });
    await expect(incoming.getByText(TECHNICIAN.name)).toBeVisible();
    await expect(incoming.getByText(mounted.name, { exact: true })).toBeVisible();
    await expect(met.getByText(ADMIN.name)).toBeVisible();
    await expect(met.getByText(notOk.name, { exact: true })).toBeVisible();
    const [left, right] = [await incoming.boundingBox(), await met.boundingBox()];
    expect(left && right && right.x >= left.x + left.width && Math.abs(right.y - left.y) < 2).toBe(true);
    await expect(reviewOf(page, late.code).getByText('Llegó tarde', { exact: true })).toBeVisible();
    await expect(
      reviewOf(page, late.code).getByRole('region', { name: 'Cambio que encontró' }),
    ).toContainText(notOk.name);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sync-review-es.png`, fullPage: true });
    // With reviews on it (the accessibility spec sees the page of a fresh server, empty), no serious
    // or critical WCAG 2.1 AA violation.
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    // "Marcar como resuelto": the pair leaves the unresolved list.
    await pair.getByRole('button', { name: 'Marcar como resuelto' }).click();
    await expect(reviewOf(page, paired.code)).toHaveCount(0);

    // The refusal, under "Rechazado", with the server's reason.
    await page
      .locator('label')
      .filter({ hasText: /^Rechazado$/ })
      .click();
    await expect(page).toHaveURL(/kind=refused/);
    const refusedReview = reviewOf(page, refused.code);
    await expect(refusedReview.getByRole('note')).toContainText(reason);
    await expect(refusedReview.getByRole('region', { name: 'Cambio recibido' })).toContainText(
      inspected.name,
    );
    // The resolved pair is there under "Resueltas".
    await page
      .locator('label')
      .filter({ hasText: /^Todos$/ })
      .click();
    await page
      .locator('label')
      .filter({ hasText: /^Resueltas$/ })
      .click();
    await expect(
      reviewOf(page, paired.code).getByText(`Resuelto por ${ADMIN.name}`, { exact: false }),
    ).toBeVisible();

    if (SHOTS) {
      await page
        .locator('label')
        .filter({ hasText: /^Sin resolver$/ })
        .click();
      await chooseLanguage(page, 'English');
      await expect(pageHeading(page)).toHaveText('Sync review');
      await expect(reviewOf(page, refused.code, 'en')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/sync-review-en.png`, fullPage: true });
    }
  });
});
