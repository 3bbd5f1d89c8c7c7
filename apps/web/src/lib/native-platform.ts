import { App } from '@capacitor/app';
import { AppLauncher } from '@capacitor/app-launcher';
import { Capacitor } from '@capacitor/core';
import { Toast } from '@capacitor/toast';
import { webAppVersion } from './app-version';

/*
 * The native shell (Capacitor 7, issue 20) behind plain functions, so that the rest of the app never
 * asks Capacitor itself. A test simulates a native platform by defining `window.heliotrackNative`
 * before the app starts (Playwright's addInitScript): the web build then behaves as the app would.
 */

export type NativePlatformName = 'android' | 'ios';

export interface SimulatedNative {
  platform: NativePlatformName;
  /** The installed app's version as the native app info would give it; the meta tag's when absent. */
  version?: string;
}

declare global {
  interface Window {
    heliotrackNative?: SimulatedNative;
  }
}

function simulated(): SimulatedNative | undefined {
  return typeof window === 'undefined' ? undefined : window.heliotrackNative;
}

export function isNativePlatform(): boolean {
  return Capacitor.isNativePlatform() || !!simulated();
}

/** Running in the real native shell, whose own origin serves no API (false when simulated). */
export function isOnDevice(): boolean {
  return Capacitor.isNativePlatform();
}

/** android or ios on a device, null on the web. */
export function nativePlatform(): NativePlatformName | null {
  if (Capacitor.isNativePlatform()) return Capacitor.getPlatform() as NativePlatformName;
  return simulated()?.platform ?? null;
}

/** The running app's version: the native app info on a device, the page's meta tag on the web. */
export async function installedAppVersion(): Promise<string> {
  if (Capacitor.isNativePlatform()) return (await App.getInfo()).version;
  return simulated()?.version ?? webAppVersion();
}

/** Opens a store page outside the app (Play Store, App Store). */
export async function openExternalUrl(url: string): Promise<void> {
  if (Capacitor.isNativePlatform()) {
    await AppLauncher.openUrl({ url });
    return;
  }
  window.open(url, '_blank', 'noopener');
}

/**
 * The platform's own long toast (about 3.5 s on Android, at the bottom), which a person sees even
 * over a native screen; on the web and in a simulated native app there is none (answers false).
 */
export async function showNativeLongToast(text: string): Promise<boolean> {
  if (!Capacitor.isNativePlatform()) return false;
  await Toast.show({ text, duration: 'long', position: 'bottom' });
  return true;
}

/**
 * Calls `onChange(true)` when the app goes to the background and `onChange(false)` when it comes
 * back: the page's visibility, and on a device also the app's pause/resume (which an Android web
 * view does not always turn into a visibility change). Answers the function that stops listening.
 */
export function onAppHidden(onChange: (hidden: boolean) => void): () => void {
  const onVisibility = () => onChange(document.visibilityState === 'hidden');
  document.addEventListener('visibilitychange', onVisibility);
  const handles: Promise<{ remove: () => Promise<void> }>[] = [];
  if (Capacitor.isNativePlatform()) {
    handles.push(
      App.addListener('pause', () => onChange(true)),
      App.addListener('resume', () => onChange(false)),
    );
  }
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    for (const handle of handles) void handle.then((listener) => listener.remove());
  };
}

/** Calls `listener` when the native app comes back to the foreground (Capacitor App `resume`); nothing on the web. */
export function onAppResume(listener: () => void): () => void {
  if (!Capacitor.isNativePlatform()) return () => undefined;
  const handle = App.addListener('resume', listener);
  return () => void handle.then((h) => h.remove());
}
