import { getStoredUser } from '../lib/session';
import { absoluteApiRoot } from '../lib/server-url';
import { readJson, WEB_STORAGE_KEYS, writeJson } from '../lib/storage';

/*
 * One local database per (server, user) (issue 39, DESIGN section 6): a shared tablet never shows one
 * user's downloads or outbox to another. The database's name is derived from a hash of the server's
 * API root and the user's id, so it names neither; the database itself records both
 * (OPERATIONS.claimOwner) and refuses to open for anyone else.
 *
 * The device registry: for each database, its server and how many changes wait in it, so the login
 * screen can say how many users of this device have changes waiting without opening anybody's
 * database and without naming anyone. It lives in local storage under a key the logout rule
 * deliberately keeps (lib/storage.ts KEPT_ON_LOGOUT).
 */

export interface LocalDatabaseOwner {
  /** The database's name: a file in OPFS on the web, a Capacitor SQLite database on a device. */
  name: string;
  /** The absolute API root its outbox may be sent to, and nowhere else. */
  server: string;
  userId: number;
}

interface RegistryEntry {
  server: string;
  waiting: number;
}

/** FNV-1a, twice with different offsets: 64 bits of a name, stable across sessions and platforms. */
function hash64(text: string): string {
  const half = (offset: number) => {
    let h = offset;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, '0');
  };
  return half(0x811c9dc5) + half(0x050c5d1f);
}

export function localDatabaseName(server: string, userId: number): string {
  return `heliotrack-${hash64(`${server}\n${userId}`)}`;
}

/** The signed-in user's database on the current server; null when nobody is signed in. */
export function currentLocalDatabase(): LocalDatabaseOwner | null {
  const user = getStoredUser();
  if (!user) return null;
  const server = absoluteApiRoot();
  return { name: localDatabaseName(server, user.id), server, userId: user.id };
}

function registry(): Record<string, RegistryEntry> {
  return readJson<Record<string, RegistryEntry>>(WEB_STORAGE_KEYS.deviceDatabases) ?? {};
}

/** Notes how many changes wait in a database (at logout, after removing its data). */
export function recordWaitingChanges(owner: LocalDatabaseOwner, waiting: number): void {
  writeJson(WEB_STORAGE_KEYS.deviceDatabases, { ...registry(), [owner.name]: { server: owner.server, waiting } });
}

export function forgetLocalDatabase(owner: LocalDatabaseOwner): void {
  const { [owner.name]: _removed, ...rest } = registry();
  writeJson(WEB_STORAGE_KEYS.deviceDatabases, rest);
}

/** How many users of this device have changes waiting, and how many changes in all. */
export function waitingOnDevice(): { users: number; changes: number } {
  const waiting = Object.values(registry()).filter((e) => e.waiting > 0);
  return { users: waiting.length, changes: waiting.reduce((sum, e) => sum + e.waiting, 0) };
}
