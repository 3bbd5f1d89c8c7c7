/**
 * Lets an automated browser (navigator.webdriver is true) reach the local database, as the map does
 * with window.__heliotrackMap: the Playwright tests and the offline bench drive it through
 * `await window.__heliotrackLocalStore()`. A dynamic import, so the worker, the sqlite-wasm glue and
 * the local queries stay out of the main bundle; a person's browser never loads them from here.
 */
export function exposeLocalStoreForTests(): void {
  if (typeof navigator === 'undefined' || !navigator.webdriver) return;
  (window as unknown as Record<string, unknown>).__heliotrackLocalStore = async () => {
    const { localStore } = await import('./local-store');
    return localStore();
  };
}
