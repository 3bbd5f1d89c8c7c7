/**
 * Local and session storage access in one place. The specification's keys live in
 * `@heliotrack/domain/constants` (STORAGE_KEYS); the keys below are the web app's own. Logout wipes
 * both storages whole, so nothing that must survive a logout (the offline outbox) may live here.
 */
export const WEB_STORAGE_KEYS = {
  /** Offline mode flag ('true' when the user switched to working offline). */
  offlineMode: 'offline_mode',
} as const;

export function readString(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled (private mode): the app keeps working with in-memory state.
  }
}

export function removeKey(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // see writeString
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

/** The logout rule of the specification: clear all local and session storage. */
export function clearAllStorage(): void {
  try {
    localStorage.clear();
  } catch {
    // see writeString
  }
  try {
    sessionStorage.clear();
  } catch {
    // see writeString
  }
}
