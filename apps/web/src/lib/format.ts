import type { Language } from '@heliotrack/domain/constants';
import { getIntlLocale, getLanguage } from './i18n';

/**
 * Numbers and dates in the user's locale (es-ES, en-GB, it-IT). Dates use the 24-hour clock app-wide
 * (specification section 9). Components call these during render, after useTranslation(), so they
 * re-render when the language changes.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${language}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(getIntlLocale(language), options);
    cache.set(key, format);
  }
  return format;
}

function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${language}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(getIntlLocale(language), { hourCycle: 'h23', ...options });
    cache.set(key, format);
  }
  return format;
}

export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions = { maximumFractionDigits: 2 },
  language: Language = getLanguage(),
): string {
  return numberFormat(language, options).format(value);
}

export function formatInteger(value: number, language: Language = getLanguage()): string {
  return numberFormat(language, { maximumFractionDigits: 0, useGrouping: true }).format(value);
}

/** Peak power: plant.power is in MWp (DESIGN section 12). */
export function formatMwp(value: number, language: Language = getLanguage()): string {
  return `${numberFormat(language, { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(value)} MWp`;
}

/** 0.25 → '25 %' (es), '25%' (en). */
export function formatPercent(ratio: number, language: Language = getLanguage()): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(ratio);
}

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

export function formatDate(value: string | number | Date, language: Language = getLanguage()): string {
  return dateFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(toDate(value));
}

export function formatDateTime(value: string | number | Date, language: Language = getLanguage()): string {
  return dateFormat(language, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(toDate(value));
}

/** Latitude and longitude in degrees, 5 decimals (about 1 m). */
export function formatCoordinates(
  latitude: number,
  longitude: number,
  language: Language = getLanguage(),
): string {
  const format = numberFormat(language, { minimumFractionDigits: 5, maximumFractionDigits: 5 });
  // Where the decimal mark is a comma (es, it), a comma between the two numbers would be ambiguous.
  const decimalMark = format.formatToParts(0.5).find((part) => part.type === 'decimal')?.value;
  const separator = decimalMark === ',' ? '; ' : ', ';
  return `${format.format(latitude)}${separator}${format.format(longitude)}`;
}

/** A file size in B, KB, MB or GB (orthophotos), in the user's locale. */
export function formatFileSize(bytes: number, language: Language = getLanguage()): string {
  if (bytes < 1024) return `${formatInteger(bytes, language)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, { maximumFractionDigits: 0 }, language)} KB`;
  if (bytes < 1024 ** 3)
    return `${formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 }, language)} MB`;
  return `${formatNumber(bytes / 1024 ** 3, { maximumFractionDigits: 2 }, language)} GB`;
}
