import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  ADMIN,
  apiGet,
  DEMO_PASSWORD,
  expect,
  goOffline,
  localCall,
  obtainTokens,
  pageHeading,
  submitLoginForm,
  TECHNICIAN,
  storedTokens,
  stateChangeOutcome,
  test,
} from '../fixtures';

/**
 * Issue 39: one tablet, two organisations. The administrator of Demo Solar downloads the 1 MWp plant,
 * makes 3 changes offline and signs out; the administrator of Otra Energía signs in on the same
 * browser profile and works offline: nothing of Demo Solar's is anywhere (list, map, direct
 * addresses). Demo Solar's administrator signs in again: the 3 changes still wait, and sync. And a
 * logout ends the login on the server: the refresh token of before it is refused.
 */

const OTHER_ADMIN = { email: 'admin@otra.demo', password: DEMO_PASSWORD };

interface Plant {
  id: number;
  code: string;
  name: string;
}
interface ElementType {
  id: number;
  code: string;
  name: string;
}
interface State {
  id: number;
  element_type: number;
  code: string;
  name: string;
  depends_on: number | null;
  is_active: boolean;
}

/** The login form, then the dashboard (given time: this spec runs on a loaded CI machine too). */
async function signInViaUi(page: Page, credentials: { email: string; password: string }) {
  await page.goto('/login');
  await submitLoginForm(page, credentials);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
}

function userMenu(page: Page) {
  return page.getByRole('button', { name: 'Menú de usuario' });
}

async function logoutFromMenu(page: Page, confirmWaiting: boolean) {
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  if (confirmWaiting) {
    const dialog = page.getByRole('dialog', { name: 'Hay cambios sin sincronizar' });
    await dialog.getByRole('button', { name: 'Cerrar sesión' }).click();
  }
  await expect(page).toHaveURL(/\/login/);
}

/** The 1 MWp plant's piles: their type, initial state and first construction step. */
async function carmonaPiles(request: APIRequestContext) {
  const { access } = await obtainTokens(request, ADMIN);
  const plant = (await apiGet<Plant[]>(request, '/api/plants/', access)).find((p) => p.code === 'CAR-01')!;
  const types = await apiGet<ElementType[]>(request, `/api/plants/${plant.id}/element-types/`, access);
  const piles = types.find((t) => t.code === 'HIN')!;
  const states = (await apiGet<State[]>(request, `/api/plants/${plant.id}/states/`, access)).filter(
    (s) => s.element_type === piles.id && s.is_active,
  );
  const initial = states[0];
  const step = states.filter((s) => s.depends_on === null && s.code !== 'NOK')[1];
  return {
    access,
    plant,
    piles,
    initial,
    step,
    elementsUrl: `/plants/${plant.id}/elements?type=HIN&state=${initial.id}`,
  };
}

/** The state id the server holds for the pile `code` of the plant (null before any change). */
async function serverStateOfPile(request: APIRequestContext, access: string, plant: Plant, code: string) {
  const found = await apiGet<{ results: { id: number; code: string }[] }>(
    request,
    `/api/plants/${plant.id}/hincas/?code=${encodeURIComponent(code)}`,
    access,
  );
  const pile = found.results.find((e) => e.code === code);
  expect(pile, `pile ${code} on the server`).toBeTruthy();
  const detail = await apiGet<{ state: { id: number } | null }>(
    request,
    `/api/plants/${plant.id}/hincas/${pile!.id}/`,
    access,
  );
  return detail.state?.id ?? null;
}

/** Downloads the plant from its card and waits until it is available offline. */
async function downloadFromCard(page: Page, plant: Plant) {
  await page.goto('/plants');
  const card = page.getByRole('article', { name: plant.name, exact: true });
  await card
    .getByRole('button', { name: `Descargar para uso sin conexión: ${plant.name}`, exact: true })
    .click();
  await expect(card.getByText('Disponible sin conexión')).toBeVisible({ timeout: 30_000 });
  return card;
}

