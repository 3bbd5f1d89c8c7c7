/**
 * Local and session storage access in one place. The specification's keys live in
 * `@heliotrack/domain/constants` (STORAGE_KEYS); the keys below are the web app's own. Logout wipes
 * both storages whole, so nothing that must survive a logout (the offline outbox) may live here.
 */
export const WEB_STORAGE_KEYS = {
  /** Offline mode flag ('true' when the user switched to working offline). */
  offlineMode: 'offline_mode',
  /** The server a native app calls (lib/server-url.ts); device set-up, kept by logout. */
  serverUrl: 'server_url',
  /**
   * Set once this device stored a plant or an offline change: only then does the app open the local
   * database at start-up (to count the changes waiting). Kept by logout, like the outbox it points to.
   */
  localDatabaseUsed: 'local_database_used',
  /** When the last sync that left nothing failed ended (ISO time), shown by the outbox badge. */
  lastSyncAt: 'last_sync_at',
  /** 'true' when this device shows the "Alto contraste" theme (issue 34); kept by logout. */
  highContrast: 'high_contrast',
  /**
   * The device's local databases (one per server and user, offline/device-databases.ts): each one's
   * server and count of waiting changes, no names. Kept by logout: it is what the login screen reads.
   */
  deviceDatabases: 'device_databases',
  /**
   * Prefix of the orthophoto chosen on a plant's map (issue 37), `orthophoto_<plantId>`: the layer
   * id (or null for none) and the opacity. The user's preference: a logout clears it.
   */
  orthophotoPrefix: 'orthophoto_',
} as const;

/**
 * What a logout keeps: the server address is the device's set-up, not the user's data; without it
 * a native app could not reach the login again. The contrast theme is the device's too (a tablet
 * used in the sun keeps it for the next user).
 */
const KEPT_ON_LOGOUT = [
  WEB_STORAGE_KEYS.serverUrl,
  WEB_STORAGE_KEYS.localDatabaseUsed,
  WEB_STORAGE_KEYS.highContrast,
  WEB_STORAGE_KEYS.deviceDatabases,
];

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
  const kept = KEPT_ON_LOGOUT.map((key) => [key, readString(key)] as const);
  try {
    localStorage.clear();
    for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  } catch {
    // see writeString
  }
  try {
    sessionStorage.clear();
  } catch {
    // see writeString
  }
}
