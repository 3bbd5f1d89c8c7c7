import { isUpdateDue, type AppUpdateState, type AvailableVersion } from '@heliotrack/domain/app-version';
import { STORAGE_KEYS } from '@heliotrack/domain/constants';
import { createStore, useStore } from './create-store';
import { getAppVersion } from '../api/get-app-version';
import { installedAppVersion, isNativePlatform, nativePlatform, openExternalUrl } from './native-platform';
import { isSignedIn } from './session';
import { readString, writeString } from './storage';

/*
 * The app update of the native app (specification sections 4 and 9, issue 20): states unknown, not
 * available, available, in progress. The check asks the organisation's available version
 * (GET app-version/) and applies the domain's rule against the installed version and the stored
 * `last available release date`.
 */

export interface AppUpdate {
  state: AppUpdateState;
  available: AvailableVersion | null;
  installedVersion: string | null;
}

const store = createStore<AppUpdate>({ state: 'unknown', available: null, installedVersion: null });

export function getAppUpdate(): AppUpdate {
  return store.get();
}

export function useAppUpdate(): AppUpdate {
  return useStore(store);
}

/** Checks once; on the web (not native) or signed out it leaves the state unknown. */
export async function checkForUpdate(): Promise<AppUpdate> {
  if (!isNativePlatform() || !isSignedIn()) return store.get();
  try {
    const [available, installedVersion] = await Promise.all([
      getAppVersion(),
      installedAppVersion(),
    ]);
    const storedReleaseDate = readString(STORAGE_KEYS.lastReleaseDate);
    const isDue = isUpdateDue({ currentVersion: installedVersion, available, storedReleaseDate });
    // The first check of a device sets its baseline: a later release date means a new build even
    // when the version number stays (with no stored date, only the version can decide).
    if (!isDue && !storedReleaseDate && available.release_date) {
      writeString(STORAGE_KEYS.lastReleaseDate, available.release_date);
    }
    store.set({ state: isDue ? 'available' : 'not_available', available, installedVersion });
  } catch {
    // Unreachable server or refused call: nothing is known; the next start checks again.
    store.set({ state: 'unknown', available: null, installedVersion: null });
  }
  return store.get();
}

/** The store page of this device's platform, if the organisation gave one. */
export function storeUrlOf(available: AvailableVersion | null): string | null {
  if (!available) return null;
  const platform = nativePlatform();
  if (platform === 'android') return available.android_store_url;
  if (platform === 'ios') return available.ios_store_url;
  return null;
}

/**
 * The Update button: opens the store. The release date is stored as seen, so a re-release of the
 * same version is not asked for again once installed; a greater version still is until installed.
 */
export async function startUpdate(): Promise<void> {
  const { available } = store.get();
  const url = storeUrlOf(available);
  if (!available || !url) return;
  store.set((previous) => ({ ...previous, state: 'in_progress' }));
  if (available.release_date) writeString(STORAGE_KEYS.lastReleaseDate, available.release_date);
  const backToAvailable = () => store.set((previous) => ({ ...previous, state: 'available' }));
  try {
    await openExternalUrl(url);
  } catch {
    backToAvailable();
    return;
  }
  // Back from the store without having installed: the update is still due, and can be asked again.
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', onVisible);
    backToAvailable();
  };
  document.addEventListener('visibilitychange', onVisible);
}

let scheduled: ReturnType<typeof setTimeout> | null = null;

/**
 * On native, checks `delayMs` after start; signed out, it waits (checking again after each delay)
 * until someone signs in, since the available version is the organisation's.
 */
export function scheduleUpdateCheck(delayMs: number): () => void {
  if (!isNativePlatform()) return () => {};
  const run = () => {
    scheduled = null;
    if (isSignedIn()) void checkForUpdate();
    else scheduled = setTimeout(run, delayMs);
  };
  scheduled = setTimeout(run, delayMs);
  return () => {
    if (scheduled) clearTimeout(scheduled);
    scheduled = null;
  };
}
