import { formatDate } from './format';

/**
 * How date fields show a day: day first, as es, en-GB and it write dates, and as parseDay reads
 * them back. Every date field of the app uses it.
 */
export const DAY_FORMAT = 'DD/MM/YYYY';

const pad = (value: number) => String(value).padStart(2, '0');

/** A YYYY-MM-DD day in the user's locale, read as a local day (a UTC midnight would show the day before west of Greenwich). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return year && month && date ? formatDate(new Date(year, month - 1, date)) : day;
}

/**
 * What a person types in a date field, as YYYY-MM-DD: day first (DD/MM/YYYY, with / . or -), as
 * every language of the app writes dates (es, en-GB, it), or ISO. Impossible days (31/02) are null.
 */
export function parseDay(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number);
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}
