import { registerOfflineHandler } from '../../lib/offline-resolver';
import { catalogueHandlers } from './catalogues';
import { elementHandlers } from './elements';
import { stateChangeHandlers } from './state-changes';
import { tileHandlers } from './tiles';

let registered = false;

/**
 * Registers every offline handler of this folder (specification section 7, DESIGN section 6). Called
 * at start-up (main.tsx) before the first call, so a reload while offline answers locally at once.
 * Catalogues last: later registrations win, and `plants/:plantId/` must not hide the element paths.
 */
export function registerOfflineHandlers(): void {
  if (registered) return;
  registered = true;
  for (const handler of [...elementHandlers, ...stateChangeHandlers, ...tileHandlers, ...catalogueHandlers]) registerOfflineHandler(handler);
}
