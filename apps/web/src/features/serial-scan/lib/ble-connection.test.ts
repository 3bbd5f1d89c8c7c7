import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BluetoothScannerConnection, type BluetoothStatus } from './ble-connection';
import { NORDIC_UART_SERVICE, NORDIC_UART_TX, readScanSettings, writeScanSettings } from './scan-settings';

/*
 * The connection to the Bluetooth scanner with @capacitor-community/bluetooth-le replaced at its
 * module boundary by a thin fake with the plugin's API: a scanner that can be switched off, and
 * notifications sent as the plugin hands them over (DataView).
 */
const fake = vi.hoisted(() => {
  const state = {
    platform: 'android',
    /** Connection attempts that fail before the scanner answers again (switched off, out of range). */
    failuresLeft: 0,
    calls: [] as string[],
    onDisconnect: null as (() => void) | null,
    notify: null as ((value: DataView) => void) | null,
  };
  const BleClient = {
    initialize: vi.fn(async () => undefined),
    getDevices: vi.fn(async (ids: string[]) => ids.map((deviceId) => ({ deviceId }))),
    connect: vi.fn(async (id: string, onDisconnect: () => void) => {
      state.calls.push(`connect ${id}`);
      if (state.failuresLeft > 0) {
        state.failuresLeft -= 1;
        throw new Error('Connection timeout');
      }
      state.onDisconnect = onDisconnect;
    }),
    startNotifications: vi.fn(async (id: string, service: string, characteristic: string, callback: (value: DataView) => void) => {
      state.calls.push(`notify ${service.slice(0, 8)} ${characteristic.slice(0, 8)}`);
      state.notify = callback;
    }),
    stopNotifications: vi.fn(async () => void state.calls.push('stopNotifications')),
    disconnect: vi.fn(async () => void state.calls.push('disconnect')),
  };
  return { state, BleClient };
});

vi.mock('@capacitor-community/bluetooth-le', () => ({ BleClient: fake.BleClient }));
vi.mock('@capacitor/core', () => ({
  Capacitor: { isNativePlatform: () => true, getPlatform: () => fake.state.platform, isPluginAvailable: () => true },
}));

const { state } = fake;
const scanner = { device: { id: 'AA:BB:CC:00:11:22', name: 'Zebra CS6080' }, service: NORDIC_UART_SERVICE, characteristic: NORDIC_UART_TX };
const send = (text: string) => {
  const data = new TextEncoder().encode(text);
  state.notify!(new DataView(data.buffer));
};

beforeEach(() => {
  Object.assign(state, { platform: 'android', failuresLeft: 0, calls: [], onDisconnect: null, notify: null });
  localStorage.clear();
});
afterEach(() => localStorage.clear());

describe('the Bluetooth scanner connection', () => {
  it('connects, reads codes from notifications, and retries a lost connection saying so', async () => {
    const codes: string[] = [];
    const statuses: BluetoothStatus[] = [];
    const connection = new BluetoothScannerConnection(scanner, (code) => codes.push(code), (status) => statuses.push(status), {
      retryDelayMs: 0,
    });
    connection.start();
    await vi.waitFor(() => expect(statuses.at(-1)).toEqual({ kind: 'connected' }));
    expect(state.calls).toEqual(['connect AA:BB:CC:00:11:22', 'notify 6e400001 6e400003']);

    send('SN00');
    send('01\r\nSN0002\r\n');
    expect(codes).toEqual(['SN0001', 'SN0002']);

    // Out of range: lost, then not reached once, then back.
    state.failuresLeft = 1;
    state.onDisconnect!();
    await vi.waitFor(() => expect(statuses.at(-1)).toEqual({ kind: 'connected' }));
    expect(statuses).toEqual([
      { kind: 'connecting' },
      { kind: 'connected' },
      { kind: 'retrying', attempt: 1 },
      { kind: 'retrying', attempt: 2 },
      { kind: 'connected' },
    ]);
    send('SN0003\n');
    expect(codes).toEqual(['SN0001', 'SN0002', 'SN0003']);

    await connection.stop();
    expect(state.calls.slice(-2)).toEqual(['stopNotifications', 'disconnect']);
    // Our own disconnect is no loss: nothing retries after stop.
    const after = statuses.length;
    state.onDisconnect!();
    expect(statuses.length).toBe(after);
  });

  it('on iOS asks for the known device by id before connecting', async () => {
    state.platform = 'ios';
    const connection = new BluetoothScannerConnection(scanner, () => undefined, () => undefined, { retryDelayMs: 0 });
    connection.start();
    await vi.waitFor(() => expect(state.calls).toContain('notify 6e400001 6e400003'));
    expect(fake.BleClient.getDevices).toHaveBeenCalledWith(['AA:BB:CC:00:11:22']);
    await connection.stop();
  });
});

describe('the selected Bluetooth scanner', () => {
  it('survives a restart: id, name and its service are read back from the device', async () => {
    writeScanSettings({ input: 'bluetooth', bluetooth: { device: scanner.device, service: 'FFE0', characteristic: '0xffe1' } });

    // A restart: the module loaded anew, only the device's storage kept.
    vi.resetModules();
    const { readScanSettings: readAfterRestart } = await import('./scan-settings');
    expect(readAfterRestart()).toMatchObject({
      input: 'bluetooth',
      bluetooth: {
        device: { id: 'AA:BB:CC:00:11:22', name: 'Zebra CS6080' },
        service: '0000ffe0-0000-1000-8000-00805f9b34fb',
        characteristic: '0000ffe1-0000-1000-8000-00805f9b34fb',
      },
    });
  });

  it('the keyboard wedge stays the default, with Nordic UART and no device until one is chosen', () => {
    expect(readScanSettings()).toMatchObject({
      input: 'wedge',
      bluetooth: { device: null, service: NORDIC_UART_SERVICE, characteristic: NORDIC_UART_TX },
    });
    localStorage.setItem('scan_settings', JSON.stringify({ input: 'bluetooth', bluetooth: { device: { id: 7 }, service: 'nope' } }));
    expect(readScanSettings().bluetooth).toEqual({ device: null, service: NORDIC_UART_SERVICE, characteristic: NORDIC_UART_TX });
  });
});
