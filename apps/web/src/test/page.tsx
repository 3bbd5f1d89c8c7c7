import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '@heliotrack/domain/constants';
import { theme } from '../app/theme';
import { ConfirmDialogs } from '../components/dialogs/confirm-dialog';
import { closeAllDialogs } from '../lib/dialogs';
import { changeLanguage, i18n } from '../lib/i18n';
import './render';

// Two cores shared by several runs: a page's first render can take seconds, which is slowness, not failure.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

/*
 * A page under test against a fake server: `serveApi` answers the page's requests by path, as the
 * API would; anything it does not know is a 404, so a page asking for something else shows it.
 */

/** Answers a request: a body (sent as 200 JSON), a Response, or undefined (404). */
export type FakeApi = (request: { method: string; path: string; url: URL }) => unknown;

export function serveApi(answer: FakeApi) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://x');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\//, '');
    let body = answer({ method, path, url });
    // The signed-in user's profile is the stored one unless the test says otherwise.
    if (body === undefined && path === 'user/profile/') body = JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!);
    if (body instanceof Response) return body;
    if (body === undefined)
      return new Response(JSON.stringify({ detail: `no fake for ${method} ${url.pathname}` }), { status: 404 });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A signed-in user with one role (AD administrator, TC technician…), as the login leaves them stored. */
export function signInAs(roleCode: string) {
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  const user = {
    id: 1,
    name: 'Ana',
    email: 'a@x',
    is_active: true,
    language: 'es',
    roles: [{ id: 1, code: roleCode, name: roleCode }],
    client: { id: 1, name: 'Demo Solar' },
  };
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return user;
}

/** Renders `Component` at `path` under a route `routePath`, in Spanish, with a fresh query client. */
export function renderPage(Component: ComponentType, routePath: string, path: string) {
  changeLanguage('es');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: routePath, Component }, { path: '*', Component: () => null }], {
    initialEntries: [path],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MantineProvider theme={theme}>
          <RouterProvider router={router} />
          <ConfirmDialogs />
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

/** After each page test: unmount, close dialogs, forget the fake server and the session. */
export function cleanupPage() {
  cleanup();
  act(() => closeAllDialogs());
  vi.unstubAllGlobals();
  localStorage.clear();
}

/** A table's rows as the text of their cells, the header row first. */
export function tableText(table: HTMLElement): string[][] {
  return Array.from(table.querySelectorAll('tr'))
    .filter((row) => !row.hasAttribute('aria-hidden'))
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim() ?? ''));
}

/**
 * jsdom lays nothing out: a virtualised DataTable (one with a height) renders no row until its
 * viewport has a height. Gives every element `height` px until the test's mocks are restored.
 */
export function layOutTables(height = 600) {
  return vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
}
