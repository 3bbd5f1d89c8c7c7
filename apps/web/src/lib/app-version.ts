/**
 * The running app's version: package.json's, written into the `app-version` meta tag at build time
 * (vite.config.ts). On native the shell's own app info is asked first (lib/native-platform.ts).
 */
export function webAppVersion(): string {
  const content = document.querySelector('meta[name="app-version"]')?.getAttribute('content') ?? '';
  // An unbuilt index.html (tests) still holds the placeholder.
  return /^\d/.test(content) ? content : '0.0.0';
}
