/** Calendar days as 'YYYY-MM-DD' strings, computed in UTC so no time zone shifts a day. */

export function todayIso(now: Date = new Date()): string {
  // The user's own calendar day, not UTC's: late in the evening in Madrid it is still "today".
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * `count` days one week apart, oldest first, ending on `end`: the points of a chart over time. Each
 * point is the state at the end of that day.
 */
export function weeklyDays(end: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(end, -7 * (count - 1 - index)));
}

/** A 'YYYY-MM-DD' day as a Date at local noon, so formatting it in any time zone shows that day. */
export function dayAsDate(day: string): Date {
  return new Date(`${day}T12:00:00`);
}

/** How date inputs show a day: es-ES, en-GB and it-IT all write day/month/year. */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';
