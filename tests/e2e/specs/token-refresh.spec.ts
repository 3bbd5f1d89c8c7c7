import {
  ADMIN,
  expect,
  expiredAccessToken,
  getPlants,
  localStorageOf,
  mainMenu,
  pageHeading,
  pathnameOf,
  setStoredTokens,
  signInViaApi,
  storedTokens,
  test,
} from '../fixtures';

test.describe('token refresh', () => {
  test('an expired access token is renewed on the way and the page loads', async ({ page, request }) => {
    const { profile, tokens } = await signInViaApi(page, request, ADMIN, '/dashboard');
    await expect(page.getByText('Plantas solares', { exact: true })).toBeVisible();
    const plantCount = (await getPlants(request, tokens.access)).length;
    // The dashboard's charts, tiles and cards load after its first text: swapping the token while
    // they are still on their way lets one of them meet the 401 and refresh before the navigation
    // below, which is then never refused. Let the dashboard finish first.
    await page.waitForLoadState('networkidle');

    const expired = expiredAccessToken(profile.id);
    await setStoredTokens(page, { token: expired });
    const answers: { path: string; status: number }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/')) answers.push({ path: url.pathname, status: response.status() });
    });

    // An in-app navigation to a page whose data is not loaded yet.
    await mainMenu(page).getByRole('link', { name: 'Plantas' }).click();
    await expect(page).toHaveURL('/plants');
    await expect(pageHeading(page)).toHaveText('Plantas');
    await expect(
      page.getByText(plantCount === 1 ? '1 planta' : `${plantCount} plantas`, { exact: true }),
    ).toBeVisible();

    // The server refused the old token, the app refreshed once and retried.
    expect(answers).toContainEqual({ path: '/api/plants/', status: 401 });
    expect(answers.filter((a) => a.path === '/api/token/refresh/')).toEqual([
      { path: '/api/token/refresh/', status: 200 },
    ]);
    expect(answers).toContainEqual({ path: '/api/plants/', status: 200 });

    const after = await storedTokens(page);
    expect(after.token).toBeTruthy();
    expect(after.token).not.toBe(expired);
    expect(after.token).not.toBe(tokens.access);
    expect(after.refresh).toBeTruthy();
    expect(after.refresh).not.toBe(tokens.refresh);
    // Rotation: the refresh token used by the app no longer works.
    const reused = await request.post('/api/token/refresh/', { data: { refresh: tokens.refresh } });
    expect(reused.status()).toBe(401);

    // Still signed in, with a working session.
    await mainMenu(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByText('Plantas solares', { exact: true })).toBeVisible();
    expect(pathnameOf(page)).toBe('/dashboard');
  });

  test('a garbage access token is renewed on a page load', async ({ page, request }) => {
    const { tokens } = await signInViaApi(page, request, ADMIN, '/dashboard');
    await expect(page.getByText('Plantas solares', { exact: true })).toBeVisible();

    await setStoredTokens(page, { token: 'garbage' });
    await page.goto('/plants');
    await expect(pageHeading(page)).toHaveText('Plantas');
    await expect(page.getByText(/^\d+ plantas?$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toHaveCount(0);

    const after = await storedTokens(page);
    expect(after.token).not.toBe('garbage');
    expect(after.token).not.toBe(tokens.access);
    expect(after.refresh).not.toBe(tokens.refresh);
    expect(pathnameOf(page)).toBe('/plants');
  });

  test('a refused refresh token logs out to the login page', async ({ page, request }) => {
    await signInViaApi(page, request, ADMIN, '/dashboard');
    await expect(page.getByText('Plantas solares', { exact: true })).toBeVisible();

    await setStoredTokens(page, { token: 'garbage', refresh: 'garbage-too' });
    await mainMenu(page).getByRole('link', { name: 'Plantas' }).click();

    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    // The login page remembers where the user was going.
    await expect(page).toHaveURL('/login?next=%2Fplants');
    expect(await localStorageOf(page)).toEqual({});
  });

  test('a refresh token that was already used logs out too', async ({ page, request }) => {
    const { tokens } = await signInViaApi(page, request, ADMIN, '/dashboard');
    await expect(page.getByText('Plantas solares', { exact: true })).toBeVisible();
    // Someone else rotated it (another tab, a stolen copy): the server refuses it now.
    const rotated = await request.post('/api/token/refresh/', { data: { refresh: tokens.refresh } });
    expect(rotated.status()).toBe(200);

    await setStoredTokens(page, { token: 'garbage' });
    await page.goto('/plants');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    expect(pathnameOf(page)).toBe('/login');
    expect(await localStorageOf(page)).toEqual({});
  });
});
