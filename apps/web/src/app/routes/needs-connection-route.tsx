import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { NeedsConnection } from '../../components/needs-connection';
import { isOfflineMode, useOfflineMode } from '../../lib/offline-mode';

interface LazyPage {
  Component: ComponentType;
  loader?: (args: LoaderFunctionArgs) => unknown;
}

/**
 * Paths of the pages that need the server (issue 16), for the menu's mark. Their routes are wrapped
 * with needsConnection below.
 */
export const NEEDS_CONNECTION_PATHS = [
  '/dashboard',
  '/reports',
  '/itemInventory',
  '/equipment',
  '/ppis',
  '/users',
  '/contractors',
  '/plants/state-management',
];

/**
 * A lazy route of a page that needs the server: while offline mode is on, its loader does not run
 * (its prefetches would only fail) and the page shows the shared "needs a connection" message; with
 * offline mode off again, the same route shows the page as before.
 */
export function needsConnection(load: () => Promise<LazyPage>): () => Promise<LazyPage> {
  return async () => {
    const { Component: Page, loader } = await load();
    function NeedsConnectionRoute() {
      return useOfflineMode() ? <NeedsConnection /> : <Page />;
    }
    return {
      Component: NeedsConnectionRoute,
      loader: loader && ((args: LoaderFunctionArgs) => (isOfflineMode() ? null : loader(args))),
    };
  };
}
