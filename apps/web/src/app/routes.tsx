import { replace, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { homePath } from '../lib/paths';
import { isSignedIn } from '../lib/session';
import { createGuardLoader } from './guards/guard-loader';
import type { RouteHandle } from './guards/route-guard';
import { RootLayout } from './layouts/root-layout';
import { withNeedsConnection } from './routes/needs-connection-route';
import { RouteErrorPage } from './routes/route-error-page';

/**
 * Specification section 4: the pages only administrators may open (the users and their
 * authorisations, the RUCs, and the users test page). The guard reads this flag off the matched
 * routes; it never looks at the address's text.
 */
const ADMIN_ONLY: RouteHandle = { adminOnly: true };

/**
 * Issue 16: the pages that need the server. The flag alone decides both what the page shows while
 * offline mode is on (withNeedsConnection wraps their lazy loading) and the menu's "needs a
 * connection" mark; there is no second list of paths.
 */
const NEEDS_CONNECTION: RouteHandle = { needsConnection: true };

/**
 * Specification section 2, the pages of the foundation issue. Every page and the main layout load
 * lazily; matching ignores case (React Router's default), so /DASHBOARD is the dashboard.
 */
export const routes: RouteObject[] = withNeedsConnection([
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    loader: createGuardLoader(() => routes),
    // The guard decides on every navigation, not only when the root's params change.
    shouldRevalidate: () => true,
    children: [
      {
        path: 'login',
        lazy: () => import('../features/auth/routes/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      // React Router follows the deepest redirect when several loaders redirect: leave a signed-out
      // visitor to the guard (plain /login), or it would go to /login?next=%2Fdashboard.
      { index: true, loader: () => (isSignedIn() ? replace(homePath()) : null) },
      {
        // Specification section 2: state management lives in the layout without the logo.
        lazy: () => import('./layouts/bare-layout').then((m) => ({ Component: m.BareLayout })),
        children: [
          {
            path: 'plants/state-management',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/state-management/routes/state-management-page').then((m) => ({
                Component: m.StateManagementPage,
                loader: m.stateManagementLoader,
              })),
          },
          {
            path: 'plants/state-management/state-groups',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/state-management/routes/state-management-page').then((m) => ({
                Component: m.StateManagementPage,
                loader: m.stateManagementLoader,
              })),
          },
        ],
      },
      {
        lazy: () => import('./layouts/main-layout').then((m) => ({ Component: m.MainLayout })),
        children: [
          {
            path: 'dashboard',
            handle: NEEDS_CONNECTION,
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
            path: 'plants/:plantId/administration',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/plants/routes/plant-administration-page').then((m) => ({
                Component: m.PlantAdministrationPage,
                loader: m.plantAdministrationLoader,
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
            path: 'reports/plant/:plantId',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/reports/routes/plant-reports-page').then((m) => ({
                Component: m.PlantReportsPage,
                loader: m.plantReportsLoader,
              })),
          },
          {
            path: 'usersTest',
            handle: ADMIN_ONLY,
            lazy: () =>
              import('../features/users/routes/users-test-page').then((m) => ({
                Component: m.UsersTestPage,
              })),
          },
          {
            path: 'testMap',
            lazy: () =>
              import('../features/elements/routes/test-map-page').then((m) => ({
                Component: m.TestMapPage,
              })),
          },
          {
            path: 'plants/:plantId/elements-map',
            lazy: () =>
              import('../features/elements/routes/elements-map-page').then((m) => ({
                Component: m.ElementsMapPage,
                loader: m.elementsMapLoader,
              })),
          },
          {
            path: 'plants/:plantId/scan-feature/elements-map',
            lazy: () =>
              import('../features/serial-scan/routes/scan-feature-page').then((m) => ({
                Component: m.ScanMapPage,
              })),
          },
          {
            path: 'plants/:plantId/scan-feature/elements',
            lazy: () =>
              import('../features/serial-scan/routes/scan-feature-page').then((m) => ({
                Component: m.ScanTablePage,
              })),
          },
          {
            path: 'plants/:plantId/elements-map-offline',
            lazy: () =>
              import('../features/elements/routes/elements-map-page').then((m) => ({
                Component: m.ElementsMapOfflinePage,
                loader: m.elementsMapOfflineLoader,
              })),
          },
          {
            path: 'users',
            handle: { ...ADMIN_ONLY, ...NEEDS_CONNECTION },
            lazy: () =>
              import('../features/users/routes/users-page').then((m) => ({
                Component: m.UsersPage,
                loader: m.usersLoader,
              })),
          },
          {
            path: 'users/:userId/plants',
            handle: { ...ADMIN_ONLY, ...NEEDS_CONNECTION },
            lazy: () =>
              import('../features/user-plants/routes/user-plants-page').then((m) => ({
                Component: m.UserPlantsPage,
                loader: m.userPlantsLoader,
              })),
          },
          {
            path: 'users/:userId/plants/:plantId',
            handle: { ...ADMIN_ONLY, ...NEEDS_CONNECTION },
            lazy: () =>
              import('../features/user-plants/routes/user-plant-rucs-page').then((m) => ({
                Component: m.UserPlantRucsPage,
                loader: m.userPlantRucsLoader,
              })),
          },
          {
            path: 'plants/:plantId/rucs',
            handle: { ...ADMIN_ONLY, ...NEEDS_CONNECTION },
            lazy: () =>
              import('../features/rucs/routes/plant-rucs-page').then((m) => ({
                Component: m.PlantRucsPage,
                loader: m.plantRucsLoader,
              })),
          },
          {
            path: 'plants/:plantId/sync-review',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/sync-reviews/routes/sync-review-page').then((m) => ({
                Component: m.SyncReviewPage,
                loader: m.syncReviewLoader,
              })),
          },
          {
            path: 'plants/:plantId/rucs/:rucId',
            handle: { ...ADMIN_ONLY, ...NEEDS_CONNECTION },
            lazy: () =>
              import('../features/rucs/routes/ruc-states-page').then((m) => ({
                Component: m.RucStatesPage,
                loader: m.rucStatesLoader,
              })),
          },
          {
            path: 'contractors',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/contractors/routes/contractors-page').then((m) => ({
                Component: m.ContractorsPage,
                loader: m.contractorsLoader,
              })),
          },
          {
            path: 'contractors/groups',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/contractors/routes/contractor-groups-page').then((m) => ({
                Component: m.ContractorGroupsPage,
                loader: m.contractorGroupsLoader,
              })),
          },
          {
            path: 'contractors/groups/:groupId',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/contractors/routes/contractor-group-page').then((m) => ({
                Component: m.ContractorGroupPage,
                loader: m.contractorGroupLoader,
              })),
          },
          {
            path: 'itemInventory',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/item-inventory/routes/item-inventory-page').then((m) => ({
                Component: m.ItemInventoryPage,
                loader: m.itemInventoryLoader,
              })),
          },
          {
            path: 'itemInventory/:elementId/flash-reports',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/flash-reports/routes/element-flash-reports-page').then((m) => ({
                Component: m.ElementFlashReportsPage,
                loader: m.elementFlashReportsLoader,
              })),
          },
          {
            path: 'itemInventory/:elementId/flash-reports/details/:idFlashReport',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/flash-reports/routes/flash-report-details-page').then((m) => ({
                Component: m.FlashReportDetailsPage,
                loader: m.flashReportDetailsLoader,
              })),
          },
          {
            path: 'equipment',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/equipment/routes/equipment-page').then((m) => ({
                Component: m.EquipmentPage,
                loader: m.equipmentLoader,
              })),
          },
          {
            path: 'ppis/main',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/ppis/routes/ppis-page').then((m) => ({
                Component: m.PpisPage,
                loader: m.ppisLoader,
              })),
          },
          {
            path: 'ppis/templates',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/ppis/routes/templates-page').then((m) => ({
                Component: m.TemplatesPage,
                loader: m.templatesLoader,
              })),
          },
          {
            path: 'ppis/:ppiId/link-elements',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/ppis/routes/link-elements-page').then((m) => ({
                Component: m.LinkElementsPage,
                loader: m.linkElementsLoader,
              })),
          },
          {
            path: 'ppis/:ppiId/link-elements-map',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/ppis/routes/link-elements-map-page').then((m) => ({
                Component: m.LinkElementsMapPage,
                loader: m.linkElementsMapLoader,
              })),
          },
          // The register works offline on a downloaded plant's PPIs (issue 36): the list of the user's
          // PPIs and a PPI's register, table and map, answer from the device (offline/handlers/ppis.ts).
          {
            path: 'ppis/register',
            lazy: () =>
              import('../features/ppis/routes/ppi-register-page').then((m) => ({
                Component: m.PpiRegisterPage,
              })),
          },
          {
            path: 'ppis/close-ppi',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/ppis/routes/ppi-register-page').then((m) => ({
                Component: m.ClosePpiPage,
              })),
          },
          {
            path: 'ppis/:ppiId/ppi-results',
            lazy: () =>
              import('../features/ppis/routes/ppi-results-page').then((m) => ({
                Component: m.PpiResultsPage,
                loader: m.ppiResultsLoader,
              })),
          },
          {
            path: 'ppis/:ppiId/ppi-results-by-elements-activities',
            lazy: () =>
              import('../features/ppis/routes/ppi-results-page').then((m) => ({
                Component: m.PpiResultsPage,
                loader: m.ppiResultsLoader,
              })),
          },
          {
            path: 'ppis/:ppiId/ppi-results/select-elements',
            lazy: () =>
              import('../features/ppis/routes/ppi-results-page').then((m) => ({
                Component: m.PpiResultsPage,
                loader: m.ppiResultsLoader,
              })),
          },
          {
            path: 'ppis/:ppiId/register-map',
            lazy: () =>
              import('../features/ppis/routes/ppi-register-map-page').then((m) => ({
                Component: m.PpiRegisterMapPage,
                loader: m.ppiRegisterMapLoader,
              })),
          },
          {
            path: 'ppis/:ppiId/ppi-results/select-elements-map',
            lazy: () =>
              import('../features/ppis/routes/ppi-register-map-page').then((m) => ({
                Component: m.PpiRegisterMapPage,
                loader: m.ppiRegisterMapLoader,
              })),
          },
          {
            path: 'ppis/:ppiId/ppi-results/details/by-elements-and-roles',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/ppis/routes/ppi-result-list-page').then((m) => ({
                Component: m.PpiResultListPage,
                loader: m.ppiResultListLoader,
              })),
          },
          {
            path: 'ppis/:ppiId/ppi-results/:activityId/by-activity-and-roles',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/ppis/routes/ppi-result-list-page').then((m) => ({
                Component: m.PpiResultListPage,
                loader: m.ppiResultListLoader,
              })),
          },
          {
            path: 'ppis/:ppiId/ppi-results-summary',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/ppis/routes/ppi-summary-page').then((m) => ({
                Component: m.PpiSummaryPage,
                loader: m.ppiSummaryLoader,
              })),
          },
          {
            path: 'ppis/:ppiId/ppi-detailed-summary',
            handle: NEEDS_CONNECTION,
            lazy: () =>
              import('../features/ppis/routes/ppi-summary-page').then((m) => ({
                Component: m.PpiDetailedSummaryPage,
                loader: m.ppiSummaryLoader,
              })),
          },
          {
            path: 'ppis/:ppiId/activity/:activityId/details',
            // Offline too: the activity comes from the downloaded PPI (offline/handlers/ppis.ts).
            lazy: () =>
              import('../features/ppis/routes/activity-details-page').then((m) => ({
                Component: m.ActivityDetailsPage,
                loader: m.activityDetailsLoader,
              })),
          },
          // Any other address under /users or a plant's RUCs is the administrators' too (specification
          // section 4: a non-administrator stays where they were); for an administrator it is not found.
          {
            path: 'users/*',
            handle: ADMIN_ONLY,
            lazy: () => import('./routes/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
          },
          {
            path: 'plants/:plantId/rucs/*',
            handle: ADMIN_ONLY,
            lazy: () => import('./routes/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
          },
          {
            path: '*',
            lazy: () => import('./routes/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
]);