/** Moves the first `count` listed piles to `step` with the state-change dialog; answers their codes. */
async function changeFirstPiles(page: Page, table: Locator, step: State, count: number) {
  const changed: string[] = [];
  for (let i = 0; i < count; i++) {
    const button = table.getByRole('button', { name: /^Cambiar el estado de / }).first();
    const code = (await button.getAttribute('aria-label'))!.replace('Cambiar el estado de ', '');
    changed.push(code);
    await button.click();
    const dialog = page.getByRole('dialog', { name: `Cambiar el estado de ${code}` });
    await dialog.getByLabel('Estado nuevo').click();
    await page.getByRole('option', { name: new RegExp(`^${step.name}(\\s|$)`) }).click();
    await dialog.getByRole('button', { name: 'Cambiar estado' }).click();
    await expect(stateChangeOutcome(dialog, '1 elemento actualizado')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(
      table.getByRole('button', { name: `Cambiar el estado de ${code}`, exact: true }),
    ).toHaveCount(0);
  }
  return changed;
}

test.describe('a tablet shared by two organisations @once', () => {
  test.describe.configure({ timeout: 240_000 });

  test('each user sees only their own local data; waiting changes survive the other user; logout ends the login on the server', async ({
    page,
    context,
    request,
  }) => {
    const { access, plant, piles, step, elementsUrl } = await carmonaPiles(request);

    // A: downloads the plant and changes 3 piles offline.
    await signInViaUi(page, ADMIN);
    await downloadFromCard(page, plant);
    await page.goto(elementsUrl);
    const table = page.getByRole('table', { name: `Elementos de tipo ${piles.name}` });
    await expect(table).toBeVisible();
    await goOffline(page, context);
    const changed = await changeFirstPiles(page, table, step, 3);
    await expect(page.getByRole('button', { name: 'Cambios pendientes: 3', exact: true })).toBeVisible();
    await logoutFromMenu(page, true);

    // B, of another organisation, on the same profile: the login screen says someone's changes wait, not whose.
    await context.setOffline(false);
    await page.goto('/login');
    await expect(
      page.getByText('En este dispositivo hay cambios sin sincronizar de 1 usuario.'),
    ).toBeVisible();
    await signInViaUi(page, OTHER_ADMIN);
    await page.goto('/plants');
    // B keeps the network: in offline mode every answer comes from B's local database all the same,
    // and the pages below load without a service worker (the suite runs with service workers off).
    await goOffline(page, context, { cutNetwork: false });
    expect(await localCall(page, 'select', 'SELECT count(*) AS n FROM plant')).toEqual([{ n: 0 }]);
    expect(await localCall(page, 'select', 'SELECT count(*) AS n FROM outbox')).toEqual([{ n: 0 }]);
    await page.goto('/plants');
    await expect(pageHeading(page)).toBeVisible();
    await expect(page.getByText(plant.name)).toHaveCount(0);
    for (const url of [elementsUrl, `/plants/${plant.id}/elements-map-offline`]) {
      await page.goto(url);
      await expect(pageHeading(page)).toBeVisible();
      await expect(page.getByText(plant.name)).toHaveCount(0);
      await expect(page.getByRole('table', { name: `Elementos de tipo ${piles.name}` })).toHaveCount(0);
    }
    await logoutFromMenu(page, false);

    // A again: the 3 changes were kept, and sync by themselves once A is back (issue 38).
    await context.setOffline(false);
    await signInViaUi(page, ADMIN);
    // A's own outbox is back (the badge counts it), then it drains by itself: nobody presses Sincronizar.
    await expect(page.getByRole('button', { name: 'Cambios pendientes: 3', exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('button', { name: 'Cambios pendientes: 0', exact: true })).toBeVisible({
      timeout: 60_000,
    });
    for (const code of changed) {
      expect(await serverStateOfPile(request, access, plant, code), code).toBe(step.id);
    }

    // Logout ends the login on the server: the refresh token of before it is refused.
    const { refresh } = await storedTokens(page);
    expect(refresh).toBeTruthy();
    const ended = page.waitForResponse((r) => r.url().endsWith('/api/token/logout/'));
    await logoutFromMenu(page, false);
    expect((await ended).status()).toBe(200);
    const refused = await request.post('/api/token/refresh/', { data: { refresh } });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).code).toBe('token_not_valid');
  });
});

test.describe("this device's data and another device's sessions @once", () => {
  test.describe.configure({ timeout: 240_000 });

  test("'Borrar los datos de este dispositivo' names the waiting change, keeps everything on cancel, and removes the user's plant and outbox on accept", async ({
    page,
    context,
    request,
  }) => {
    const { access, plant, piles, initial, step, elementsUrl } = await carmonaPiles(request);

    await signInViaUi(page, ADMIN);
    const card = await downloadFromCard(page, plant);
    await page.goto(elementsUrl);
    const table = page.getByRole('table', { name: `Elementos de tipo ${piles.name}` });
    await expect(table).toBeVisible();
    await goOffline(page, context);
    const [code] = await changeFirstPiles(page, table, step, 1);
    await expect(page.getByRole('button', { name: 'Cambios pendientes: 1', exact: true })).toBeVisible();

    // Cancel: nothing goes.
    const removeItem = page.getByRole('menuitem', { name: 'Borrar los datos de este dispositivo' });
    await userMenu(page).click();
    await removeItem.click();
    const confirmation = page.getByRole('dialog', { name: 'Borrar los datos de este dispositivo' });
    await expect(confirmation).toContainText('1 cambio sin sincronizar, que se perderá');
    await confirmation.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirmation).toHaveCount(0);
    expect(await localCall(page, 'select', 'SELECT count(*) AS n FROM outbox')).toEqual([{ n: 1 }]);
    expect(await localCall(page, 'select', 'SELECT count(*) AS n FROM plant')).toEqual([{ n: 1 }]);

    // Accept: the plant and the waiting change leave this device.
    await userMenu(page).click();
    await removeItem.click();
    await confirmation.getByRole('button', { name: 'Borrar los datos de este dispositivo' }).click();
    await expect(page.getByText('Se han borrado sus datos de este dispositivo.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cambios pendientes: 0', exact: true })).toBeVisible();
    expect(await localCall(page, 'select', 'SELECT count(*) AS n FROM outbox')).toEqual([{ n: 0 }]);
    expect(await localCall(page, 'select', 'SELECT count(*) AS n FROM plant')).toEqual([{ n: 0 }]);

    // Back online, the change was never sent, and the plant is offered for download again.
    await context.setOffline(false);
    await userMenu(page).click();
    await page.getByRole('switch', { name: 'Modo sin conexión' }).uncheck();
    await page.keyboard.press('Escape');
    await page.goto('/plants');
    await expect(
      card.getByRole('button', { name: `Descargar para uso sin conexión: ${plant.name}`, exact: true }),
    ).toBeVisible();
    expect(await serverStateOfPile(request, access, plant, code)).toBe(initial.id);
  });

  test("an administrator closes a technician's sessions on every device from the users page", async ({
    page,
    browser,
    request,
  }) => {
    const technicianContext = await browser.newContext();
    const technicianPage = await technicianContext.newPage();
    try {
      await signInViaUi(technicianPage, TECHNICIAN);
      const before = await storedTokens(technicianPage);
      expect(before.refresh).toBeTruthy();

      await signInViaUi(page, ADMIN);
      await page.goto('/users');
      await page
        .getByRole('button', { name: `Cerrar sus sesiones: ${TECHNICIAN.name}`, exact: true })
        .click();
      const confirmation = page.getByRole('dialog', { name: 'Cerrar las sesiones' });
      await expect(confirmation).toContainText(TECHNICIAN.name);
      await confirmation.getByRole('button', { name: 'Cerrar sus sesiones' }).click();
      await expect(
        page.getByText(`Se han cerrado las sesiones de ${TECHNICIAN.name} en todos sus dispositivos.`),
      ).toBeVisible();

      // The technician's access token and refresh token are both refused from then on…
      const me = await request.get('/api/user/profile/', {
        headers: { Authorization: `Bearer ${before.token}` },
      });
      expect(me.status()).toBe(401);
      const refused = await request.post('/api/token/refresh/', { data: { refresh: before.refresh } });
      expect(refused.status()).toBe(401);
      expect((await refused.json()).code).toBe('token_not_valid');
      // …so the technician's next page ends at the login page.
      await technicianPage.goto('/plants');
      await expect(technicianPage).toHaveURL(/\/login/, { timeout: 30_000 });
      // The administrator who did it is still signed in.
      await page.goto('/plants');
      await expect(pageHeading(page)).toBeVisible();
      await expect(page).toHaveURL(/\/plants$/);
    } finally {
      await technicianContext.close();
    }
  });
});
