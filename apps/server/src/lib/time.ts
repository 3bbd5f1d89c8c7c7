/** Times are stored and sent as ISO-8601 UTC text (DESIGN section 3). */
export const nowIso = () => new Date().toISOString();
export const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Today's date (UTC) as YYYY-MM-DD. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
