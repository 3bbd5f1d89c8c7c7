import { BleClient } from '@capacitor-community/bluetooth-le';
import { Capacitor } from '@capacitor/core';
import { BleCodeReader } from './ble-reader';
import type { BluetoothScannerSettings } from './scan-settings';

/*
 * The Bluetooth scanner ("Lector Bluetooth", issue 35) through @capacitor-community/bluetooth-le,
 * whose one API is the native plugin on a device and Web Bluetooth in a browser that has it
 * (Chromium). Chosen once in the scan settings (the platform's list of nearby devices), remembered,
 * and connected again whenever the scan screen opens. A lost connection is retried, saying so,
 * until the screen closes; the reads go through BleCodeReader into the same path as the wedge's.
 */

export type BluetoothStatus =
  | { kind: 'connecting' }
  | { kind: 'connected' }
  /** Lost or not reached: trying again (attempt counts from 1). */
  | { kind: 'retrying'; attempt: number }
  /** The browser no longer knows the device: it must be chosen again (a tap opens its list). */
  | { kind: 'chooseAgain' };

/** Whether this platform has Bluetooth LE for us: the plugin on a device, Web Bluetooth in a browser. */
export function isBluetoothAvailable(): boolean {
  if (Capacitor.isNativePlatform()) return Capacitor.isPluginAvailable('BluetoothLe');
  return typeof navigator !== 'undefined' && 'bluetooth' in navigator;
}

/** Shows the platform's list of nearby devices; answers the one chosen (rejects when closed). */
export async function chooseBluetoothScanner(service: string): Promise<{ id: string; name: string }> {
  await BleClient.initialize({ androidNeverForLocation: false });
  const device = await BleClient.requestDevice({ optionalServices: [service] });
  return { id: device.deviceId, name: device.name || device.deviceId };
}

export interface BluetoothConnectionOptions {
  /** Wait before attempt n of a retry: n × this, at most MAX_RETRY_DELAY_MS. */
  retryDelayMs?: number;
}

const RETRY_DELAY_MS = 3000;
const MAX_RETRY_DELAY_MS = 15_000;

/** Connects to the selected scanner and keeps it connected until stop(). */
export class BluetoothScannerConnection {
  private stopped = false;
  private connected = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly reader: BleCodeReader;

  constructor(
    private readonly settings: BluetoothScannerSettings & { device: { id: string; name: string } },
    onCode: (code: string) => void,
    private readonly onStatus: (status: BluetoothStatus) => void,
    private readonly options: BluetoothConnectionOptions = {},
  ) {
    this.reader = new BleCodeReader(onCode);
  }

  start(): void {
    this.onStatus({ kind: 'connecting' });
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (!this.connected) return;
    this.connected = false;
    const { device, service, characteristic } = this.settings;
    await BleClient.stopNotifications(device.id, service, characteristic).catch(() => undefined);
    await BleClient.disconnect(device.id).catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const { device, service, characteristic } = this.settings;
    try {
      await BleClient.initialize({ androidNeverForLocation: false });
      // iOS and the browser connect only to a device they know in this run: ask for it by id
      // (Android connects to an address directly).
      if (Capacitor.getPlatform() !== 'android') {
        const known = await BleClient.getDevices([device.id]).catch(() => []);
        if (!known.some((item) => item.deviceId === device.id)) {
          if (!Capacitor.isNativePlatform()) {
            if (!this.stopped) this.onStatus({ kind: 'chooseAgain' });
            return;
          }
        }
      }
      if (this.stopped) return;
      await BleClient.connect(device.id, () => this.lost());
      this.connected = true;
      this.reader.reset();
      await BleClient.startNotifications(device.id, service, characteristic, (value) => this.reader.push(value));
      if (this.stopped) {
        await this.stop();
        return;
      }
      this.attempt = 0;
      this.onStatus({ kind: 'connected' });
    } catch {
      // Marked first: our own disconnect below must not count as a loss (a second retry).
      const wasConnected = this.connected;
      this.connected = false;
      if (wasConnected) await BleClient.disconnect(device.id).catch(() => undefined);
      this.retry();
    }
  }

  /** The scanner went away (switched off, out of range): try again. */
  private lost(): void {
    if (this.stopped || !this.connected) return;
    this.connected = false;
    this.retry();
  }

  private retry(): void {
    if (this.stopped) return;
    this.attempt += 1;
    this.onStatus({ kind: 'retrying', attempt: this.attempt });
    const delay = Math.min((this.options.retryDelayMs ?? RETRY_DELAY_MS) * this.attempt, MAX_RETRY_DELAY_MS);
    this.timer = setTimeout(() => void this.connect(), delay);
  }
}
