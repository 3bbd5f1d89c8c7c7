/** Business constants from the specification's section 9. */
export const LANGUAGES = ['es', 'en', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';
/** Intl locales of each language: en is British English (day first, 24-hour clock, weeks from Monday). */
export const INTL_LOCALES: Record<Language, string> = { es: 'es-ES', en: 'en-GB', it: 'it-IT' };

export const ADMIN_ROLE = 'AD';
/** The viewer role ("Consulta"): reads everything it is authorised on and writes nothing. */
export const VIEWER_ROLE = 'VI';
export const DEFAULT_STATE_COLOR = 'ff8000';
export const DEFAULT_SCAN_CODE_LENGTH = 14;
export const LOCAL_SCHEMA_VERSION = 15;
export const BULK_CHUNK_SIZE = 1000;
export const EARTH_RADIUS_M = 6371008.8;
/** [longitude, latitude] */
export const DEFAULT_MAP_CENTER: [number, number] = [-3.70379, 40.416775];
export const NOTIFICATION_TIMEOUT_MS = 5000;

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 1000;

/** Keys the web app keeps in local storage (specification section 9). */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  user: 'user',
  language: 'currentLang',
  lastReleaseDate: 'last_available_release_date',
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks the first supported language of an Accept-Language header; es when none matches. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase().slice(0, 2), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.find((r) => isLanguage(r.tag))?.tag as Language | undefined ?? DEFAULT_LANGUAGE;
}
