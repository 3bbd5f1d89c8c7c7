import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import {
  ADMIN,
  apiGet,
  bearer,
  expect,
  goOffline,
  localCall,
  obtainTokens,
  signInViaApi,
  TECHNICIAN,
  test,
  stateChangeOutcome,
} from '../fixtures';

/**
 * Issue 16 (Offline III): a technician downloads a plant, loses the network, switches on offline
 * mode, keeps changing states in the table (one by one and massively), and syncs when the network
 * is back: every change reaches the server exactly once, with the technician's time. Against the
 * real server, on the real local database in Chromium.
 */

interface Plant {
  id: number;
  code: string;
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
  depends_on: number | null;
  is_active: boolean;
}
interface Element {
  id: number;
  code: string;
  state_id: number | null;
}
interface Paged<T> {
  count: number;
  results: T[];
}
interface HistoryItem {
  id: number;
  state: { id: number; code: string };
  user: { name: string } | null;
  element_count: number;
  created_at: string;
  recorded_at: string | null;
}
interface Ruc {
  id: number;
  name: string;
  states: number[];
}

/** The demo's 1 MWp plant (CAR-01), its piles and trackers with their first construction steps. */
async function smallPlant(request: APIRequestContext) {
  const { access } = await obtainTokens(request, ADMIN);
  const plants = await apiGet<Plant[]>(request, '/api/plants/', access);
  const plant = plants.find((p) => p.code === 'CAR-01')!;
  const types = await apiGet<ElementType[]>(request, `/api/plants/${plant.id}/element-types/`, access);
  const states = await apiGet<State[]>(request, `/api/plants/${plant.id}/states/`, access);
  const typeOf = (code: string) => types.find((t) => t.code === code)!;
  const stepsOf = (type: ElementType) => states.filter((s) => s.element_type === type.id && s.is_active);
  const piles = typeOf('HIN');
  const modules = typeOf('MOD');
  const trackers = typeOf('TRA');
  // The first construction step: the one state of the type that depends on nothing after the initial one.
  const firstStep = (type: ElementType) =>
    stepsOf(type).filter((s) => s.depends_on === null && s.code !== 'NOK')[1];
  const initial = (type: ElementType) => stepsOf(type)[0];
  return {
    access,
    plant,
    piles,
    trackers,
    pileStep: firstStep(piles),
    modules,
    moduleStep: firstStep(modules),
    modulesInitial: initial(modules),
    trackerStep: firstStep(trackers),
    pilesInitial: initial(piles),
    trackersInitial: initial(trackers),
  };
}

async function elementsInState(
  request: APIRequestContext,
  access: string,
  plantId: number,
  path: string,
  stateId: number,
) {
  return apiGet<Paged<Element>>(
    request,
    `/api/plants/${plantId}/${path}/?page_size=1000&ordering=code&state=${stateId}`,
    access,
  );
}

async function history(request: APIRequestContext, access: string, elementId: number) {
  return (
    await apiGet<Paged<HistoryItem>>(
      request,
      `/api/elements/${elementId}/state-changes/?page_size=100`,
      access,
    )
  ).results;
}

/** Downloads the plant from its card on /plants and waits for "Disponible sin conexión". */
async function downloadFromCard(page: Page, plant: Plant) {
  await page.goto('/plants');
  const card = page.getByRole('article', { name: plant.name, exact: true });
  await card
    .getByRole('button', { name: `Descargar para uso sin conexión: ${plant.name}`, exact: true })
    .click();
  await expect(card.getByText('Disponible sin conexión')).toBeVisible({ timeout: 30_000 });
  return card;
}

/**
 * Changes the state of `times` rows of the table, one by one from its row action: with `leaves`, the
 * changed row leaves the filter (so it is always the first row); otherwise row after row.
 */
