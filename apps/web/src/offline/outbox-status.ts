import { createStore, useStore } from '../lib/create-store';
import { getStoredUser } from '../lib/session';
import { readString, WEB_STORAGE_KEYS, writeString } from '../lib/storage';
import type { OutboxEntry } from './local-outbox';
import { openedLocalStore } from './opened-local-store';
import { currentLocalDatabase, recordWaitingChanges } from './device-databases';

/*
 * What the header shows about the outbox: how many changes wait and how many the server refused,
 * and whether a sync runs. Read from the local database, which is opened for it only on a device
 * that has used it (a plant downloaded or a change made offline).
 */
export interface OutboxCounts {
  waiting: number;
  refused: number;
}

const counts = createStore<OutboxCounts>({ waiting: 0, refused: 0 });

export interface SyncState {
  running: boolean;
  progress: { done: number; total: number } | null;
  last: {
    sent: number;
    refused: number;
    /** Entries that failed (a 5xx…) and wait for the next sync. */
    failed: number;
    stopped: { status: number; message: string } | null;
    at: string;
    downloadFailed: boolean;
  } | null;
  /** When the last sync that sent everything it could ended (kept across reloads), or null. */
  lastSuccessAt: string | null;
}

/** The sync's state (sync.ts sets it): here, so that showing it does not load the sync itself. */
export const syncState = createStore<SyncState>({
  running: false,
  progress: null,
  last: null,
  lastSuccessAt: readString(WEB_STORAGE_KEYS.lastSyncAt),
});
syncState.subscribe(() => {
  const at = syncState.get().lastSuccessAt;
  if (at && at !== readString(WEB_STORAGE_KEYS.lastSyncAt)) writeString(WEB_STORAGE_KEYS.lastSyncAt, at);
});

export function useSyncState(): SyncState {
  return useStore(syncState);
}

/** Runs a sync (sync.ts, loaded on first use); one at a time. */
export async function startSync(): Promise<SyncState['last']> {
  const { runSync } = await import('./sync');
  return runSync();
}

export function markLocalDatabaseUsed(): void {
  writeString(WEB_STORAGE_KEYS.localDatabaseUsed, 'true');
}

export function isLocalDatabaseUsed(): boolean {
  return readString(WEB_STORAGE_KEYS.localDatabaseUsed) === 'true';
}

const store = openedLocalStore;

/**
 * Reads the counts again (after a change offline, a sync, a discard). The logged-in user's entries
 * only: the sync sends only theirs, so another user's on a shared tablet would wait in the badge
 * for ever; they leave when that user logs in and syncs.
 */
export async function refreshOutboxCounts(): Promise<OutboxCounts> {
  if (!isLocalDatabaseUsed()) return counts.get();
  const user = getStoredUser();
  const next = user ? await (await store()).call('countOutbox', user.id) : { waiting: 0, refused: 0 };
  counts.set((current) =>
    current.waiting === next.waiting && current.refused === next.refused ? current : next,
  );
  // The device registry the login screen reads (issue 39).
  const database = currentLocalDatabase();
  if (database) recordWaitingChanges(database, next.waiting + next.refused);
  return next;
}

export function useOutboxCounts(): OutboxCounts {
  return useStore(counts);
}

/** Calls `listener` with the counts whenever they change. */
export function onOutboxCountsChange(listener: (counts: OutboxCounts) => void): () => void {
  return counts.subscribe(() => listener(counts.get()));
}

export function getOutboxCounts(): OutboxCounts {
  return counts.get();
}

/** The logged-in user's waiting and refused entries, in order (the list the badge opens). */
export async function listOutboxEntries(): Promise<OutboxEntry[]> {
  const user = getStoredUser();
  if (!isLocalDatabaseUsed() || !user) return [];
  return (await store()).call('listOutbox', user.id);
}

/** Discards a refused entry (the user confirmed). */
export async function discardOutboxEntry(clientUuid: string): Promise<void> {
  await (await store()).call('removeOutbox', clientUuid);
  await refreshOutboxCounts();
}
