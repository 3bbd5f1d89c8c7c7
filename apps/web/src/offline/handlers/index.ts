import {
  type HttpMethod,
  type OfflineHandler,
  type OfflineRequest,
  registerOfflineHandler,
} from '../../lib/offline-resolver';
import { isLocalDatabaseUsed } from '../outbox-status';
import { PATHS } from './paths';

type Handle = (request: OfflineRequest) => Promise<unknown>;

/** A handler whose code loads on its first call: the local store and the domain's schemas stay out of the main bundle. */
function lazy<M extends Record<string, Handle>>(
  method: HttpMethod,
  path: string | RegExp,
  load: () => Promise<M>,
  name: keyof M,
): OfflineHandler {
  return { method, path, handle: async (request) => (await load())[name](request) };
}

const catalogues = () => import('./catalogues').then((m) => m.catalogueHandlers);
const elements = () => import('./elements').then((m) => m.elementHandlers);
const stateChanges = () => import('./state-changes').then((m) => m.stateChangeHandlers);
const tiles = () => import('./tiles').then((m) => m.tileHandlers);
const serialScan = () => import('./serial-scan').then((m) => m.serialScanHandlers);
const documents = () => import('./documents').then((m) => m.documentHandlers);
const ppis = () => import('./ppis').then((m) => m.ppiHandlers);

let registered = false;

/**
 * Loads the handlers' code and opens the local database ahead, while the network is there: a device
 * that holds plants must answer offline without fetching a chunk, the worker or the sqlite .wasm
 * (the service worker caches them too; this also covers going offline before it is installed).
 */
export function preloadOfflineHandlers(): Promise<unknown> {
  const open = import('../open-local-database').then((m) => m.openLocalDatabase());
  return Promise.all([catalogues(), elements(), stateChanges(), tiles(), documents(), ppis(), open]).catch(() => undefined);
}

/**
 * Registers every offline handler (specification section 7, DESIGN section 6). Called at start-up
 * (main.tsx) before the first call, so a reload while offline answers locally at once. The
 * catalogue paths last: later registrations win, and `plants/:plantId/` must match before nothing else.
 */
export function registerOfflineHandlers(): void {
  if (registered) return;
  registered = true;
  const handlers = [
    lazy('GET', PATHS.elementList, elements, 'list'),
    lazy('GET', PATHS.elementIds, elements, 'ids'),
    lazy('GET', PATHS.byPolygon, elements, 'byPolygon'),
    lazy('GET', PATHS.elementDetail, elements, 'detail'),
    lazy('POST', PATHS.stateChange, stateChanges, 'single'),
    lazy('POST', PATHS.massiveStateChange, stateChanges, 'massive'),
    lazy('GET', 'plants/:plantId/tiles/bounds/', tiles, 'bounds'),
    lazy('POST', PATHS.serialScan, serialScan, 'scan'),
    lazy('POST', PATHS.documents, documents, 'upload'),
    // The PPI register in the field (issue 36).
    lazy('GET', PATHS.linkedPpis, ppis, 'linked'),
    lazy('GET', PATHS.adminPpis, ppis, 'adminList'),
    lazy('GET', PATHS.ppiPermissions, ppis, 'permissions'),
    lazy('GET', PATHS.equipment, ppis, 'equipment'),
    lazy('GET', PATHS.ppiElements, ppis, 'elements'),
    lazy('GET', PATHS.ppiResults, ppis, 'results'),
    lazy('GET', PATHS.ppi, ppis, 'detail'),
    lazy('GET', PATHS.activity, ppis, 'activity'),
    lazy('GET', PATHS.activitySummary, ppis, 'counts'),
    lazy('GET', PATHS.userActivitiesSummary, ppis, 'counts'),
    lazy('GET', PATHS.otherRolesSummary, ppis, 'counts'),
    lazy('GET', PATHS.ppiResult, ppis, 'result'),
    lazy('GET', PATHS.otherRolesResult, ppis, 'otherRolesResult'),
    lazy('PATCH', PATHS.updateResult, ppis, 'updateResult'),
    lazy('POST', PATHS.bulkResults, ppis, 'bulkResults'),
    lazy('POST', PATHS.massiveResults, ppis, 'massiveResults'),
    lazy('GET', PATHS.plants, catalogues, 'plants'),
    lazy('GET', PATHS.plant, catalogues, 'plant'),
    lazy('GET', PATHS.contractors, catalogues, 'contractors'),
    lazy('GET', PATHS.elementTypes, catalogues, 'elementTypes'),
    lazy('GET', PATHS.states, catalogues, 'states'),
    lazy('GET', PATHS.transactionTypes, catalogues, 'transactionTypes'),
  ];
  for (const handler of handlers) registerOfflineHandler(handler);
  if (isLocalDatabaseUsed()) {
    const idle = (window as { requestIdleCallback?: (callback: () => void) => void }).requestIdleCallback ?? ((callback) => setTimeout(callback, 2000));
    idle(() => void preloadOfflineHandlers());
  }
}
