import { act, cleanup, render } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { STORAGE_KEYS } from '@heliotrack/domain/constants';
import { changeLanguage } from '../../lib/i18n';
import { RootLayout } from '../layouts/root-layout';
import { setPreviousPath } from '../navigation-history';
import { createGuardLoader } from './guard-loader';

function makeRouter(initialPath: string) {
  const routes: RouteObject[] = [
    {
      Component: RootLayout,
      HydrateFallback: () => null,
      loader: createGuardLoader(() => routes),
      shouldRevalidate: () => true,
      children: [
        { path: 'login', Component: () => <p>login</p> },
        { path: 'dashboard', Component: () => <p>dashboard</p> },
        { path: 'plants', Component: () => <p>plants</p> },
        { path: 'users', handle: { adminOnly: true }, Component: () => <p>users</p> },
      ],
    },
  ];
  return createMemoryRouter(routes, { initialEntries: [initialPath] });
}

function signInAs(roleCode: string) {
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: 1, roles: [{ id: 1, code: roleCode, name: roleCode }] }),
  );
}

beforeEach(() => {
  // ScrollRestoration scrolls on navigation; jsdom has no layout to scroll.
  window.scrollTo = () => {};
  localStorage.clear();
  changeLanguage('es');
  setPreviousPath(null);
  vi.spyOn(notifications, 'show').mockReturnValue('permission-denied');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('guarded navigation', () => {
  it('keeps a technician on the page they were on when they open /users', async () => {
    signInAs('TC');
    const router = makeRouter('/plants');
    const view = render(<RouterProvider router={router} />);
    expect(await view.findByText('plants')).toBeTruthy();

    await act(() => router.navigate('/users'));

    expect(router.state.location.pathname).toBe('/plants');
    expect(view.getByText('plants')).toBeTruthy();
    expect(notifications.show).toHaveBeenCalledTimes(1);
  });

  it('sends a technician who starts on /users to /dashboard', async () => {
    signInAs('TC');
    const router = makeRouter('/users');
    const view = render(<RouterProvider router={router} />);
    expect(await view.findByText('dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets an administrator open /users', async () => {
    signInAs('AD');
    const router = makeRouter('/plants');
    const view = render(<RouterProvider router={router} />);
    await view.findByText('plants');
    await act(() => router.navigate('/users'));
    expect(await view.findByText('users')).toBeTruthy();
  });
});
