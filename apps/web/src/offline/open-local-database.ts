import { notifyLocalDatabaseError } from '../components/notifications/notify';
import { LocalDbError } from './messages';
import { localStore, type LocalStore } from './local-store';

/**
 * Opens the local database (creating and upgrading it). A failure is shown as the specification's
 * negative top-right toast, 'Error open database: {reason}' (section 8), with the long native toast
 * on a device, or the read-only message when another tab has the database, and rethrown.
 */
export async function openLocalDatabase(store: LocalStore = localStore()): Promise<LocalStore> {
  try {
    await store.call('open');
    return store;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    notifyLocalDatabaseError(message);
    if (error instanceof LocalDbError) throw error;
    throw new LocalDbError('open_failed', message);
  }
}
