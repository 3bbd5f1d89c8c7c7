import type { LocalStore } from './local-store';

let opened: Promise<LocalStore> | null = null;

/**
 * The page's local store, open. Its code is imported on first use, so neither the worker nor
 * sqlite-wasm enters the main bundle; opened once (opening is idempotent), and again after a
 * failure, which openLocalDatabase has already shown.
 */
export function openedLocalStore(): Promise<LocalStore> {
  opened ??= import('./open-local-database').then(({ openLocalDatabase }) => openLocalDatabase());
  opened.catch(() => (opened = null));
  return opened;
}
