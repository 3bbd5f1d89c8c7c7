import {
  ADMIN,
  chooseLanguage,
  expect,
  pageHeading,
  serverErrorDialog,
  signInViaApi,
  test,
} from '../fixtures';

test.describe('server error dialog @once', () => {
  test('a 500 answer opens the dialog, in Spanish and in English', async ({ page, request }) => {
    let failures = 0;
    await page.route('**/api/dashboard/**', (route) => {
      failures++;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'Fallo simulado' }),
      });
    });
    const failuresSettled = () =>
      expect
        .poll(async () => {
          const seen = failures;
          await page.waitForTimeout(1000);
          return failures === seen;
        })
        .toBe(true);
    await signInViaApi(page, request, ADMIN, '/dashboard');

    const dialog = serverErrorDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText('Error en el servidor');
    await expect(dialog).toContainText('Código: 500');
    await expect(dialog.getByText(/^Mensaje: /)).toHaveText('Mensaje: Internal Server Error');
    // Every dashboard call fails: on a loaded machine one may fail after the dialog is accepted and
    // open it again. Accept once they have all answered (no new failure for a second).
    await failuresSettled();
    await dialog.getByRole('button', { name: 'ACEPTAR' }).click();
    await expect(dialog).toBeHidden();
    // The page behind says it could not load its data and offers to retry.
    await expect(page.getByText('No se han podido cargar los datos.')).toBeVisible();
    const before = failures;

    // Changing the language reloads the data: the server fails again, now in English.
    await chooseLanguage(page, 'English');
    await expect(pageHeading(page)).toHaveText('Dashboard');
    await expect(dialog).toBeVisible();
    expect(failures).toBeGreaterThan(before);
    await expect(dialog.getByRole('heading')).toHaveText('Server error');
    await expect(dialog).toContainText('Code: 500');
    await expect(dialog.getByText(/^Message: /)).toHaveText('Message: Internal Server Error');
    await expect(dialog.getByRole('button', { name: 'ACCEPT' })).toBeVisible();
    await failuresSettled();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Once the server is back, retrying shows the figures.
    await page.unroute('**/api/dashboard/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Solar plants', { exact: true })).toBeVisible();
    await expect(page.getByText('The data could not be loaded.')).toHaveCount(0);
    await expect(dialog).toBeHidden();
  });

  test('the dialog is not dismissed by a click outside it', async ({ page, request }) => {
    // One failure only: a retry of the dashboard's queries must not open the dialog again after Cerrar.
    await page.route('**/api/dashboard/**', (route) => route.fulfill({ status: 503, body: '' }), {
      times: 1,
    });
    await signInViaApi(page, request, ADMIN, '/dashboard');
    const dialog = serverErrorDialog(page);
    await expect(dialog).toContainText('Código: 503');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a request without an answer offers offline mode once and opens no server-error dialog', async ({
    page,
    request,
  }) => {
    await page.route('**/api/dashboard/**', (route) => route.abort('failed'));
    await signInViaApi(page, request, ADMIN, '/dashboard');
    const offer = page.getByRole('alert').filter({ hasText: 'Sin conexión' });
    await expect(offer).toBeVisible();
    await expect(offer.getByRole('button', { name: 'Activar el modo sin conexión' })).toBeVisible();
    await expect(offer).toHaveCount(1);
    await expect(serverErrorDialog(page)).toHaveCount(0);
  });
});
