import { createStore, useStore } from './create-store';
import { readString, removeKey, WEB_STORAGE_KEYS, writeString } from './storage';

/**
 * The "Alto contraste" theme (issue 34): for field use in full sun. Remembered per device in
 * storage (kept by logout); the store lets the theme and the maps follow a switch at once.
 */
const highContrast = createStore(readString(WEB_STORAGE_KEYS.highContrast) === 'true');

export function isHighContrast(): boolean {
  return highContrast.get();
}

export function setHighContrast(enabled: boolean): void {
  if (enabled) writeString(WEB_STORAGE_KEYS.highContrast, 'true');
  else removeKey(WEB_STORAGE_KEYS.highContrast);
  highContrast.set(enabled);
}

export function useHighContrast(): boolean {
  return useStore(highContrast);
}
