import { createStore, useStore } from '../lib/create-store';
import { request } from '../lib/http-client';
import { getLanguage } from '../lib/i18n';
import { absoluteApiRoot } from '../lib/server-url';
import { getAccessToken } from '../lib/session';
import { downloadDeliveredSerials } from './delivered-serials';
import { preloadOfflineHandlers } from './handlers';
import { markLocalDatabaseUsed, isLocalDatabaseUsed } from './outbox-status';
import type { LoadResult } from './protocol';
import { openedLocalStore } from './opened-local-store';

/*
 * "Download for offline use" on the plant cards: one download per plant at a time, its progress
 * (elements done / total) and cancel, kept here so that leaving /plants does not lose it. The first
 * download is full; a later one brings only what changed (the plant loader's cursor, Offline I).
 */
export interface DownloadProgress {
  done: number;
  total: number | null;
  cancel(): void;
}

export interface StoredDownload {
  plant_id: number;
  downloaded_at: string | null;
}

const running = createStore<ReadonlyMap<number, DownloadProgress>>(new Map());
/** The space this site uses on the device (the local database, the app's cache), in bytes, when the browser tells. */
const spaceUsed = createStore<number | null>(null);

/**
 * Asks the browser to keep this site's storage (issue 38): without it the browser may evict the
 * local database, outbox included, when the device runs short of space. Asked at the first
 * download; the browser may say no (then nothing changes).
 */
async function askPersistentStorage(): Promise<void> {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // Not offered here (an old browser, a native shell): the database works the same.
  }
}

async function refreshSpaceUsed(): Promise<void> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (estimate?.usage !== undefined) spaceUsed.set(estimate.usage);
  } catch {
    // No estimate: the card shows no figure.
  }
}

export function useSpaceUsed(): number | null {
  return useStore(spaceUsed);
}
/** The plants held on this device (plant_download rows), read again after each download. */
const stored = createStore<ReadonlyMap<number, StoredDownload> | null>(null);

function setRunning(plantId: number, progress: DownloadProgress | null) {
  running.set((current) => {
    const next = new Map(current);
    if (progress) next.set(plantId, progress);
    else next.delete(plantId);
    return next;
  });
}

const store = openedLocalStore;

export async function refreshStoredDownloads(): Promise<void> {
  if (!isLocalDatabaseUsed()) {
    stored.set(new Map());
    return;
  }
  const rows = (await (
    await store()
  ).call(
    'select',
    'SELECT plant_id, downloaded_at FROM plant_download WHERE downloaded_at IS NOT NULL',
  )) as unknown as StoredDownload[];
  stored.set(new Map(rows.map((r) => [r.plant_id, r])));
  void refreshSpaceUsed();
}

export function useStoredDownloads(): ReadonlyMap<number, StoredDownload> | null {
  return useStore(stored);
}

export function useRunningDownloads(): ReadonlyMap<number, DownloadProgress> {
  return useStore(running);
}

/** Downloads the plant into the local database; resolves with the loader's result (rejects on failure or cancel). */
export async function downloadPlant(plantId: number): Promise<LoadResult> {
  if (running.get().has(plantId)) throw new Error('already downloading');
  let cancelled = false;
  let cancelLoad: () => void = () => (cancelled = true);
  setRunning(plantId, { done: 0, total: null, cancel: () => cancelLoad() });
  try {
    // A cheap call first: it refreshes an expired access token, which the worker's own fetch cannot.
    await request('user/profile/');
    const token = getAccessToken();
    if (!token || cancelled) throw new Error('cancelled');
    const local = await store();
    markLocalDatabaseUsed();
    void askPersistentStorage();
    void preloadOfflineHandlers();
    const load = local.loadPlant(
      plantId,
      { token, language: getLanguage(), apiRoot: absoluteApiRoot().replace(/\/+$/, '') },
      (progress) => setRunning(plantId, { done: progress.done, total: progress.total, cancel: load.cancel }),
    );
    cancelLoad = load.cancel;
    const result = await load.done;
    // The delivered list too, so that scanning flags "unregistered" offline; without it nothing is flagged so.
    await downloadDeliveredSerials(local, plantId).catch((error: unknown) => console.warn('Delivered serials not downloaded', error));
    return result;
  } finally {
    setRunning(plantId, null);
    await refreshStoredDownloads().catch(() => undefined);
  }
}
