import type { Page } from '@playwright/test';
import {
  canLogIn,
  confirmPasswordReset,
  DEMO_PASSWORD,
  expect,
  listOutbox,
  requestPasswordReset,
  resetCodeOf,
  resetLinkOf,
  submitLoginForm,
  TECHNICIAN,
  test,
  waitForMail,
} from '../fixtures';

const NEW_PASSWORD = 'Sol-de-Carmona-2026';

async function fillNewPassword(page: Page, password: string) {
  await page.getByRole('textbox', { name: 'Contraseña nueva', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Repite la contraseña nueva', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
}

async function expectPasswordResetDone(page: Page) {
  await expect(
    page.getByRole('alert').filter({ hasText: 'Contraseña restablecida correctamente.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
}

test.describe('password recovery', () => {
  // These tests change the technician's password: one at a time, and put it back afterwards so that
  // the other specs can still log in as the technician.
  test.describe.configure({ mode: 'serial' });

  test.afterEach(async ({ request }) => {
    if (await canLogIn(request, TECHNICIAN)) return;
    const before = await listOutbox();
    await requestPasswordReset(request, TECHNICIAN.email);
    const mail = await waitForMail(TECHNICIAN.email, before);
    await confirmPasswordReset(request, resetCodeOf(mail), DEMO_PASSWORD);
    expect(await canLogIn(request, TECHNICIAN)).toBe(true);
  });

  test('a technician resets a forgotten password with the code from the mail', async ({ page, request }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: '¿Has olvidado tu contraseña?' }).click();
    await expect(page.getByRole('heading', { name: 'Recuperar la contraseña' })).toBeVisible();

    const before = await listOutbox();
    await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(TECHNICIAN.email);
    await page.getByRole('button', { name: 'Enviar el código' }).click();

    await expect(page.getByRole('heading', { name: 'Crear una contraseña nueva' })).toBeVisible();
    await expect(
      page.getByText(
        'Si existe una cuenta con ese correo, se ha enviado un enlace para restablecer la contraseña.',
      ),
    ).toBeVisible();

    const mail = await waitForMail(TECHNICIAN.email, before);
    expect(mail.subject).toBe('Heliotrack: restablecer la contraseña');
    const code = resetCodeOf(mail);
    expect(mail.body).toContain(code);

    await page.getByRole('textbox', { name: 'Código recibido', exact: true }).fill(code);
    await fillNewPassword(page, NEW_PASSWORD);
    await expectPasswordResetDone(page);

    // The old password no longer works; the new one does.
    await submitLoginForm(page, TECHNICIAN);
    await expect(
      page.getByRole('alert').filter({ hasText: 'No se encontró una cuenta activa' }),
    ).toBeVisible();
    expect(await canLogIn(request, TECHNICIAN)).toBe(false);

    await submitLoginForm(page, { email: TECHNICIAN.email, password: NEW_PASSWORD });
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('button', { name: 'Menú de usuario' })).toContainText(TECHNICIAN.name);

    // A code works once.
    const reused = await request.post('/api/user/password_reset/confirm/', {
      data: { token: code, password: DEMO_PASSWORD, password_confirm: DEMO_PASSWORD },
    });
    expect(reused.status()).toBe(400);
  });

  test('the link in the mail opens the new-password step with the code filled in', async ({
    page,
    request,
  }) => {
    const before = await listOutbox();
    await requestPasswordReset(request, TECHNICIAN.email);
    const mail = await waitForMail(TECHNICIAN.email, before);
    const link = new URL(resetLinkOf(mail));

    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { name: 'Crear una contraseña nueva' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Código recibido', exact: true })).toHaveValue(
      resetCodeOf(mail),
    );
    await fillNewPassword(page, NEW_PASSWORD);
    await expectPasswordResetDone(page);
    // Back on the plain login page: the code left the address.
    await expect(page).toHaveURL('/login');

    await submitLoginForm(page, { email: TECHNICIAN.email, password: NEW_PASSWORD });
    await expect(page).toHaveURL('/dashboard');
  });

  test('a wrong code is refused under its field and changes nothing', async ({ page, request }) => {
    await page.goto('/login?reset=not-a-real-code');
    await expect(page.getByRole('heading', { name: 'Crear una contraseña nueva' })).toBeVisible();
    await fillNewPassword(page, NEW_PASSWORD);
    await expect(
      page.getByText('El enlace para restablecer la contraseña no es válido o ha caducado.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Crear una contraseña nueva' })).toBeVisible();
    expect(await canLogIn(request, TECHNICIAN)).toBe(true);
  });
});