async function changeFirstRows(
  page: Page,
  typeName: string,
  stateName: string,
  times: number,
  leaves = true,
): Promise<string[]> {
  const table = page.getByRole('table', { name: `Elementos de tipo ${typeName}` });
  const codes: string[] = [];
  for (let i = 0; i < times; i++) {
    const button = table.getByRole('button', { name: /^Cambiar el estado de / }).nth(leaves ? 0 : i);
    const label = (await button.getAttribute('aria-label'))!;
    const code = label.replace('Cambiar el estado de ', '');
    await button.click();
    const dialog = page.getByRole('dialog', { name: `Cambiar el estado de ${code}` });
    await dialog.getByLabel('Estado nuevo').click();
    await page.getByRole('option', { name: new RegExp(`^${stateName}(\\s|$)`) }).click();
    await dialog.getByRole('button', { name: 'Cambiar estado' }).click();
    await expect(stateChangeOutcome(dialog, '1 elemento actualizado')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(dialog).toBeHidden();
    if (leaves)
      await expect(
        table.getByRole('button', { name: `Cambiar el estado de ${code}`, exact: true }),
      ).toHaveCount(0);
    codes.push(code);
  }
  return codes;
}

/** Every element of the filtered table at once ("select all matching"), to `stateName`. */
async function changeAllMatching(page: Page, count: number, stateName: string) {
  await page
    .getByRole('button', { name: `Seleccionar los ${count} elementos que cumplen el filtro` })
    .click();
  await page.getByRole('button', { name: `Cambiar estado (${count})` }).click();
  const dialog = page.getByRole('dialog', { name: `Cambio masivo de ${count} elementos` });
  await dialog.getByLabel('Estado nuevo').click();
  await page.getByRole('option', { name: new RegExp(`^${stateName}(\\s|$)`) }).click();
  await dialog.getByRole('button', { name: `Cambiar ${count} elementos` }).click();
  await expect(stateChangeOutcome(dialog, `${count} elementos actualizados`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(dialog).toBeHidden();
}

/**
 * The start the piles tests share: the technician downloads CAR-01 online, opens its piles still in
 * their first state, loses the network and changes the first `changes` of them to the first step.
 * Answers the plant, the table, the changed codes and the time around the offline changes.
 */
async function pilesChangedOffline(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  changes: number,
) {
  const small = await smallPlant(request);
  const { plant, piles, pileStep, pilesInitial } = small;
  await signInViaApi(page, request, TECHNICIAN, '/plants');
  await downloadFromCard(page, plant);
  await page.goto(`/plants/${plant.id}/elements?type=HIN&state=${pilesInitial.id}`);
  const table = page.getByRole('table', { name: `Elementos de tipo ${piles.name}` });
  await expect(table).toBeVisible();
  const started = Date.now();
  await goOffline(page, context);
  const codes = await changeFirstRows(page, piles.name, pileStep.name, changes);
  const ended = Date.now();
  if (changes > 0) await expect(pendingBadge(page, changes)).toBeVisible();
  return { ...small, table, codes, started, ended };
}

function pendingBadge(page: Page, count: number) {
  return page.getByRole('button', { name: `Cambios pendientes: ${count}`, exact: true });
}

/**
 * Waits for the device to sync by itself once the network is back (issue 38: nobody presses
 * "Sincronizar") until nothing waits, then opens the list; answers it and the last sync's message.
 */
async function syncedByItself(page: Page) {
  await expect(pendingBadge(page, 0)).toBeVisible({ timeout: 60_000 });
  await pendingBadge(page, 0).click();
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes de sincronizar' });
  const status = panel.getByRole('status').filter({ hasText: /Sincronización|sincronización/ });
  await expect(status).toBeVisible({ timeout: 30_000 });
  return { panel, status };
}

/** The codes' ids, from the server. */
async function idsOf(
  request: APIRequestContext,
  access: string,
  plantId: number,
  path: string,
  codes: string[],
) {
  const ids: number[] = [];
  for (const code of codes) {
    const found = await apiGet<Paged<Element>>(
      request,
      `/api/plants/${plantId}/${path}/?code=${encodeURIComponent(code)}&page_size=10`,
      access,
    );
    ids.push(found.results.find((e) => e.code === code)!.id);
  }
  return ids;
}

/** Each element's history holds exactly one change to `stateId` by the technician, made offline at `between`. */
async function expectRecordedOnce(
  request: APIRequestContext,
  access: string,
  ids: number[],
  stateId: number,
  between: [number, number],
  elementCount = 1,
) {
  for (const id of ids) {
    const mine = (await history(request, access, id)).filter(
      // Since the offline work started (the seed's history has older changes by the technician).
      (h) =>
        h.state.id === stateId && h.user?.name === TECHNICIAN.name && Date.parse(h.created_at) >= between[0],
    );
    expect(mine, `element ${id}: one change`).toHaveLength(1);
    expect(mine[0].element_count).toBe(elementCount);
    const recorded = Date.parse(mine[0].recorded_at!);
    expect(recorded, `element ${id}: the technician's time`).toBeGreaterThanOrEqual(between[0]);
    expect(recorded).toBeLessThanOrEqual(between[1]);
    // Recorded before the sync sent it.
    expect(recorded).toBeLessThan(Date.parse(mine[0].created_at));
  }
}

test.describe('working offline', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a day offline: 50 single changes and a massive one in the table arrive once each, with the technician’s time @once', async ({
    page,
    context,
    request,
  }) => {
    const { access, plant, modules, trackers, moduleStep, trackerStep, modulesInitial } =
      await smallPlant(request);
    const pendingModules = await elementsInState(request, access, plant.id, 'modules', modulesInitial.id);
    expect(pendingModules.count).toBeGreaterThan(50);
    const firstTracker = (
      await apiGet<Paged<Element>>(
        request,
        `/api/plants/${plant.id}/trackers/?page_size=1&ordering=code`,
        access,
      )
    ).results[0];
    const trackerPrefix = firstTracker.code.slice(0, -1);
    const matchingTrackers = await apiGet<Paged<Element>>(
      request,
      `/api/plants/${plant.id}/trackers/?page_size=1000&code=${trackerPrefix}`,
      access,
    );
    expect(matchingTrackers.count).toBeGreaterThan(1);

    await signInViaApi(page, request, TECHNICIAN, '/plants');
    await downloadFromCard(page, plant);
    // The pages used offline are opened once online: without the service worker (offshell), their code cannot load offline.
    await page.goto(`/plants/${plant.id}/elements?type=MOD&state=${modulesInitial.id}`);
    await expect(page.getByRole('table', { name: `Elementos de tipo ${modules.name}` })).toBeVisible();

    const started = Date.now();
    await goOffline(page, context);
    const codes = await changeFirstRows(page, modules.name, moduleStep.name, 50);
    await expect(pendingBadge(page, 50)).toBeVisible();

    // The massive change: the trackers of one block row, from the table's "select all matching" (answered locally).
    await page.getByRole('tab', { name: trackers.name }).click();
    // The trackers' table first: typed into the filter before the tab has switched, the code is cleared with it.
    await expect(page.getByRole('table', { name: `Elementos de tipo ${trackers.name}` })).toBeVisible();
    const codeFilter = page.getByLabel('Código', { exact: true });
    await codeFilter.fill(trackerPrefix);
    await expect(codeFilter).toHaveValue(trackerPrefix);
    await expect(page.getByText(`de ${matchingTrackers.count}`, { exact: false })).toBeVisible();
    await changeAllMatching(page, matchingTrackers.count, trackerStep.name);
    await expect(pendingBadge(page, 51)).toBeVisible();
    const ended = Date.now();

    // Nothing reached the server yet.
    const moduleIds = await idsOf(request, access, plant.id, 'modules', codes);
    expect((await history(request, access, moduleIds[0])).some((h) => h.state.id === moduleStep.id)).toBe(
      false,
    );

    await context.setOffline(false);
    const { status } = await syncedByItself(page);
    await expect(status).toHaveText('Sincronización terminada: 51 enviados, 0 rechazados.');

    await expectRecordedOnce(request, access, moduleIds, moduleStep.id, [started, ended]);
    await expectRecordedOnce(
      request,
      access,
      matchingTrackers.results.map((e) => e.id),
      trackerStep.id,
      [started, ended],
      matchingTrackers.count,
    );
    const trackersNow = await elementsInState(request, access, plant.id, 'trackers', trackerStep.id);
    expect(matchingTrackers.results.every((e) => trackersNow.results.some((t) => t.id === e.id))).toBe(true);
  });

  test('a network cut mid-sync and an answer lost after the server recorded: resumed, and nothing doubled', async ({
    page,
    context,
    request,
  }) => {
    const { access, plant, pileStep, codes, started, ended } = await pilesChangedOffline(
      page,
      context,
      request,
      6,
    );

    // The first two go through; the third is recorded by the server but its answer is lost; then the network is gone.
    let calls = 0;
    await page.route('**/state-change/', async (route) => {
      calls++;
      if (calls <= 2) return route.continue();
      if (calls === 3) {
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.abort('internetdisconnected');
    });
    // Back online, the device syncs by itself and stops where the network went.
    await context.setOffline(false);
    await expect(pendingBadge(page, 4)).toBeVisible({ timeout: 30_000 });
    await pendingBadge(page, 4).click();
    const panel = page.getByRole('dialog', { name: 'Cambios pendientes de sincronizar' });
    await expect(panel.getByRole('listitem')).toHaveCount(4);
    // The entry whose answer was lost shows its attempt and error.
    await expect(panel.getByRole('listitem').first()).toContainText(/Intentos: \d/);
    // No server-error dialog on the sync's quiet path.
    await expect(page.getByRole('dialog', { name: 'Error en el servidor' })).toHaveCount(0);

    await page.unroute('**/state-change/');
    await panel.getByRole('button', { name: 'Sincronizar' }).click();
    // The press, or the retry the device makes by itself after its backoff, sends the rest.
    await expect(panel.getByText('Cambios pendientes: 0', { exact: true })).toBeVisible({ timeout: 90_000 });
    await expect(panel.getByRole('listitem')).toHaveCount(0);

    const ids = await idsOf(request, access, plant.id, 'hincas', codes);
    await expectRecordedOnce(request, access, ids, pileStep.id, [started, ended]);
  });

  test('one change answered 500 three times waits and is retried while the others arrive; then it arrives once (issue 38)', async ({
    page,
    context,
    request,
  }) => {
    const { access, plant, pileStep, codes, started, ended } = await pilesChangedOffline(
      page,
      context,
      request,
      4,
    );

    // The server fails the second change three times (a 500, as an overloaded proxy would), then answers.
    const [failingId, ...otherIds] = await idsOf(request, access, plant.id, 'hincas', [
      codes[1],
      codes[0],
      codes[2],
      codes[3],
    ]);
    let failures = 0;
    let attempts = 0;
    await page.route(`**/hincas/${failingId}/state-change/`, async (route) => {
      attempts++;
      if (failures < 3) {
        failures++;
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"detail":"Fallo de prueba"}',
        });
      }
      return route.continue();
    });
    await context.setOffline(false);
    // The others go through at once; the failing one waits, with its attempts and its error.
    await expect(pendingBadge(page, 1)).toBeVisible({ timeout: 60_000 });
    await expectRecordedOnce(request, access, otherIds, pileStep.id, [started, ended]);
    await pendingBadge(page, 1).click();
    const panel = page.getByRole('dialog', { name: 'Cambios pendientes de sincronizar' });
    const waiting = panel.getByRole('listitem');
    await expect(waiting).toHaveCount(1);
    await expect(waiting).toContainText(/Intentos: [1-3]/);
    await expect(page.getByRole('dialog', { name: 'Error en el servidor' })).toHaveCount(0);

    // Retried (by the device's backoff, or sooner with the button) until the server answers.
    const syncButton = panel.getByRole('button', { name: 'Sincronizar' });
    for (let i = 0; i < 10 && attempts < 4; i++) {
      await expect(syncButton).toBeEnabled({ timeout: 60_000 });
      await syncButton.click();
      await expect(syncButton).toBeEnabled({ timeout: 60_000 });
    }
    await expect(panel.getByText('Cambios pendientes: 0', { exact: true })).toBeVisible({ timeout: 60_000 });
    expect([failures, attempts]).toEqual([3, 4]);
    await expectRecordedOnce(request, access, [failingId], pileStep.id, [started, ended]);
  });

  test('a change the server refuses stays with its reason; the others arrive', async ({
    page,
    context,
    request,
  }) => {
    const {
      access,
      plant,
      trackers,
      pileStep,
      trackerStep,
      pilesInitial,
      codes: pileCodes,
      started,
    } = await pilesChangedOffline(page, context, request, 2);
    await page.getByRole('tab', { name: trackers.name }).click();
    // The trackers' rows, not the piles' kept on screen while the new page loads.
    const allTrackers = await apiGet<Paged<Element>>(
      request,
      `/api/plants/${plant.id}/trackers/?page_size=1`,
      access,
    );
    await expect(page.getByText(`de ${allTrackers.count}`, { exact: false })).toBeVisible();
    const trackerCodes = await changeFirstRows(page, trackers.name, trackerStep.name, 2, false);
    await expect(pendingBadge(page, 4)).toBeVisible();

    // Meanwhile, on the server, the technician's RUC loses the piles' step.
    const rucs = await apiGet<Ruc[]>(request, `/api/plants/${plant.id}/rucs/`, access);
    const ruc = rucs.find((r) => r.states.includes(pileStep.id))!;
    const put = (states: number[]) =>
      request.put(`/api/plants/${plant.id}/rucs/${ruc.id}/update-states/`, {
        headers: bearer(access),
        data: { states },
      });
    expect((await put(ruc.states.filter((s) => s !== pileStep.id))).ok()).toBe(true);
    try {
      await context.setOffline(false);
      const { panel, status } = await syncedByItself(page);
      await expect(status).toHaveText('Sincronización terminada: 2 enviados, 2 rechazados.');
      const refused = panel.getByRole('listitem');
      await expect(refused).toHaveCount(2);
      for (const item of await refused.all()) {
        await expect(item).toContainText('Rechazado');
        await expect(item).toContainText(
          `Motivo: state: No tiene permiso para registrar el estado «${pileStep.name}» en esta planta.`,
        );
      }
      // Refused means reverted (issue 38): the device read the piles back and shows the server's state.
      const pileIdsLocal = await idsOf(request, access, plant.id, 'hincas', pileCodes);
      const local = await localCall<{ state_id: number }[]>(
        page,
        'select',
        `SELECT state_id FROM element WHERE id IN (${pileIdsLocal.join(',')})`,
      );
      expect(local.map((e) => e.state_id)).toEqual(pileIdsLocal.map(() => pilesInitial.id));

      const trackerIds = await idsOf(request, access, plant.id, 'trackers', trackerCodes);
      await expectRecordedOnce(request, access, trackerIds, trackerStep.id, [started, Date.now()]);
      const pileIds = await idsOf(request, access, plant.id, 'hincas', pileCodes);
      for (const id of pileIds)
        expect((await history(request, access, id)).some((h) => h.state.id === pileStep.id)).toBe(false);

      // Discarding a refused change asks first.
      await refused.first().getByRole('button', { name: 'Descartar' }).click();
      await page
        .getByRole('dialog', { name: 'Descartar el cambio rechazado' })
        .getByRole('button', { name: 'Descartar' })
        .click();
      await expect(refused).toHaveCount(1);
      await expect(pendingBadge(page, 0)).toBeAttached();
    } finally {
      await put(ruc.states);
    }
  });

  test('the largest seeded plant downloads with its progress; a later download brings exactly the server’s one change', async ({
    page,
    request,
  }) => {
    const { access } = await obtainTokens(request, ADMIN);
    const plants = await apiGet<Plant[]>(request, '/api/plants/', access);
    // The e2e seed's large plant, CAR-02, is 2 MWp (DEMO_LARGE_PLANT_MWP=2), not the demo's 50 MWp. By
    // code: other specs import larger plants into the same database, some without piles.
    const plant = plants.find((p) => p.code === 'CAR-02')!;
    expect(plant, 'the e2e seed plant CAR-02').toBeTruthy();
    await signInViaApi(page, request, TECHNICIAN, '/plants');
    const card = page.getByRole('article', { name: plant.name, exact: true });
    // The bar (elements done / total) and its text while it runs, seen however fast the download is:
    // the page notes each as soon as it appears.
    await page.evaluate(() => {
      const seen = { bar: false, text: false };
      (window as unknown as { __downloadSeen: typeof seen }).__downloadSeen = seen;
      new MutationObserver(() => {
        seen.bar ||= !!document.querySelector(
          '[role="progressbar"][aria-label="Descargar para uso sin conexión"]',
        );
        seen.text ||= document.body.innerText.includes('Descargando… ');
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const started = Date.now();
    await card
      .getByRole('button', { name: `Descargar para uso sin conexión: ${plant.name}`, exact: true })
      .click();
    await expect(card.getByText('Disponible sin conexión')).toBeVisible({ timeout: 60_000 });
    expect(
      await page.evaluate(() => (window as unknown as { __downloadSeen: unknown }).__downloadSeen),
    ).toEqual({
      bar: true,
      text: true,
    });
    console.log(`download of ${plant.name} (${plant.element_count} elements): ${Date.now() - started} ms`);
    const local = await localCall<{ n: number }[]>(
      page,
      'select',
      'SELECT count(*) AS n FROM element WHERE plant_id = ?',
      [plant.id],
    );
    expect(local[0].n).toBe(plant.element_count);
    // The plant's delivered serials come with it: scanning flags "unregistered" offline.
    const delivered = await apiGet<{ count: number }>(
      request,
      `/api/plants/${plant.id}/delivered-serials/all/`,
      access,
    );
    expect(delivered.count).toBeGreaterThan(0);
    const kept = await localCall<{ n: number }[]>(
      page,
      'select',
      'SELECT count(*) AS n FROM delivered_serial WHERE plant_id = ?',
      [plant.id],
    );
    expect(kept[0].n).toBe(delivered.count);

    // One change on the server (by the administrator), then a second press downloads only it.
    // Any element of the plant and a state it is not in that needs no other first (other specs of the
    // suite change this plant's states and state group: nothing here assumes which).
    const types = await apiGet<ElementType[]>(request, `/api/plants/${plant.id}/element-types/`, access);
    const states = await apiGet<State[]>(request, `/api/plants/${plant.id}/states/`, access);
    let found: { element: Element; type: ElementType; state: State } | undefined;
    for (const type of types.filter((t) => t.path) as (ElementType & { path: string })[]) {
      const list = await apiGet<Paged<Element>>(
        request,
        `/api/plants/${plant.id}/${type.path}/?page_size=50&ordering=code`,
        access,
      );
      for (const state of states.filter(
        (st) => st.element_type === type.id && st.depends_on === null && st.is_active !== false,
      )) {
        const element = list.results.find((e) => e.state_id !== state.id);
        if (element) found = { element, type, state };
        if (found) break;
      }
      if (found) break;
    }
    expect(found, `an element of ${plant.code} and a state it is not in`).toBeTruthy();
    const { element: pile, type: pileType, state: notOk } = found!;
    const changed = await request.post(`/api/plants/${plant.id}/${pileType.path}/${pile.id}/state-change/`, {
      headers: bearer(access),
      data: { state: notOk.id, element_type: pileType.id },
    });
    expect(changed.ok()).toBe(true);

    await card
      .getByRole('button', { name: `Descargar para uso sin conexión: ${plant.name}`, exact: true })
      .click();
    await expect(
      page.getByText(`Planta ${plant.name} disponible sin conexión (1 elementos actualizados).`),
    ).toBeVisible({ timeout: 30_000 });
    const [row] = await localCall<{ state_id: number }[]>(
      page,
      'select',
      'SELECT state_id FROM element WHERE id = ?',
      [pile.id],
    );
    expect(row.state_id).toBe(notOk.id);
  });

  test('a page reloaded during a full download opens on a sound database: the plant is not offered as available until a download completes (issue 38)', async ({
    page,
    request,
  }) => {
    const { access } = await obtainTokens(request, ADMIN);
    const plants = await apiGet<Plant[]>(request, '/api/plants/', access);
    const plant = plants.find((p) => p.code === 'CAR-02')!;
    await signInViaApi(page, request, TECHNICIAN, '/plants');
    // The page reloads itself at the download's first progress, which comes right after the full
    // answer's first transaction (indexes and triggers dropped, the plant marked incomplete): the
    // worker is stopped while it inserts the elements, as a closed tab stops it.
    await page.evaluate(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('[role="progressbar"][aria-label="Descargar para uso sin conexión"]')) {
          observer.disconnect();
          sessionStorage.setItem('reloadedDuringDownload', 'yes');
          location.reload();
        }
      }).observe(document.body, { subtree: true, childList: true });
    });
    const card = page.getByRole('article', { name: plant.name, exact: true });
    const reloaded = page.waitForEvent('framenavigated');
    await card
      .getByRole('button', { name: `Descargar para uso sin conexión: ${plant.name}`, exact: true })
      .click();
    await reloaded;
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => sessionStorage.getItem('reloadedDuringDownload'))).toBe('yes');
    await expect(
      card.getByRole('button', { name: `Descargar para uso sin conexión: ${plant.name}`, exact: true }),
    ).toBeVisible();

    // The opening after the reload rebuilt what the interrupted download had dropped.
    await localCall(page, 'open');
    const schema = await localCall<{ name: string }[]>(
      page,
      'select',
      "SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') AND name LIKE 'element_%' ORDER BY name",
    );
    expect(schema.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        'element_overview_delete',
        'element_overview_insert',
        'element_overview_update',
        'element_plant_bbox_idx',
        'element_plant_type_code_idx',
        'element_plant_type_state_idx',
      ]),
    );
    const [marked] = await localCall<{ downloaded_at: string | null }[]>(
      page,
      'select',
      'SELECT downloaded_at FROM plant_download WHERE plant_id = ?',
      [plant.id],
    );
    const interrupted = !marked || marked.downloaded_at === null;
    console.log(
      `reload during the download of ${plant.name}: ${interrupted ? 'interrupted' : 'had already ended'}`,
    );
    if (interrupted) await expect(card.getByText('Disponible sin conexión')).toHaveCount(0);

    // The next download is full again and complete: every element, and the overview copy of each.
    await card
      .getByRole('button', { name: `Descargar para uso sin conexión: ${plant.name}`, exact: true })
      .click();
    await expect(card.getByText('Disponible sin conexión')).toBeVisible({ timeout: 60_000 });
    const count = async (table: string) =>
      (
        await localCall<{ n: number }[]>(
          page,
          'select',
          `SELECT count(*) AS n FROM ${table} WHERE plant_id = ?`,
          [plant.id],
        )
      )[0].n;
    expect(await count('element')).toBe(plant.element_count);
    expect(await count('element_overview')).toBeGreaterThan(0);
  });

  test('a photo chosen offline for a change arrives once with it, even with the network cut after its upload', async ({
    page,
    context,
    request,
  }) => {
    // A 1x1 PNG: the server checks the bytes are an image.
    const photo = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const { access, plant, pileStep, table } = await pilesChangedOffline(page, context, request, 0);

    const button = table.getByRole('button', { name: /^Cambiar el estado de / }).first();
    const code = (await button.getAttribute('aria-label'))!.replace('Cambiar el estado de ', '');
    await button.click();
    const dialog = page.getByRole('dialog', { name: `Cambiar el estado de ${code}` });
    await dialog.getByLabel('Estado nuevo').click();
    await page.getByRole('option', { name: new RegExp(`^${pileStep.name}(\\s|$)`) }).click();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'hinca-offline.png', mimeType: 'image/png', buffer: photo });
    await dialog.getByRole('button', { name: 'Cambiar estado' }).click();
    await expect(stateChangeOutcome(dialog, '1 elemento actualizado')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(pendingBadge(page, 1)).toBeVisible();
    // The photo waits on the device, tied to its change.
    const kept = await localCall<{ name: string; outbox_uuid: string | null }[]>(
      page,
      'select',
      'SELECT name, outbox_uuid FROM pending_document',
    );
    expect(kept).toEqual([{ name: 'hinca-offline.png', outbox_uuid: expect.any(String) }]);

    // Every answer to an upload, and the network cut after the upload, before the change.
    const uploaded: number[] = [];
    page.on('response', async (response) => {
      if (response.request().method() === 'POST' && /\/api\/documents\/$/.test(response.url())) {
        uploaded.push(((await response.json()) as { id: number }).id);
      }
    });
    await page.route('**/state-change/', (route) => route.abort('internetdisconnected'));
    // Back online, the device syncs by itself: the photo goes up, the change meets the cut.
    await context.setOffline(false);
    await expect.poll(() => uploaded.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await pendingBadge(page, 1).click();
    const panel = page.getByRole('dialog', { name: 'Cambios pendientes de sincronizar' });
    await expect(panel.getByRole('status')).toContainText('La sincronización se ha detenido', {
      timeout: 30_000,
    });
    expect(await localCall(page, 'select', 'SELECT name FROM pending_document')).toHaveLength(1);

    await page.unroute('**/state-change/');
    await panel.getByRole('button', { name: 'Sincronizar' }).click();
    await expect(panel.getByText('Cambios pendientes: 0', { exact: true })).toBeVisible({ timeout: 90_000 });
    // Every resend got the same document back (client uuid): no second one, no orphan.
    expect(uploaded.length).toBeGreaterThanOrEqual(2);
    expect(new Set(uploaded).size).toBe(1);
    expect(await localCall(page, 'select', 'SELECT name FROM pending_document')).toEqual([]);

    const [id] = await idsOf(request, access, plant.id, 'hincas', [code]);
    const changes = (await history(request, access, id)).filter(
      (h) => h.state.id === pileStep.id && h.user?.name === TECHNICIAN.name,
    );
    expect(changes).toHaveLength(1);
    const documents = (changes[0] as HistoryItem & { documents: { id: number; name: string; url: string }[] })
      .documents;
    expect(documents.map((d) => [d.id, d.name])).toEqual([[uploaded[0], 'hinca-offline.png']]);
    const download = await request.get(documents[0].url, { headers: bearer(access) });
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body())).toEqual(photo);
  });
});
