import { DEFAULT_SCAN_CODE_LENGTH } from '@heliotrack/domain/constants';
import { readJson, writeJson } from '../../../lib/storage';

/*
 * Scan settings kept on the device (specification section 3: codeLength, default 14) with the
 * input chosen once and remembered: a Bluetooth/USB scanner acting as a keyboard (the default, no
 * pairing), a Bluetooth LE scanner chosen in the app ("Lector Bluetooth"), or the camera. The
 * selected Bluetooth device (specification section 3: stored locally) is kept with its id and name
 * and the serial service it speaks, so the scan screen reconnects to it after a restart.
 */
export type ScanInput = 'wedge' | 'bluetooth' | 'camera';

/** The Nordic UART service: the serial-over-BLE service most scanners expose. */
export const NORDIC_UART_SERVICE = '6e400001-b5a3-f393-e0a9-e50e24dcca9e';
/** Its TX characteristic: what the scanner sends arrives as notifications of it. */
export const NORDIC_UART_TX = '6e400003-b5a3-f393-e0a9-e50e24dcca9e';

export interface BluetoothScannerSettings {
  /** The selected device: null until one is chosen. */
  device: { id: string; name: string } | null;
  service: string;
  characteristic: string;
}

export interface ScanSettings {
  codeLength: number;
  input: ScanInput;
  bluetooth: BluetoothScannerSettings;
}

const KEY = 'scan_settings';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A 128-bit UUID in lower case, or a 16-bit one (`ffe0`) in the Bluetooth base; null when neither. */
export function normalizeUuid(value: string): string | null {
  const text = value.trim().toLowerCase();
  if (/^(0x)?[0-9a-f]{4}$/.test(text)) return `0000${text.slice(-4)}-0000-1000-8000-00805f9b34fb`;
  return UUID.test(text) ? text : null;
}

function bluetoothOf(stored: Partial<BluetoothScannerSettings> | undefined): BluetoothScannerSettings {
  const device = stored?.device;
  return {
    device:
      device && typeof device.id === 'string' && device.id
        ? { id: device.id, name: typeof device.name === 'string' ? device.name : '' }
        : null,
    service: normalizeUuid(String(stored?.service ?? '')) ?? NORDIC_UART_SERVICE,
    characteristic: normalizeUuid(String(stored?.characteristic ?? '')) ?? NORDIC_UART_TX,
  };
}

function inputOf(value: unknown): ScanInput {
  return value === 'camera' || value === 'bluetooth' ? value : 'wedge';
}

export function readScanSettings(): ScanSettings {
  const stored = readJson<Partial<ScanSettings>>(KEY) ?? {};
  const codeLength =
    Number.isInteger(stored.codeLength) && stored.codeLength! >= 1 && stored.codeLength! <= 100
      ? stored.codeLength!
      : DEFAULT_SCAN_CODE_LENGTH;
  return { codeLength, input: inputOf(stored.input), bluetooth: bluetoothOf(stored.bluetooth) };
}

export function writeScanSettings(
  change: Partial<Omit<ScanSettings, 'bluetooth'>> & { bluetooth?: Partial<BluetoothScannerSettings> },
): ScanSettings {
  const current = readScanSettings();
  const next = {
    ...current,
    ...change,
    bluetooth: bluetoothOf({ ...current.bluetooth, ...change.bluetooth }),
  };
  writeJson(KEY, next);
  return next;
}
