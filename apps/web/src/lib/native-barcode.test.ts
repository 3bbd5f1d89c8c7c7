import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CameraPermissionError, isNativeBarcodeAvailable, SCANNER_ACTIVE_CLASS, startNativeBarcodeScan } from './native-barcode';

/*
 * The ML Kit scanner needs a device and its camera, which tests do not have: the plugin is replaced
 * at its module boundary by a fake with the plugin's API (permissions, listeners by event name,
 * startScan/stopScan), and these tests check what native-barcode.ts does with it.
 */
type Listener = (event: unknown) => void;

const fake = vi.hoisted(() => {
  const state = {
    native: true,
    pluginAvailable: true,
    permission: 'prompt' as string,
    answerToRequest: 'granted' as string,
    scanning: false,
    failStart: null as Error | null,
    listeners: new Map<string, Set<(event: unknown) => void>>(),
    calls: [] as string[],
  };
  const BarcodeScanner = {
    checkPermissions: vi.fn(async () => (state.calls.push('checkPermissions'), { camera: state.permission })),
    requestPermissions: vi.fn(async () => {
      state.calls.push('requestPermissions');
      state.permission = state.answerToRequest;
      return { camera: state.permission };
    }),
    addListener: vi.fn(async (event: string, listener: (event: unknown) => void) => {
      state.calls.push(`addListener ${event}`);
      if (!state.listeners.has(event)) state.listeners.set(event, new Set());
      state.listeners.get(event)!.add(listener);
      return { remove: async () => void (state.calls.push(`remove ${event}`), state.listeners.get(event)!.delete(listener)) };
    }),
    startScan: vi.fn(async () => {
      state.calls.push('startScan');
      if (state.failStart) throw state.failStart;
      state.scanning = true;
    }),
    stopScan: vi.fn(async () => {
      state.calls.push('stopScan');
      state.scanning = false;
    }),
  };
  return { state, BarcodeScanner };
});

vi.mock('@capacitor-mlkit/barcode-scanning', () => ({ BarcodeScanner: fake.BarcodeScanner }));
vi.mock('@capacitor/core', () => ({
  Capacitor: { isNativePlatform: () => fake.state.native, isPluginAvailable: (name: string) => name === 'BarcodeScanner' && fake.state.pluginAvailable },
}));

const { state } = fake;

/** What the camera would report: one event with these codes. */
function cameraSees(...codes: string[]) {
  for (const listener of state.listeners.get('barcodesScanned') ?? []) {
    (listener as Listener)({ barcodes: codes.map((rawValue) => ({ rawValue, displayValue: rawValue, format: 'CODE_128', valueType: 'TEXT' })) });
  }
}

beforeEach(() => {
  Object.assign(state, { native: true, pluginAvailable: true, permission: 'prompt', answerToRequest: 'granted', scanning: false, failStart: null, calls: [] });
  state.listeners.clear();
});
afterEach(() => {
  document.body.classList.remove(SCANNER_ACTIVE_CLASS);
  document.documentElement.classList.remove(SCANNER_ACTIVE_CLASS);
});

describe('isNativeBarcodeAvailable', () => {
  it('is true only on a device with the plugin', () => {
    expect(isNativeBarcodeAvailable()).toBe(true);
    state.pluginAvailable = false;
    expect(isNativeBarcodeAvailable()).toBe(false);
    state.pluginAvailable = true;
    state.native = false;
    expect(isNativeBarcodeAvailable()).toBe(false);
  });
});

describe('startNativeBarcodeScan', () => {
  it('asks for the camera, scans continuously reporting each code once, and stops removing its listeners', async () => {
    const codes: string[] = [];
    const stop = await startNativeBarcodeScan((code) => codes.push(code));
    expect(state.calls).toEqual(['checkPermissions', 'requestPermissions', 'addListener barcodesScanned', 'addListener scanError', 'startScan']);
    expect(state.scanning).toBe(true);
    expect(document.body.classList.contains(SCANNER_ACTIVE_CLASS)).toBe(true);

    cameraSees('SN-0001');
    cameraSees('SN-0001');
    cameraSees('SN-0001', 'SN-0002');
    cameraSees('  ');
    cameraSees('SN-0001');
    expect(codes).toEqual(['SN-0001', 'SN-0002', 'SN-0001']);

    await stop();
    expect(state.scanning).toBe(false);
    expect(state.listeners.get('barcodesScanned')?.size).toBe(0);
    expect(state.listeners.get('scanError')?.size).toBe(0);
    expect(document.body.classList.contains(SCANNER_ACTIVE_CLASS)).toBe(false);
    cameraSees('SN-0003');
    expect(codes).toEqual(['SN-0001', 'SN-0002', 'SN-0001']);
    // A second stop does nothing.
    const before = state.calls.length;
    await stop();
    expect(state.calls.length).toBe(before);
  });

  it('does not ask again when the camera is already allowed', async () => {
    state.permission = 'granted';
    const stop = await startNativeBarcodeScan(() => undefined);
    expect(state.calls).not.toContain('requestPermissions');
    await stop();
  });

  it('fails with CameraPermissionError when the camera is refused, starting nothing', async () => {
    state.answerToRequest = 'denied';
    await expect(startNativeBarcodeScan(() => undefined)).rejects.toBeInstanceOf(CameraPermissionError);
    expect(state.calls).toEqual(['checkPermissions', 'requestPermissions']);
    expect(state.scanning).toBe(false);
  });

  it('a camera that fails to start leaves no listener and the page as it was', async () => {
    state.permission = 'granted';
    state.failStart = new Error('camera in use');
    await expect(startNativeBarcodeScan(() => undefined)).rejects.toThrow('camera in use');
    expect(state.listeners.get('barcodesScanned')?.size).toBe(0);
    expect(document.body.classList.contains(SCANNER_ACTIVE_CLASS)).toBe(false);
  });

  it('a camera error while scanning stops the scan, brings the page back and tells the screen', async () => {
    state.permission = 'granted';
    const errors: string[] = [];
    await startNativeBarcodeScan(() => undefined, (message) => errors.push(message));
    expect(document.documentElement.classList.contains(SCANNER_ACTIVE_CLASS)).toBe(true);
    for (const listener of state.listeners.get('scanError') ?? []) (listener as Listener)({ message: 'camera lost' });
    await vi.waitFor(() => expect(state.scanning).toBe(false));
    expect(errors).toEqual(['camera lost']);
    expect(document.body.classList.contains(SCANNER_ACTIVE_CLASS)).toBe(false);
    expect(document.documentElement.classList.contains(SCANNER_ACTIVE_CLASS)).toBe(false);
    expect(state.listeners.get('barcodesScanned')?.size).toBe(0);
  });
});
