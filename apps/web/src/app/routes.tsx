import { replace, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { HOME_PATH } from '../lib/paths';
import { isSignedIn } from '../lib/session';
import { guardLoader } from './guards/guard-loader';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './routes/route-error-page';

/**
 * Specification section 2, the pages of the foundation issue. Every page and the main layout load
 * lazily; matching ignores case (React Router's default), so /DASHBOARD is the dashboard.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    loader: guardLoader,
    // The guard decides on every navigation, not only when the root's params change.
    shouldRevalidate: () => true,
    children: [
      {
        path: 'login',
        lazy: () => import('../features/auth/routes/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      // React Router follows the deepest redirect when several loaders redirect: leave a signed-out
      // visitor to the guard (plain /login), or it would go to /login?next=%2Fdashboard.
      { index: true, loader: () => (isSignedIn() ? replace(HOME_PATH) : null) },
      {
        lazy: () => import('./layouts/main-layout').then((m) => ({ Component: m.MainLayout })),
        children: [
          {
            path: 'dashboard',
            lazy: () =>
              import('../features/dashboard/routes/dashboard-page').then((m) => ({
                Component: m.DashboardPage,
                loader: m.dashboardLoader,
              })),
          },
          {
            path: 'plants',
            lazy: () =>
              import('../features/plants/routes/plants-page').then((m) => ({
                Component: m.PlantsPage,
                loader: m.plantsLoader,
              })),
          },
          {
            path: 'plants/:plantId/elements',
            lazy: () =>
              import('../features/elements/routes/elements-page').then((m) => ({
                Component: m.ElementsPage,
                loader: m.elementsLoader,
              })),
          },
          {
            path: 'plants/:plantId/elements-map',
            lazy: () =>
              import('../features/elements-map/routes/elements-map-page').then((m) => ({
                Component: m.ElementsMapPage,
                loader: m.elementsMapLoader,
              })),
          },
          {
            path: 'users',
            lazy: () =>
              import('../features/users/routes/users-page').then((m) => ({
                Component: m.UsersPage,
                loader: m.usersLoader,
              })),
          },
          {
            path: '*',
            lazy: () => import('./routes/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
];
