import { DEFAULT_SCAN_CODE_LENGTH } from '@heliotrack/domain/constants';
import { readJson, writeJson } from '../../../lib/storage';

/*
 * Scan settings kept on the device (specification section 3: codeLength, default 14) with the
 * input chosen once and remembered: a Bluetooth/USB scanner acting as a keyboard, or the camera.
 */
export type ScanInput = 'wedge' | 'camera';

export interface ScanSettings {
  codeLength: number;
  input: ScanInput;
}

const KEY = 'scan_settings';

export function readScanSettings(): ScanSettings {
  const stored = readJson<Partial<ScanSettings>>(KEY) ?? {};
  const codeLength =
    Number.isInteger(stored.codeLength) && stored.codeLength! >= 1 && stored.codeLength! <= 100
      ? stored.codeLength!
      : DEFAULT_SCAN_CODE_LENGTH;
  return { codeLength, input: stored.input === 'camera' ? 'camera' : 'wedge' };
}

export function writeScanSettings(change: Partial<ScanSettings>): ScanSettings {
  const next = { ...readScanSettings(), ...change };
  writeJson(KEY, next);
  return next;
}
