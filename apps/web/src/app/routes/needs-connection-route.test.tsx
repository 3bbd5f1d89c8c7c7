// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setOfflineFlag } from '../../lib/offline-mode';
import { homePath } from '../../lib/paths';
import { renderWithProviders } from '../../test/render';
import { needsConnection } from './needs-connection-route';

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
