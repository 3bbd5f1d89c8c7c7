import { notifyLocalDatabaseError } from '../components/notifications/notify';
import { LocalDbError } from './messages';
import type { LocalDatabaseOwner } from './device-databases';
import { localStore, type LocalStore } from './local-store';

/**
 * Opens the local database (creating and upgrading it). A failure is shown as the specification's
 * negative top-right toast, 'Error open database: {reason}' (section 8), with the long native toast
 * on a device, or the read-only message when another tab has the database, and rethrown. With an
 * `owner`, the database must be theirs (it records its server and user on first opening).
 */
export async function openLocalDatabase(store: LocalStore = localStore(), owner: LocalDatabaseOwner | null = null): Promise<LocalStore> {
  try {
    await store.call('open');
    // The database is the signed-in user's on this server, or it is not opened (issue 39).
    if (owner) await store.call('claimOwner', owner.server, owner.userId);
    return store;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    notifyLocalDatabaseError(message);
    if (error instanceof LocalDbError) throw error;
    throw new LocalDbError('open_failed', message);
  }
}
