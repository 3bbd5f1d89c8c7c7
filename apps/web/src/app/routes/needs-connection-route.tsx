import type { ComponentType } from 'react';
import { matchRoutes, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { NeedsConnection } from '../../components/needs-connection';
import { isOfflineMode, useOfflineMode } from '../../lib/offline-mode';
import type { RouteHandle } from '../guards/route-guard';

interface LazyPage {
  Component: ComponentType;
  loader?: (args: LoaderFunctionArgs) => unknown;
}

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

function isMarked(route: RouteObject): boolean {
  return (route.handle as RouteHandle | undefined)?.needsConnection === true;
}

/**
 * The route table with every route marked `handle: { needsConnection: true }` loaded through
 * needsConnection: the mark is the one place that decides (issue 16), for the page and for the menu.
 */
export function withNeedsConnection(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children && withNeedsConnection(route.children);
    if (!isMarked(route)) return children ? { ...route, children } : route;
    if (typeof route.lazy !== 'function') {
      // Only a lazy page can be swapped for the message before its loader runs.
      throw new Error(`Route ${route.path ?? '(index)'} needs a connection but does not load lazily`);
    }
    const lazy = needsConnection(route.lazy as () => Promise<LazyPage>);
    return { ...route, ...(children && { children }), lazy } as RouteObject;
  });
}

/** Whether the page at a path needs the server: the route it matches (ignoring case) is marked so. */
export function needsConnectionAt(routes: RouteObject[], path: string): boolean {
  const matches = matchRoutes(routes, path.split('?')[0]);
  return !!matches?.some(({ route }) => isMarked(route));
}
