import { currentLocalDatabase } from './device-databases';
import type { LocalStore } from './local-store';
import { LOCAL_DB_MESSAGES, LocalDbError } from './messages';

let opened: { name: string; store: Promise<LocalStore> } | null = null;

/**
 * The signed-in user's local store on the current server, open (issue 39: one database per server
 * and user; nobody signed in, no database). Its code is imported on first use, so neither the worker
 * nor sqlite-wasm enters the main bundle; opened once per (server, user) (opening is idempotent), and
 * again after a failure, which openLocalDatabase has already shown.
 */
export function openedLocalStore(): Promise<LocalStore> {
  const owner = currentLocalDatabase();
  if (!owner) return Promise.reject(new LocalDbError('not_signed_in', LOCAL_DB_MESSAGES.notSignedIn));
  if (opened?.name !== owner.name) {
    const store = import('./open-local-database').then(({ openLocalDatabase }) =>
      import('./local-store').then(({ localStore }) => openLocalDatabase(localStore(), owner)),
    );
    const entry = { name: owner.name, store };
    store.catch(() => {
      if (opened === entry) opened = null;
    });
    opened = entry;
  }
  return opened.store;
}
