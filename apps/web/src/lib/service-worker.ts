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
    // A worker that arrived during an earlier visit: this load is the "next load" it waited for.
    // Only with a controller (else this is the very first install, which activates by itself).
    if (navigator.serviceWorker.controller) activateWaiting(registration);
  } catch {
    // No worker (private mode, blocked by policy, an old browser): the app works online as before.
  }
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (isOnDevice()) return;
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}
