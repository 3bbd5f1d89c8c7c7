import { useSyncExternalStore } from 'react';
import { isOnDevice } from './native-platform';

/*
 * The service worker of the built web app (vite.config.ts: Workbox precaches the whole build, so
 * that after one online visit the app opens, reloads and starts with no network; issue 16).
 *
 * Updates: a new worker installs in the background and then WAITS (no skipWaiting), so the page
 * already open keeps the old worker and the old build's chunks it may still lazy-load. When the app
 * is next loaded and finds a worker waiting, it lets it take over and reloads once, before anything
 * was shown: that load is the first of the new build. Not in development (Vite serves the sources)
 * and not in the native shell, whose files are on the device already.
 */

const SW_URL = '/sw.js';

/*
 * Whether the app itself opens with no network (issue 38): a downloaded plant is shown "Disponible
 * sin conexión" only once a worker is active, that is once Workbox has precached the whole build
 * (shell, lazy chunks, map worker, sqlite .wasm); until then "Preparando la app sin conexión…".
 * Ready from the start where no worker is involved: development, the native shell (its files are on
 * the device), a browser without service workers or one that refuses the registration.
 */
let shellReady = true;
const shellListeners = new Set<() => void>();

function setShellReady(ready: boolean): void {
  if (shellReady === ready) return;
  shellReady = ready;
  for (const listener of shellListeners) listener();
}

function subscribeShell(listener: () => void) {
  shellListeners.add(listener);
  return () => void shellListeners.delete(listener);
}

export const isAppShellReady = () => shellReady;

/** True once the app shell is cached for offline use (or needs no caching here). */
export function useAppShellReady(): boolean {
  return useSyncExternalStore(subscribeShell, isAppShellReady);
}

type WatchedRegistration = Pick<
  ServiceWorkerRegistration,
  'active' | 'installing' | 'waiting' | 'addEventListener'
>;

/**
 * Follows a registration until a worker is active. A parameter for the unit test; `undefined` is
 * what a registration blocked by the browser's policy resolves to (no worker will ever come).
 */
export function watchShell(registration: WatchedRegistration | undefined): void {
  if (!registration || registration.active) return setShellReady(true);
  setShellReady(false);
  const follow = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'activated' || registration.active) setShellReady(true);
    });
  follow(registration.installing ?? registration.waiting);
  registration.addEventListener('updatefound', () => follow(registration.installing));
}

type WorkerContainer = Pick<ServiceWorkerContainer, 'addEventListener'>;

/**
 * Lets the worker that waits take over, then reloads once into the new build. Answers whether one
 * was waiting. The container and the reload are parameters for the unit test only.
 */
export function activateWaiting(
  registration: Pick<ServiceWorkerRegistration, 'waiting'>,
  container: WorkerContainer = navigator.serviceWorker,
  reload: () => void = () => location.reload(),
): boolean {
  const waiting = registration.waiting;
  if (!waiting) return false;
  let isReloading = false;
  // The page that asked reloads into the new build once the new worker controls it.
  container.addEventListener('controllerchange', () => {
    if (isReloading) return;
    isReloading = true;
    reload();
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
  return true;
}

async function start(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker.register(SW_URL, { scope: '/' });
    watchShell(registration);
    // A worker that arrived during an earlier visit: this load is the "next load" it waited for.
    // Only with a controller (else this is the very first install, which activates by itself).
    if (navigator.serviceWorker.controller) activateWaiting(registration);
  } catch {
    // No worker (private mode, blocked by policy, an old browser): the app works online as before.
    setShellReady(true);
  }
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (isOnDevice()) return;
  // Not ready until the registration says otherwise: a download finished before the page's load
  // event must not claim the app opens offline.
  setShellReady(false);
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}
