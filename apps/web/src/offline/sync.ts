import { notifyNotice } from '../components/notifications/notify';
import { request } from '../lib/http-client';
import { getLanguage, t } from '../lib/i18n';
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
import { pushOutbox, type PushDeps } from './push-outbox';
import { readBackSettled } from './read-back';

/*
 * The sync (issues 16 and 38): the logged-in user's outbox is pushed in order, entry by entry
 * (push-outbox.ts), with `setSyncing(true)`, so that the http client goes to the network even with
 * offline mode on, on its quiet path (no error dialogs); then the elements of the entries the server
 * settled are read back from it (read-back.ts: a refused change shows the server's state again);
 * then each downloaded plant is downloaded again, incrementally (the cursor of Offline I), to bring
 * what the others changed. One sync at a time; auto-sync.ts decides when.
 */
let running: Promise<SyncState['last']> | null = null;

export function runSync(): Promise<SyncState['last']> {
  running ??= sync().finally(() => {
    running = null;
  });
  return running;
}

type Send = PushDeps['send'];

/** The push's dependencies on the local store (the sync's, and the tests' on a real SQLite). */
export function localPushDeps(store: LocalStore, userId: number, send: Send, afterRemove?: () => Promise<unknown>): PushDeps {
  return {
    list: () => store.call('listOutbox', userId),
    mark: (uuid, status, note) => store.call('markOutbox', uuid, status, note),
    remove: async (uuid) => {
      await store.call('removeOutbox', uuid);
      await afterRemove?.();
    },
    send,
    // Documents chosen offline go up first (idempotent, client uuid); their server ids go in the change.
    prepare: (entry) =>
      bodyWithServerDocuments(entry, {
        pendingOf: (uuid) => store.call('pendingDocumentsOf', uuid),
        upload: async (document) => (await send({ method: 'POST', path: 'documents/', body: uploadFormOf(document) })) as { id: number },
      }),
  };
}

const quietSend: Send = ({ method, path, body }) => request(path, { method, body, quiet: true, handle400: false });

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
      ...localPushDeps(store, user.id, quietSend, refreshOutboxCounts),
      onProgress: (progress) => state.set((s) => ({ ...s, progress })),
    });
    // Without network (or a valid session) nothing more can be asked; one failed entry stops nothing.
    let downloadFailed = false;
    if (!outcome.stopped) {
      downloadFailed = !(await readBackSettled(store, outcome.settled, quietSend).catch(() => false));
      downloadFailed = !(await downloadPlantsAgain(store)) || downloadFailed;
    }
    const { sent, refused, failed, stopped } = outcome;
    const last = { sent, refused, failed, stopped, at: new Date().toISOString(), downloadFailed };
    state.set((s) => ({ ...s, last, lastSuccessAt: stopped || failed ? s.lastSuccessAt : last.at }));
    return last;
  } finally {
    setSyncing(false);
    state.set((s) => ({ ...s, running: false, progress: null }));
    await refreshOutboxCounts().catch(() => undefined);
    void queryClient.invalidateQueries();
  }
}

/**
 * The plants the user no longer sees leave the device once their outbox work is settled
 * (lost-plants.ts), with a notice; answers the ids not to download again (lost, removed or kept).
 * Nothing is removed when the server's list could not be read.
 */
async function settleLostPlants(store: LocalStore): Promise<Set<number>> {
  const visible = (await request('plants/', { quiet: true }).catch(() => null)) as { id: number }[] | null;
  if (!visible) return new Set();
  const lost = await store.call('removeLostPlants', visible.map((plant) => plant.id));
  for (const plant of lost.removed) notifyNotice(t('offlineWork.plantLost', { plant: plant.name }));
  return new Set([...lost.removed.map((plant) => plant.id), ...lost.kept]);
}

/** The incremental download of every plant held here; false when one failed (it is tried at the next sync). */
async function downloadPlantsAgain(store: LocalStore): Promise<boolean> {
  // A cheap call first: it refreshes an expired access token, which the download's own fetch cannot.
  await request('user/profile/', { quiet: true }).catch(() => undefined);
  const token = getAccessToken();
  if (!token) return false;
  const lost = await settleLostPlants(store);
  const plants = (await store.call('select', 'SELECT plant_id FROM plant_download ORDER BY plant_id')) as {
    plant_id: number;
  }[];
  let ok = true;
  for (const { plant_id } of plants.filter((plant) => !lost.has(plant.plant_id))) {
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
