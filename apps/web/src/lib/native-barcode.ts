import { BarcodeScanner, type Barcode } from '@capacitor-mlkit/barcode-scanning';
import type { PluginListenerHandle } from '@capacitor/core';
import { Capacitor } from '@capacitor/core';

/*
 * Camera barcode scanning in the native app (issue 20; DESIGN section 1: ML Kit through
 * `@capacitor-mlkit/barcode-scanning` 7), for the scan feature. Continuous: the plugin's startScan
 * shows the camera BEHIND the web view and reports what it sees through 'barcodesScanned' until the
 * returned stop function runs. While a scan runs, `document.body` carries the class
 * `barcode-scanner-active` (and so does `<html>`): the stylesheet of the scanning screen
 * (features/serial-scan/components/scanner-overlay.css) then hides the app and makes the page
 * transparent so that the camera shows through, keeping only our overlay (aiming frame, next
 * element, torch, cancel) drawn above it.
 *
 * The camera sees the same code in frame after frame: each code is reported once, and again only
 * after another code has been seen in between.
 */

export const SCANNER_ACTIVE_CLASS = 'barcode-scanner-active';

/** The camera permission was refused: the screen explains it and offers the manual entry. */
export class CameraPermissionError extends Error {
  readonly code = 'camera_permission_denied';
  constructor() {
    super('Camera permission denied');
    this.name = 'CameraPermissionError';
  }
}

/** True in the native app with the ML Kit plugin present (never on the web, where a screen offers manual entry). */
export function isNativeBarcodeAvailable(): boolean {
  return Capacitor.isNativePlatform() && Capacitor.isPluginAvailable('BarcodeScanner');
}

async function ensureCameraPermission(): Promise<void> {
  const granted = (state: string) => state === 'granted' || state === 'limited';
  if (granted((await BarcodeScanner.checkPermissions()).camera)) return;
  if (granted((await BarcodeScanner.requestPermissions()).camera)) return;
  throw new CameraPermissionError();
}

function codeOf(barcode: Barcode): string {
  return (barcode.rawValue || barcode.displayValue || '').trim();
}

/** The page's transparent state: on `<html>` and `<body>`, both of which paint a background. */
export function setScannerActive(active: boolean): void {
  for (const element of [document.documentElement, document.body]) {
    element.classList.toggle(SCANNER_ACTIVE_CLASS, active);
  }
}

/** Whether the running scan's camera has a torch (false when none or when asking fails). */
export async function isNativeTorchAvailable(): Promise<boolean> {
  try {
    return (await BarcodeScanner.isTorchAvailable()).available;
  } catch {
    return false;
  }
}

/** Switches the torch of the running scan on or off; answers whether it is on now. */
export async function toggleNativeTorch(): Promise<boolean> {
  await BarcodeScanner.toggleTorch();
  return (await BarcodeScanner.isTorchEnabled()).enabled;
}

/**
 * Asks for the camera permission (CameraPermissionError when refused), starts continuous scanning
 * and calls `onCode` with each code read. Answers the function that stops it: it removes this
 * scan's listeners, stops the camera and restores the page; calling it again does nothing.
 */
export async function startNativeBarcodeScan(
  onCode: (code: string) => void,
  onError?: (message: string) => void,
): Promise<() => Promise<void>> {
  await ensureCameraPermission();
  let last: string | null = null;
  const listeners: PluginListenerHandle[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    setScannerActive(false);
    await Promise.all(listeners.map((listener) => listener.remove()));
    await BarcodeScanner.stopScan();
  };
  try {
    listeners.push(
      await BarcodeScanner.addListener('barcodesScanned', ({ barcodes }) => {
        if (stopped) return;
        for (const barcode of barcodes) {
          const code = codeOf(barcode);
          if (!code || code === last) continue;
          last = code;
          onCode(code);
        }
      }),
      // The camera failed while scanning: the page comes back (never a transparent page over a
      // dead preview) and the screen says so.
      await BarcodeScanner.addListener('scanError', ({ message }) => {
        if (stopped) return;
        void stop().catch(() => undefined);
        onError?.(message);
      }),
    );
    setScannerActive(true);
    await BarcodeScanner.startScan();
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return stop;
}
