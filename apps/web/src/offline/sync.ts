import { request } from '../lib/http-client';
import { getLanguage } from '../lib/i18n';
import { setSyncing } from '../lib/offline-mode';
import { queryClient } from '../lib/query-client';
import { absoluteApiRoot } from '../lib/server-url';
import { getAccessToken, getStoredUser } from '../lib/session';
import { downloadDeliveredSerials } from './delivered-serials';
import type { LocalStore } from './local-store';
import {
  isLocalDatabaseUsed,
  refreshOutboxCounts,
  syncState as state,
  type SyncState,
} from './outbox-status';
import { bodyWithServerDocuments, uploadFormOf } from './push-documents';
import { pushOutbox } from './push-outbox';

/*
 * The sync (issue 16): the logged-in user's outbox is pushed in order (push-outbox.ts) with
 * `setSyncing(true)`, so that the http client goes to the network even with offline mode on, on its
 * quiet path (no error dialogs); then each downloaded plant is downloaded again, incrementally (the
 * cursor of Offline I), to bring what the others changed. One sync at a time.
 */
let running: Promise<SyncState['last']> | null = null;

export function runSync(): Promise<SyncState['last']> {
  running ??= sync().finally(() => {
    running = null;
  });
  return running;
}

async function sync(): Promise<SyncState['last']> {
  const user = getStoredUser();
  if (!user || !isLocalDatabaseUsed()) return null;
  state.set((s) => ({ ...s, running: true, progress: null }));
  setSyncing(true);
  try {
    const { openLocalDatabase } = await import('./open-local-database');
    const store = await openLocalDatabase();
    // Entries a closed page left in 'sending' go back to pending: the client uuid makes a resend safe.
    await store.call('resumeOutbox');
    await store.call('dropUnlinkedPendingDocuments');
    const outcome = await pushOutbox({
      list: () => store.call('listOutbox', user.id),
      mark: (uuid, status, refusal) => store.call('markOutbox', uuid, status, refusal),
      remove: async (uuid) => {
        await store.call('removeOutbox', uuid);
        await refreshOutboxCounts();
      },
      send: ({ method, path, body }) => request(path, { method, body, quiet: true, handle400: false }),
      // Documents chosen offline go up first (idempotent, client uuid); their server ids go in the change.
      prepare: (entry) =>
        bodyWithServerDocuments(entry, {
          pendingOf: (uuid) => store.call('pendingDocumentsOf', uuid),
          upload: (document) =>
            request<{ id: number }>('documents/', { method: 'POST', body: uploadFormOf(document), quiet: true, handle400: false }),
        }),
      onProgress: (progress) => state.set((s) => ({ ...s, progress })),
    });
    let downloadFailed = false;
    if (!outcome.stopped) downloadFailed = !(await downloadPlantsAgain(store));
    const last = { ...outcome, at: new Date().toISOString(), downloadFailed };
    state.set((s) => ({ ...s, last }));
    return last;
  } finally {
    setSyncing(false);
    state.set((s) => ({ ...s, running: false, progress: null }));
    await refreshOutboxCounts().catch(() => undefined);
    void queryClient.invalidateQueries();
  }
}

/** The incremental download of every plant held here; false when one failed (it is tried at the next sync). */
async function downloadPlantsAgain(store: LocalStore): Promise<boolean> {
  // A cheap call first: it refreshes an expired access token, which the download's own fetch cannot.
  await request('user/profile/', { quiet: true }).catch(() => undefined);
  const token = getAccessToken();
  if (!token) return false;
  const plants = (await store.call('select', 'SELECT plant_id FROM plant_download ORDER BY plant_id')) as {
    plant_id: number;
  }[];
  let ok = true;
  for (const { plant_id } of plants) {
    try {
      await store.loadPlant(plant_id, {
        token,
        language: getLanguage(),
        apiRoot: absoluteApiRoot().replace(/\/+$/, ''),
      }).done;
      await downloadDeliveredSerials(store, plant_id, { quiet: true });
    } catch {
      ok = false;
    }
  }
  return ok;
}
