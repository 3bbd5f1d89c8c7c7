import { createStore, useStore } from './create-store';
import { readString, removeKey, WEB_STORAGE_KEYS, writeString } from './storage';

/**
 * Offline mode (specification section 4): on when the stored offline flag is set and no sync is
 * running. The flag is read from storage on every check so that a logout (which clears storage)
 * turns it off too.
 */
const syncing = createStore(false);
const version = createStore(0);

function isFlagSet(): boolean {
  return readString(WEB_STORAGE_KEYS.offlineMode) === 'true';
}

export function isOfflineMode(): boolean {
  return isFlagSet() && !syncing.get();
}

export function setOfflineFlag(enabled: boolean): void {
  if (enabled) writeString(WEB_STORAGE_KEYS.offlineMode, 'true');
  else removeKey(WEB_STORAGE_KEYS.offlineMode);
  version.set((v) => v + 1);
}

export function setSyncing(running: boolean): void {
  syncing.set(running);
}

/** Re-reads the flag; call after something else changed storage (logout). */
export function refreshOfflineMode(): void {
  version.set((v) => v + 1);
}

/** Calls `listener` whenever offline mode may have changed (flag switched, sync started or ended). */
export function onOfflineModeChange(listener: () => void): () => void {
  const offVersion = version.subscribe(listener);
  const offSyncing = syncing.subscribe(listener);
  return () => {
    offVersion();
    offSyncing();
  };
}

/** The stored flag itself, whether or not a sync runs (outside React). */
export function isOfflineFlagSet(): boolean {
  return isFlagSet();
}

/** The stored flag itself (the user menu's switch), whether or not a sync runs. */
export function useOfflineFlag(): boolean {
  useStore(version);
  return isFlagSet();
}

export function useOfflineMode(): boolean {
  useStore(version);
  useStore(syncing);
  return isOfflineMode();
}
