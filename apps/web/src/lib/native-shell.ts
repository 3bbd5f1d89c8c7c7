import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';
import { StatusBar, Style } from '@capacitor/status-bar';
import { getOutboxCounts } from '../offline/outbox-status';
import { handleBack } from './back-button';
import { confirm } from './dialogs';
import { t } from './i18n';

/*
 * The app's behaviour as a native app (issue 35), started once at start-up and only on a device:
 * Android's back button (rules in back-button.ts) and the status bar in the colours of the page
 * (the theme's body colour, light or dark text to match), following theme changes.
 */

/** `rgb(r, g, b)` / `rgba(r, g, b, a)` as `#rrggbb`; null for anything else (or transparent). */
export function hexOfCssColor(color: string): string | null {
  const match = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(color.trim());
  if (!match || match[4] === '0') return null;
  return `#${match
    .slice(1, 4)
    .map((part) => Number(part).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Whether text on this colour should be light (a dark background). */
export function isDarkColor(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b < 140;
}

async function paintStatusBar(): Promise<void> {
  const color = hexOfCssColor(getComputedStyle(document.body).backgroundColor);
  if (!color) return;
  await StatusBar.setStyle({ style: isDarkColor(color) ? Style.Dark : Style.Light });
  if (Capacitor.getPlatform() === 'android') await StatusBar.setBackgroundColor({ color });
}

function followTheme(): void {
  const paint = () => void paintStatusBar().catch(() => undefined);
  paint();
  // Mantine writes the colour scheme on <html>; a theme change may also swap classes or styles.
  new MutationObserver(paint).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-mantine-color-scheme', 'class', 'style'],
  });
}

function listenForBackButton(): void {
  void App.addListener('backButton', ({ canGoBack }) => {
    void handleBack({
      canGoBack,
      goBack: () => window.history.back(),
      exitApp: () => void App.exitApp(),
      waitingChanges: () => getOutboxCounts().waiting,
      confirmExit: (count) =>
        confirm({
          title: t('nativeApp.exit.title'),
          message: t('nativeApp.exit.message', { count }),
          acceptLabel: t('nativeApp.exit.accept'),
          acceptColor: 'red',
        }),
    });
  });
}

export function startNativeShell(): void {
  if (!Capacitor.isNativePlatform()) return;
  listenForBackButton();
  followTheme();
}
