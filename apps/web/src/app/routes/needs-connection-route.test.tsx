// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setOfflineFlag } from '../../lib/offline-mode';
import { homePath } from '../../lib/paths';
import { renderWithProviders } from '../../test/render';
import { routes } from '../routes';
import { needsConnection, needsConnectionAt, withNeedsConnection } from './needs-connection-route';

const args = {
  request: new Request('http://localhost/dashboard'),
  params: {},
  context: undefined,
} as unknown as LoaderFunctionArgs;

function Page() {
  return <p>the page</p>;
}

afterEach(() => {
  cleanup();
  setOfflineFlag(false);
});

describe('pages that need the server (issue 16)', () => {
  it('run their loader and show the page while offline mode is off', async () => {
    const loader = vi.fn(() => 'loaded');
    const route = await needsConnection(async () => ({ Component: Page, loader }))();
    expect(route.loader?.(args)).toBe('loaded');
    renderWithProviders(
      <MemoryRouter>
        <route.Component />
      </MemoryRouter>,
    );
    expect(screen.getByText('the page')).toBeTruthy();
    expect(homePath()).toBe('/dashboard');
  });

  it('skip their loader and say they need a connection while offline mode is on; the start page is /plants', async () => {
    setOfflineFlag(true);
    const loader = vi.fn(() => 'loaded');
    const route = await needsConnection(async () => ({ Component: Page, loader }))();
    expect(route.loader?.(args)).toBeNull();
    expect(loader).not.toHaveBeenCalled();
    renderWithProviders(
      <MemoryRouter>
        <route.Component />
      </MemoryRouter>,
    );
    expect(screen.queryByText('the page')).toBeNull();
    expect(screen.getByText('Esta pantalla necesita conexión')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a Plantas' }).getAttribute('href')).toBe('/plants');
    expect(homePath()).toBe('/plants');
  });
});

describe('the route table decides which pages need the server (issue 16)', () => {
  it("marks the menu's entries from the routes' flag, case and query aside", () => {
    const menu = ['/dashboard', '/plants', '/ppis/main', '/ppis/register', '/itemInventory', '/equipment', '/users', '/contractors', '/plants/state-management'];
    expect(menu.filter((path) => needsConnectionAt(routes, path))).toEqual([
      '/dashboard',
      '/ppis/main',
      '/itemInventory',
      '/equipment',
      '/users',
      '/contractors',
      '/plants/state-management',
    ]);
    expect(needsConnectionAt(routes, '/DASHBOARD?x=1')).toBe(true);
    expect(needsConnectionAt(routes, '/plants/3/elements')).toBe(false);
    expect(needsConnectionAt(routes, '/no/such/page')).toBe(false);
  });

  it('loads a flagged route through needsConnection and leaves the others as they are', async () => {
    setOfflineFlag(true);
    const table = withNeedsConnection([
      {
        path: '/',
        children: [
          { path: 'online', handle: { needsConnection: true }, lazy: async () => ({ Component: Page }) },
          { path: 'anywhere', lazy: async () => ({ Component: Page }) },
        ],
      },
    ]);
    const [flagged, plain] = table[0].children!;
    expect(needsConnectionAt(table, '/online')).toBe(true);
    expect(needsConnectionAt(table, '/anywhere')).toBe(false);
    for (const [route, shown] of [
      [flagged, 'Esta pantalla necesita conexión'],
      [plain, 'the page'],
    ] as const) {
      const { Component } = await (route.lazy as () => Promise<{ Component: ComponentType }>)();
      renderWithProviders(
        <MemoryRouter>
          <Component />
        </MemoryRouter>,
      );
      expect(screen.getByText(shown)).toBeTruthy();
      cleanup();
    }
  });

  it('refuses a flag on a route that does not load lazily (its loader could not be skipped)', () => {
    expect(() => withNeedsConnection([{ path: 'x', handle: { needsConnection: true }, Component: Page }])).toThrow(
      /needs a connection but does not load lazily/,
    );
  });
});
