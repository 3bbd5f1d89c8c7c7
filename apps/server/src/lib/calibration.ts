import { todayUtc } from './time';

const DAY_MS = 86_400_000;

/** Whole days from today (UTC) to a calibration's expiry date: 0 on the expiry day, which still counts as valid. */
export function expiryOf(expiryDate: string, today = todayUtc()) {
  const days = Math.round(
    (Date.parse(`${expiryDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS,
  );
  return { is_expired: days < 0, days_to_expiry: days };
}
