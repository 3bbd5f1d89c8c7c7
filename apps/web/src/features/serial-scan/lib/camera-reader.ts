import { isNativeBarcodeAvailable, startNativeBarcodeScan } from '../../../lib/native-barcode';

/*
 * The camera as a barcode reader: ML Kit in the native app (lib/native-barcode.ts), the browser's
 * BarcodeDetector where it exists (Chrome on Android, among others). zxing-wasm for browsers
 * without BarcodeDetector is not wired yet: those use the scanner or the manual entry.
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorClass | null {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector ?? null;
}

export function isCameraReadingAvailable(): boolean {
  return isNativeBarcodeAvailable() || (detectorClass() !== null && !!navigator.mediaDevices?.getUserMedia);
}

/** Whether the camera shows behind the page (native) or in a video element of the page (web). */
export function isNativeCamera(): boolean {
  return isNativeBarcodeAvailable();
}

/**
 * Starts reading with the camera; each code is reported once until another one is seen. Answers
 * the function that stops it. On the web the stream plays in `video`.
 */
export async function startCameraReading(
  onCode: (code: string) => void,
  video: HTMLVideoElement | null,
): Promise<() => Promise<void>> {
  if (isNativeBarcodeAvailable()) return startNativeBarcodeScan(onCode);
  const Detector = detectorClass();
  if (!Detector || !video) throw new Error('camera reading unavailable');
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
  video.srcObject = stream;
  await video.play();
  const detector = new Detector();
  let stopped = false;
  let last: string | null = null;
  const tick = async () => {
    if (stopped) return;
    try {
      for (const barcode of await detector.detect(video)) {
        const code = barcode.rawValue.trim();
        if (code && code !== last) {
          last = code;
          onCode(code);
        }
      }
    } catch {
      // A frame that could not be read; the next one may.
    }
    if (!stopped) setTimeout(() => void tick(), 250);
  };
  void tick();
  return async () => {
    stopped = true;
    stream.getTracks().forEach((track) => track.stop());
    video.srcObject = null;
  };
}
