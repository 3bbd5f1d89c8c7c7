import type { APIRequestContext } from '@playwright/test';
import {
  ADMIN,
  apiGet,
  expect,
  obtainTokens,
  pageHeading,
  serverErrorDialog,
  signInViaApi,
  test,
  stateChangeOutcome,
} from '../fixtures';

/**
 * Issue 4, the follow-up loop in the table: an element's state changed from the table shows in the
 * table, in the element's detail and in its history, and a filter's worth of elements changes at once.
 */

interface Plant {
  id: number;
  code: string;
  element_count: number;
}
interface State {
  id: number;
  element_type: number;
  code: string;
  name: string;
  is_active: boolean;
}
interface ElementType {
  id: number;
  code: string;
  name: string;
  path: string | null;
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

/** The seeded large plant (DEMO_LARGE_PLANT_MWP=2), its piles and their "No OK" state. */
async function largePlant(request: APIRequestContext) {
  const { access } = await obtainTokens(request, ADMIN);
  const plants = await apiGet<Plant[]>(request, '/api/plants/', access);
  const plant = plants.reduce((largest, item) =>
    item.element_count > largest.element_count ? item : largest,
  );
  const types = await apiGet<ElementType[]>(request, `/api/plants/${plant.id}/element-types/`, access);
  const piles = types.find((type) => type.code === 'HIN')!;
  const states = await apiGet<State[]>(request, `/api/plants/${plant.id}/states/`, access);
  const notOk = states.find((state) => state.element_type === piles.id && state.code === 'NOK')!;
  return { access, plant, piles, notOk };
}

test.describe('elements table', () => {
  test('one pile changed from the table shows its new state in the table and in its history', async ({
    page,
    request,
  }) => {
    const { access, plant, piles, notOk } = await largePlant(request);
    // A pile that is not "No OK" yet, so that the change is visible.
    const candidates = await apiGet<Paged<Element>>(
      request,
      `/api/plants/${plant.id}/hincas/?page_size=50&ordering=-code`,
      access,
    );
    const pile = candidates.results.find((element) => element.state_id !== notOk.id)!;
    expect(pile, 'a pile that is not No OK').toBeTruthy();
    const observations = `Hinca desplomada, repetir (e2e ${Date.now()})`;

    await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/elements?type=HIN&code=${pile.code}`);
    await expect(pageHeading(page)).toHaveText('Elementos');
    await expect(page.getByRole('tab', { name: piles.name })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('table', { name: `Elementos de tipo ${piles.name}` });
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Ver el detalle de ${pile.code}` }) });
    await expect(row).toHaveCount(1);
    await expect(row).not.toContainText('No OK');

    await row.getByRole('button', { name: `Cambiar el estado de ${pile.code}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cambiar el estado de ${pile.code}` });
    await expect(dialog).toBeVisible();
    // Keyboard first: the state field has the focus; its options are the type's states with colours.
    await expect(dialog.getByLabel('Estado nuevo')).toBeFocused();
    await dialog.getByRole('button', { name: 'Cambiar estado' }).click();
    await expect(dialog.getByText('Este campo es obligatorio.')).toBeVisible();

    await dialog.getByLabel('Estado nuevo').click();
    await page.getByRole('option', { name: 'No OK' }).click();
    await dialog.getByLabel('Observaciones').fill(observations);
    await dialog.getByRole('button', { name: 'Cambiar estado' }).click();

    await expect(stateChangeOutcome(dialog, '1 elemento actualizado')).toBeVisible();
    await expect(dialog.getByRole('status')).toContainText('No OK');
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(dialog).toBeHidden();

    // The table refreshed by itself.
    await expect(row).toContainText('No OK');

    // The detail shows the state and the history starts with this change, by this user.
    await row.getByRole('button', { name: `Ver el detalle de ${pile.code}` }).click();
    const drawer = page.getByRole('dialog', { name: pile.code });
    await expect(drawer).toBeVisible();
    const history = drawer.getByRole('list', { name: 'Historial' });
    const latest = history.getByRole('listitem').first();
    await expect(latest).toContainText(observations);
    await expect(latest).toContainText('Ana Administradora');
    await expect(latest).toContainText('No OK');

