import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  ADMIN,
  apiGet,
  bearer,
  expect,
  mainMenu,
  obtainTokens,
  pageHeading,
  signInViaApi,
  TECHNICIAN,
  test,
} from '../fixtures';

/**
 * Issue 5, administration: state management, contractors and their groups, users' plants and RUCs.
 * Every record is created with a unique suffix, so the spec can run again on the same server.
 */

interface StateDto {
  id: number;
  code: string;
  name: string;
  color: string;
  element_type: number;
}

const suffix = () => String(Date.now()).slice(-6);

/** Picks `option` in the Mantine Select or MultiSelect labelled `label`. */
async function pick(scope: Locator | Page, page: Page, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function adminToken(request: APIRequestContext): Promise<string> {
  return (await obtainTokens(request, ADMIN)).access;
}

test.describe('state management', () => {
  test('an administrator creates a state with a colour, groups it and assigns a group to a plant', async ({
    page,
    request,
  }) => {
    const code = `E2E${suffix()}`;
    const name = `Estado e2e ${code}`;
    await signInViaApi(page, request, ADMIN, '/plants/state-management');
    await expect(pageHeading(page)).toHaveText('Gestión de estados');
    // The layout without the logo: no main menu.
    await expect(page.getByRole('navigation', { name: 'Menú principal' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Nuevo estado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo estado' });
    await pick(dialog, page, 'Tipo de elemento', 'Hincas');
    await dialog.getByRole('textbox', { name: 'Código' }).fill(code);
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Color' }).fill('#12ab34');
    await dialog.getByRole('textbox', { name: 'Descripción' }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toBeVisible();
    await expect(row.getByLabel('#12ab34')).toBeVisible();
    const token = await adminToken(request);
    const [created] = await apiGet<StateDto[]>(request, `/api/client-states/?search=${code}`, token);
    expect(created).toMatchObject({ code, name, color: '12ab34' });

    // The state groups tab has its own address.
    await page.getByRole('tab', { name: 'Grupos de estados' }).click();
    await expect(page).toHaveURL('/plants/state-management/state-groups');
    const groupName = `Grupo e2e ${code}`;
    await page.getByRole('button', { name: 'Nuevo grupo de estados' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'Nuevo grupo de estados' });
    await groupDialog.getByRole('textbox', { name: 'Nombre' }).fill(groupName);
    await groupDialog.getByRole('combobox', { name: 'Estados', exact: true }).fill(code);
    await page.getByRole('option', { name: new RegExp(code) }).click();
    await groupDialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(groupDialog).toBeHidden();
    const groupRow = page.getByRole('row').filter({ hasText: groupName });
    await expect(groupRow).toContainText('1 estado');
    const groups = await apiGet<{ name: string; states: number[] }[]>(
      request,
      '/api/client-state-groups/',
      token,
    );
    expect(groups.find((group) => group.name === groupName)?.states).toEqual([created.id]);

    // A plant is offered only the groups holding every state its elements are in.
    const plants = await apiGet<{ id: number; code: string; name: string }[]>(request, '/api/plants/', token);
    const plant = plants[0];
    await pick(page, page, 'Planta', `${plant.code} · ${plant.name}`);
    await page.getByRole('combobox', { name: 'Grupo de estados', exact: true }).click();
    await expect(page.getByRole('option', { name: 'Estados de construcción' })).toBeVisible();
    await expect(page.getByRole('option', { name: groupName })).toHaveCount(0);
    await page.getByRole('option', { name: 'Estados de construcción' }).click();
    await page.getByRole('button', { name: 'Asignar' }).click();
    await expect(page.getByText(`Grupo de estados de ${plant.name} actualizado`)).toBeVisible();
    await expect(page.getByTestId('plant-current-state-group')).toHaveText(
      'Grupo actual: Estados de construcción',
    );
  });

  test("a state added to the plant's group is offered in the state-change dialog of its elements", async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const code = `E2G${suffix()}`;
    const name = `Estado grupo ${code}`;
    const plants = await apiGet<{ id: number; code: string; name: string; state_group: number }[]>(
      request,
      '/api/plants/',
      token,
    );
    const plant = plants.find((p) => p.code === 'CAR-01')!;
    const groups = await apiGet<{ id: number; name: string; states: number[] }[]>(
      request,
      '/api/client-state-groups/',
      token,
    );
    const group = groups.find((g) => g.id === plant.state_group)!;
    const types = await apiGet<{ id: number; code: string }[]>(request, '/api/client-element-types', token);
    const hincas = types.find((t) => t.code === 'HIN')!;
    const created = await request.post('/api/client-states/', {
      headers: bearer(token),
      data: { element_type: hincas.id, code, name, color: '7b2ff7', is_ok: true, restringed: false, depends_on: null },
    });
    expect(created.status()).toBe(201);
    const state = (await created.json()) as StateDto;
    try {
      // The administrator adds the state to the plant's group in the groups tab.
      await signInViaApi(page, request, ADMIN, '/plants/state-management/state-groups');
      const groupRow = page.getByRole('row').filter({ hasText: group.name });
      await groupRow.getByRole('button', { name: /Editar/ }).click();
      const dialog = page.getByRole('dialog', { name: /Editar grupo de estados/ });
      await dialog.getByRole('combobox', { name: 'Estados', exact: true }).fill(code);
      await page.getByRole('option', { name: new RegExp(code) }).click();
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await expect(dialog).toBeHidden();

      // A pile of that plant now offers the new state.
      const piles = await apiGet<{ results: { code: string }[] }>(
        request,
        `/api/plants/${plant.id}/hincas/?page_size=1`,
        token,
      );
      const pile = piles.results[0];
      await page.goto(`/plants/${plant.id}/elements?type=HIN&code=${pile.code}`);
      await page.getByRole('button', { name: `Cambiar el estado de ${pile.code}` }).first().click();
      const change = page.getByRole('dialog', { name: `Cambiar el estado de ${pile.code}` });
      await change.getByLabel('Estado nuevo').click();
      await expect(page.getByRole('option', { name: new RegExp(name) })).toBeVisible();
    } finally {
      await request.put(`/api/client-state-groups/${group.id}/`, {
        headers: bearer(token),
        data: { name: group.name, states: group.states },
      });
      await request.delete(`/api/client-states/${state.id}/`, { headers: bearer(token) });
    }
  });

  test('a duplicate code opens the "Error al crear el estado" dialog, and only that one', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const [existing] = await apiGet<StateDto[]>(request, '/api/client-states/?search=HINC', token);
    const types = await apiGet<{ id: number; name: string }[]>(request, '/api/client-element-types', token);
    const typeName = types.find((type) => type.id === existing.element_type)!.name;

    await signInViaApi(page, request, ADMIN, '/plants/state-management');
    await page.getByRole('button', { name: 'Nuevo estado' }).click();
    const form = page.getByRole('dialog', { name: 'Nuevo estado' });
    await pick(form, page, 'Tipo de elemento', typeName);
    await form.getByRole('textbox', { name: 'Código' }).fill(existing.code);
    await form.getByRole('textbox', { name: 'Nombre' }).fill('Duplicado');
    await form.getByRole('button', { name: 'Guardar' }).click();

    const error = page.getByRole('dialog', { name: 'Error al crear el estado' });
    await expect(error).toBeVisible();
    await expect(error.locator('p').first()).not.toBeEmpty();
    await expect(page.getByRole('dialog', { name: 'Datos no válidos' })).toHaveCount(0);
    await error.getByRole('button', { name: 'Aceptar' }).click();
    await expect(error).toBeHidden();
    // The form stays open with what was typed.
    await expect(form.getByRole('textbox', { name: 'Código' })).toHaveValue(existing.code);
  });
});

test.describe('state editing', () => {
  test('an administrator edits a state and deletes it after confirming', async ({ page, request }) => {
    const token = await adminToken(request);
    const types = await apiGet<{ id: number; name: string }[]>(request, '/api/client-element-types', token);
    const code = `ED${suffix()}`;
    const response = await request.post('/api/client-states/', {
      headers: bearer(token),
      data: { element_type: types[0].id, code, name: `Para editar ${code}`, color: 'aa0000' },
    });
    expect(response.status()).toBe(201);

    await signInViaApi(page, request, ADMIN, '/plants/state-management');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(code);
    await page.getByRole('button', { name: `Editar Para editar ${code}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar estado' });
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(`Editado ${code}`);
    await dialog.getByRole('textbox', { name: 'Color' }).fill('#0055ff');
    await dialog.getByRole('textbox', { name: 'Nombre' }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText(`Editado ${code}`);
    await expect(row.getByLabel('#0055ff')).toBeVisible();

    await page.getByRole('button', { name: `Eliminar Editado ${code}` }).click();
    const confirmation = page.getByRole('dialog', { name: 'Eliminar estado' });
    await confirmation.getByRole('button', { name: 'Cancelar' }).click();
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: `Eliminar Editado ${code}` }).click();
    await confirmation.getByRole('button', { name: 'Eliminar' }).click();
    await expect(row).toHaveCount(0);
    expect(await apiGet<unknown[]>(request, `/api/client-states/?search=${code}`, token)).toEqual([]);
  });
});

test.describe('contractors', () => {
  test('an administrator creates a contractor and a contractor group', async ({ page, request }) => {
    const id = suffix();
    const contractor = `Contratista e2e ${id}`;
    const group = `Grupo contratistas e2e ${id}`;
    await signInViaApi(page, request, ADMIN, '/contractors');
    await expect(pageHeading(page)).toHaveText('Contratistas');

    await page.getByRole('button', { name: 'Nuevo contratista' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo contratista' });
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(contractor);
    await dialog.getByRole('textbox', { name: 'Dirección' }).fill('Calle del Sol 1, Sevilla');
    await dialog.getByRole('textbox', { name: 'Persona de contacto' }).fill('Lucía Pérez');
    await dialog.getByRole('textbox', { name: 'Email de contacto' }).fill(`lucia.${id}@example.com`);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(id);
    await expect(page.getByRole('row').filter({ hasText: contractor })).toContainText(
      `lucia.${id}@example.com`,
    );

    await page.getByRole('tab', { name: 'Grupos de contratistas' }).click();
    await expect(page).toHaveURL('/contractors/groups');
    await page.getByRole('button', { name: 'Nuevo grupo' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'Nuevo grupo' });
    await groupDialog.getByRole('textbox', { name: 'Nombre del grupo' }).fill(group);
    await groupDialog.getByRole('combobox', { name: 'Contratistas', exact: true }).fill(id);
    await page.getByRole('option', { name: contractor }).click();
    // Close the open options list, which covers the dialog's buttons.
    await groupDialog.getByRole('textbox', { name: 'Nombre del grupo' }).click();
    await groupDialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(groupDialog).toBeHidden();

    await page.getByRole('link', { name: group }).click();
    await expect(pageHeading(page)).toHaveText(group);
    await expect(page.getByRole('row').filter({ hasText: contractor })).toBeVisible();

    // Removing asks first.
    await page.getByRole('button', { name: `Quitar ${contractor} del grupo` }).click();
    await page
      .getByRole('dialog', { name: 'Quitar contratista' })
      .getByRole('button', { name: 'Quitar' })
      .click();
    await expect(page.getByText('Este grupo no tiene contratistas')).toBeVisible();

    // Assigning the group to a plant (restored afterwards: other specs rely on the seeded group).
    const token = await adminToken(request);
    const plants = await apiGet<
      { id: number; code: string; name: string; contractor_group: number | null }[]
    >(request, '/api/plants/', token);
    const plant = plants[0];
    await pick(page, page, 'Asignar el grupo a una planta', `${plant.code} · ${plant.name}`);
    await page.getByRole('button', { name: 'Asignar', exact: true }).click();
    await expect(page.getByText(`Grupo ${group} asignado a ${plant.name}`)).toBeVisible();
    const updated = await apiGet<{ contractor_group: number | null }>(
      request,
      `/api/plants/${plant.id}/`,
      token,
    );
    const restored = await request.post(`/api/plants/${plant.id}/update-contractors-group/`, {
      headers: bearer(token),
      data: { contractor_group: plant.contractor_group },
    });
    expect(restored.status()).toBe(200);
    expect(updated.contractor_group).not.toBe(plant.contractor_group);
  });
});

test.describe("users' plants and RUCs", () => {
  test('an administrator authorises a user on a plant and a RUC', async ({ page, request }) => {
    const id = suffix();
    const token = await adminToken(request);
    const roles = await apiGet<{ code: string }[]>(request, '/api/user-roles', token);
    const role = roles.find((candidate) => candidate.code !== 'AD')!;
    const created = await request.post('/api/client-users/', {
      headers: bearer(token),
      data: {
        name: `Usuaria e2e ${id}`,
        email: `usuaria.${id}@example.com`,
        password: 'heliotrack-e2e',
        roles: [role.code],
        plants: [],
      },
    });
    expect(created.status()).toBe(201);
    const user = (await created.json()) as { id: number };
    const plants = await apiGet<{ id: number; name: string }[]>(request, '/api/plants/', token);
    const plant = plants[0];

    // A RUC with one state, through the RUC pages.
    const rucName = `RUC e2e ${id}`;
    await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/rucs`);
    await expect(pageHeading(page)).toHaveText(`RUCs de ${plant.name}`);
    await page.getByRole('button', { name: 'Nuevo RUC' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo RUC' });
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(rucName);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: rucName }).click();
    await expect(pageHeading(page)).toHaveText(`Estados del RUC ${rucName}`);
    await page.getByRole('checkbox', { name: 'HINC · Hincada' }).check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(`Estados del RUC ${rucName} guardados`)).toBeVisible();
    const rucs = await apiGet<{ id: number; name: string; states: number[] }[]>(
      request,
      `/api/plants/${plant.id}/rucs/`,
      token,
    );
    const ruc = rucs.find((candidate) => candidate.name === rucName)!;
    expect(ruc.states).toHaveLength(1);

    // The user's plants.
    await page.goto(`/users/${user.id}/plants`);
    await expect(pageHeading(page)).toHaveText(`Plantas de Usuaria e2e ${id}`);
    await page.getByRole('checkbox', { name: `Autorizar en ${plant.name}`, exact: true }).check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(`Plantas de Usuaria e2e ${id} guardadas`)).toBeVisible();
    const userPlants = await apiGet<{ id: number; is_authorized: boolean }[]>(
      request,
      `/api/client-users/${user.id}/plants/`,
      token,
    );
    expect(
      userPlants.filter((candidate) => candidate.is_authorized).map((candidate) => candidate.id),
    ).toEqual([plant.id]);

    // Their RUCs on that plant.
    await page.getByRole('link', { name: `RUCs del usuario en ${plant.name}`, exact: true }).click();
    await expect(pageHeading(page)).toHaveText(`RUCs en ${plant.name}`);
    await page.getByRole('switch', { name: rucName }).check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(`RUCs de Usuaria e2e ${id} en ${plant.name} guardados`)).toBeVisible();
    const userRucs = await apiGet<{ id: number; is_active: boolean }[]>(
      request,
      `/api/client-users/${user.id}/rucs/?plant=${plant.id}`,
      token,
    );
    expect(userRucs.find((candidate) => candidate.id === ruc.id)?.is_active).toBe(true);
  });
});

test.describe('non-administrators', () => {
  test('a technician sees no administration menu and is refused the RUC pages', async ({ page, request }) => {
    await signInViaApi(page, request, TECHNICIAN, '/plants/1/rucs');
    // A first load of a forbidden path lands on the dashboard with the permission notification.
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText('Usuario sin permiso para acceder a esta caracteristica.')).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: 'Contratistas' })).toHaveCount(0);
    await expect(mainMenu(page).getByRole('link', { name: 'Gestión de estados' })).toHaveCount(0);
  });
});
