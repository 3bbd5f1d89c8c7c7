import { KeepAwake } from '@capacitor-community/keep-awake';
import { Capacitor } from '@capacitor/core';
import { useEffect } from 'react';

/*
 * The screen stays on while a scan plan is open (issue 35): a technician walks a row with the
 * scanner and does not touch the screen for minutes. On a device, @capacitor-community/keep-awake;
 * in a browser, the Screen Wake Lock API where it exists (the browser drops the lock when the page
 * is hidden, so it is asked for again when the page shows). Where neither exists, nothing happens.
 */

interface WakeLockSentinelLike {
  release(): Promise<void>;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

function browserWakeLock(): WakeLockLike | null {
  return (navigator as { wakeLock?: WakeLockLike }).wakeLock ?? null;
}

/** Keeps the screen on; answers the function that lets it sleep again. */
export function keepScreenOn(): () => void {
  if (Capacitor.isNativePlatform()) {
    void KeepAwake.keepAwake().catch(() => undefined);
    return () => void KeepAwake.allowSleep().catch(() => undefined);
  }
  const wakeLock = browserWakeLock();
  if (!wakeLock) return () => undefined;
  let sentinel: WakeLockSentinelLike | null = null;
  let released = false;
  const request = () => {
    if (released || document.visibilityState !== 'visible') return;
    wakeLock
      .request('screen')
      .then((lock) => {
        if (released) void lock.release();
        else sentinel = lock;
      })
      // Refused (battery saver, no user gesture yet): the screen may sleep, the scan goes on.
      .catch(() => undefined);
  };
  request();
  document.addEventListener('visibilitychange', request);
  return () => {
    released = true;
    document.removeEventListener('visibilitychange', request);
    void sentinel?.release().catch(() => undefined);
  };
}

/** Keeps the screen on while the calling component is mounted and `active`. */
export function useKeepScreenOn(active: boolean): void {
  useEffect(() => (active ? keepScreenOn() : undefined), [active]);
}
