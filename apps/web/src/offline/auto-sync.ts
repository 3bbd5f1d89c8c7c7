import { onAppResume } from '../lib/native-platform';
import { isOfflineFlagSet, onOfflineModeChange } from '../lib/offline-mode';
import { getStoredUser } from '../lib/session';
import { getOutboxCounts, isLocalDatabaseUsed, onOutboxCountsChange, startSync, type SyncState } from './outbox-status';

/*
 * When the device syncs by itself (issue 38): when the network comes back, when the app starts or
 * comes to the foreground, when offline mode is switched off, shortly after a change made while the
 * network is there, and every few minutes while changes wait; after a failed sync the next try
 * waits longer each time (exponential backoff with jitter, so that a site's tablets do not all come
 * back at once). One sync at a time (sync.ts); "Sincronizar" stays for the impatient.
 */

/** While changes wait and the last sync went well: try again this often. */
export const WAITING_INTERVAL_MS = 3 * 60_000;
/** The first retry after a failed sync, doubled after each further failure up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 15 * 60_000;
/** A change made while the network is there is sent this long after the last one (a burst goes as one sync). */
export const CHANGE_DELAY_MS = 1500;

/**
 * The wait before the next timed sync: the usual interval after a good sync, else a backoff that
 * doubles with each failure in a row, with "equal jitter" (between half and all of it).
 */
export function nextDelay(failures: number, random: () => number = Math.random): number {
  if (failures <= 0) return WAITING_INTERVAL_MS;
  const ceiling = Math.min(FIRST_BACKOFF_MS * 2 ** (failures - 1), MAX_BACKOFF_MS);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Whether a sync's outcome counts as a failure for the backoff: nothing could be sent, or an entry must be tried again. */
export function isFailedSync(last: SyncState['last']): boolean {
  return !!last && (!!last.stopped || last.failed > 0);
}

export interface AutoSyncDeps {
  sync(): Promise<SyncState['last']>;
  /** Whether a sync is worth starting now (the network is there, someone is logged in, changes wait). */
  canSync(): boolean;
  waiting(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  random?(): number;
}

/** The scheduler, without the browser's events (unit-tested); `trigger` is what every event calls. */
export function createAutoSync(deps: AutoSyncDeps) {
  let failures = 0;
  let timer: unknown = null;
  let stopped = false;
  let running = false;
  /** A trigger came while a sync ran: its entry may not be in that sync, so another follows. */
  let again = false;

  const schedule = (ms: number) => {
    if (timer !== null) deps.clearTimer(timer);
    timer = deps.setTimer(() => {
      timer = null;
      void run();
    }, ms);
  };

  async function run(): Promise<void> {
    if (stopped || !deps.canSync()) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    try {
      failures = isFailedSync(await deps.sync()) ? failures + 1 : 0;
    } catch {
      failures++;
    } finally {
      running = false;
    }
    if (stopped) return;
    if (again && failures === 0) return run();
    again = false;
    if (deps.waiting() > 0) schedule(nextDelay(failures, deps.random));
  }

  return {
    /** Syncs now (or after `delayMs`), whatever the backoff: something happened that makes it worth a try. */
    trigger(delayMs = 0) {
      if (stopped || !deps.canSync()) return;
      if (delayMs > 0) schedule(delayMs);
      else void run();
    },
    failures: () => failures,
    stop() {
      stopped = true;
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
    },
  };
}

/**
 * Starts automatic sync for the page (main layout, once logged in); returns its stop. Waits only for
 * the browser's events and a timer: nothing runs while nothing waits and nothing happens.
 */
export function startAutoSync(): () => void {
  const auto = createAutoSync({
    sync: startSync,
    // Only while changes wait: a sync with nothing to send would only download again, which
    // "Sincronizar" does on demand (and with offline mode on it would take the screens online meanwhile).
    canSync: () => navigator.onLine && !!getStoredUser() && isLocalDatabaseUsed() && getOutboxCounts().waiting > 0,
    waiting: () => getOutboxCounts().waiting,
    setTimer: (run, ms) => window.setTimeout(run, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
  });
  const now = () => auto.trigger();
  const whenVisible = () => document.visibilityState === 'visible' && auto.trigger();
  let waiting = getOutboxCounts().waiting;
  // A change recorded on the device (the count went up) while the network is there.
  const offCounts = onOutboxCountsChange((counts) => {
    if (counts.waiting > waiting) auto.trigger(CHANGE_DELAY_MS);
    waiting = counts.waiting;
  });
  let wasOffline = isOfflineFlagSet();
  const offMode = onOfflineModeChange(() => {
    const isOffline = isOfflineFlagSet();
    // Switched off: what waits goes now.
    if (wasOffline && !isOffline) auto.trigger();
    wasOffline = isOffline;
  });
  const offResume = onAppResume(now);
  window.addEventListener('online', now);
  document.addEventListener('visibilitychange', whenVisible);
  auto.trigger();
  return () => {
    auto.stop();
    offCounts();
    offMode();
    offResume();
    window.removeEventListener('online', now);
    document.removeEventListener('visibilitychange', whenVisible);
  };
}