    // And so does the server.
    const detail = await apiGet<{ state: { code: string } | null }>(
      request,
      `/api/plants/${plant.id}/hincas/${pile.id}/`,
      access,
    );
    expect(detail.state?.code).toBe('NOK');
  });

  test('every pile matching a filter changes at once, across pages of the table', async ({
    page,
    request,
  }) => {
    const { access, plant, piles, notOk } = await largePlant(request);
    // The piles of the first trackers ('B01-T00'): more than one page of 25.
    const first = await apiGet<Paged<Element>>(
      request,
      `/api/plants/${plant.id}/hincas/?page_size=1&ordering=code`,
      access,
    );
    const prefix = first.results[0].code.replace(/\d-H\d+$/, '');
    const matching = await apiGet<Paged<Element>>(
      request,
      `/api/plants/${plant.id}/hincas/?page_size=1000&code=${prefix}`,
      access,
    );
    expect(matching.count).toBeGreaterThan(25);

    await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/elements?type=HIN`);
    await page.getByLabel('Código', { exact: true }).fill(prefix);
    await expect(page.getByText(`1–25 de ${matching.count}`)).toBeVisible();

    // The ids of the whole filter come in one request to ids/, not page by page.
    const idsAnswer = page.waitForResponse((response) =>
      response.url().includes(`/api/plants/${plant.id}/hincas/ids/`),
    );
    await page
      .getByRole('button', { name: `Seleccionar los ${matching.count} elementos que cumplen el filtro` })
      .click();
    const ids = (await (await idsAnswer).json()) as { count: number; ids: number[] };
    expect(ids.ids.toSorted((a, b) => a - b)).toEqual(
      matching.results.map((element) => element.id).toSorted((a, b) => a - b),
    );
    await expect(page.getByText(`${matching.count} elementos seleccionados`)).toBeVisible();
    await page.getByRole('button', { name: `Cambiar estado (${matching.count})` }).click();

    const dialog = page.getByRole('dialog', { name: `Cambio masivo de ${matching.count} elementos` });
    await dialog.getByLabel('Estado nuevo').click();
    await page.getByRole('option', { name: 'No OK' }).click();
    await dialog.getByRole('button', { name: `Cambiar ${matching.count} elementos` }).click();
    await expect(stateChangeOutcome(dialog, `${matching.count} elementos actualizados`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();

    await expect(page.getByText('Selecciona elementos para cambiar su estado.')).toBeVisible();
    const after = await apiGet<Paged<Element>>(
      request,
      `/api/plants/${plant.id}/hincas/?page_size=1000&code=${prefix}`,
      access,
    );
    expect(after.count).toBe(matching.count);
    expect(after.results.map((element) => element.state_id)).toEqual(after.results.map(() => notOk.id));
    // The table shows it too, on its second page as well.
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await expect(page.getByText(`26–${Math.min(50, matching.count)} de ${matching.count}`)).toBeVisible();
    // Rows are virtualised: only those in view are in the page; every one of them is No OK.
    const rows = page
      .getByRole('table', { name: `Elementos de tipo ${piles.name}` })
      .getByRole('row')
      .filter({ has: page.getByRole('checkbox', { name: new RegExp(`^Seleccionar ${prefix}`) }) });
    await expect(rows.first()).toContainText('No OK');
    await expect(rows.filter({ hasNotText: 'No OK' })).toHaveCount(0);
  });

  test('a massive change whose answer was lost, sent again, is recorded once', async ({ page, request }) => {
    const { access, plant } = await largePlant(request);
    // The piles of the last tracker: a handful, changed twice by the person, recorded once.
    const last = await apiGet<Paged<Element>>(
      request,
      `/api/plants/${plant.id}/hincas/?page_size=1&ordering=-code`,
      access,
    );
    const prefix = last.results[0].code.replace(/-H\d+$/, '-');
    const piles = await apiGet<Paged<Element>>(
      request,
      `/api/plants/${plant.id}/hincas/?page_size=1000&code=${prefix}`,
      access,
    );
    const historyCount = async () =>
      (await apiGet<Paged<unknown>>(request, `/api/elements/${piles.results[0].id}/state-changes/`, access))
        .count;
    const before = await historyCount();

    // The first answer is lost on the way back: the server has recorded the change, the browser
    // sees a network failure.
    const uuids: string[] = [];
    await page.route('**/massive-state-change/', async (route) => {
      uuids.push(route.request().postDataJSON().client_uuid);
      const answer = await route.fetch();
      if (uuids.length === 1) return route.abort('failed');
      return route.fulfill({ response: answer });
    });
    await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/elements?type=HIN`);
    await page.getByLabel('Código', { exact: true }).fill(prefix);
    await expect(page.getByText(new RegExp(`de ${piles.count}$`))).toBeVisible();
    await page
      .getByRole('button', { name: `Seleccionar los ${piles.count} elementos que cumplen el filtro` })
      .click();
    await page.getByRole('button', { name: `Cambiar estado (${piles.count})` }).click();
    const dialog = page.getByRole('dialog', { name: `Cambio masivo de ${piles.count} elementos` });
    await dialog.getByLabel('Estado nuevo').click();
    await page.getByRole('option', { name: 'No OK' }).click();
    await dialog.getByRole('button', { name: `Cambiar ${piles.count} elementos` }).click();
    // A request without an answer is a lost network, not a server failure (issue 38): the quiet
    // offer of offline mode, never the server-error dialog.
    await expect(page.getByRole('alert').filter({ hasText: 'Sin conexión' })).toBeVisible();
    await expect(serverErrorDialog(page)).toHaveCount(0);

    // The person presses the button again: the same action, answered with the first result.
    await dialog.getByRole('button', { name: `Cambiar ${piles.count} elementos` }).click();
    await expect(stateChangeOutcome(dialog, `${piles.count} elementos actualizados`)).toBeVisible();
    expect(uuids).toHaveLength(2);
    expect(uuids[0]).toMatch(/^[0-9a-f-]{36}-0$/);
    expect(uuids[1]).toBe(uuids[0]);
    expect(await historyCount()).toBe(before + 1);
  });
});
