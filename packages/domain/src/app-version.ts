import { z } from 'zod';

/**
 * App versions and the forced-update rule (specification sections 4 and 9, issue 20).
 *
 * A version is dot-separated numbers ("1.4", "2.0.13"); they compare numerically part by part, a
 * missing part counting as 0 ("1.2" equals "1.2.0", "1.10" is greater than "1.9").
 */
const VERSION_PATTERN = /^\d{1,9}(\.\d{1,9}){0,3}$/;

export function isVersion(value: string): boolean {
  return VERSION_PATTERN.test(value);
}

/** Negative when a < b, 0 when equal, positive when a > b; parts that are not numbers count as 0. */
export function compareVersions(a: string, b: string): number {
  const left = a.trim().split('.');
  const right = b.trim().split('.');
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const difference = partValue(left[i]) - partValue(right[i]);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

function partValue(part: string | undefined): number {
  // Leading digits only: a build suffix ("3-beta") does not make a part unreadable.
  const digits = /^\d+/.exec(part ?? '')?.[0];
  return digits ? Number(digits) : 0;
}

/** Milliseconds since the epoch of an ISO date or date-time, or null when it is not one. */
function timeOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

export interface UpdateCheck {
  /** The version of the running app (package.json at build time). */
  currentVersion: string;
  /** What the organisation published: null fields when it has published nothing. */
  available: Pick<AvailableVersion, 'version' | 'release_date'>;
  /** The stored `last available release date`, or null when the device never stored one. */
  storedReleaseDate: string | null;
}

/**
 * The update is due when the available version is numerically greater part by part, or its release
 * date is later than the stored last release date; with no stored date only the version decides.
 */
export function isUpdateDue({ currentVersion, available, storedReleaseDate }: UpdateCheck): boolean {
  if (available.version && compareVersions(available.version, currentVersion) > 0) return true;
  const released = timeOf(available.release_date);
  const stored = timeOf(storedReleaseDate);
  return released !== null && stored !== null && released > stored;
}

/** States of the app update (specification section 4). */
export const APP_UPDATE_STATES = ['unknown', 'not_available', 'available', 'in_progress'] as const;
export type AppUpdateState = (typeof APP_UPDATE_STATES)[number];

/** What the organisation publishes as the available app version (`GET app-version/`). */
export const AvailableVersion = z.object({
  version: z.string().nullable(),
  /** YYYY-MM-DD */
  release_date: z.string().nullable(),
  android_store_url: z.string().nullable(),
  ios_store_url: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type AvailableVersion = z.infer<typeof AvailableVersion>;

const storeUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || isStoreUrl(value), { message: 'appVersion.invalidStoreUrl' })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .default(null);

/** A store link opens outside the app: only https (or the stores' own market:/itms-apps: schemes). */
function isStoreUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return ['https:', 'market:', 'itms-apps:'].includes(url.protocol);
  } catch {
    return false;
  }
}

/** Body of `PUT app-version/` (administrators). */
export const AvailableVersionRequest = z.strictObject({
  version: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .refine((value) => isVersion(value), { message: 'appVersion.invalidVersion' }),
  release_date: z.iso.date(),
  android_store_url: storeUrl,
  ios_store_url: storeUrl,
});
export type AvailableVersionRequest = z.infer<typeof AvailableVersionRequest>;
export type AvailableVersionInput = z.input<typeof AvailableVersionRequest>;

/** The native app checks the available version this long after it starts (specification section 9). */
export const UPDATE_CHECK_DELAY_MS = 3000;
