import { isNativeBarcodeAvailable, startNativeBarcodeScan } from '../../../lib/native-barcode';

/*
 * The camera as a barcode reader: ML Kit in the native app (lib/native-barcode.ts), the browser's
 * BarcodeDetector where it exists (Chrome on Android, among others), else zxing-wasm with its
 * .wasm served by our server (zxing-reader.ts, loaded on first use).
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
  return isNativeBarcodeAvailable() || !!navigator.mediaDevices?.getUserMedia;
}

/** zxing-wasm behind BarcodeDetector's shape: a frame of the video drawn on a canvas, then read. */
async function zxingDetector(): Promise<BarcodeDetectorLike> {
  const { readCodes } = await import('./zxing-reader');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    async detect(source) {
      const video = source as HTMLVideoElement;
      if (!context || !video.videoWidth) return [];
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      context.drawImage(video, 0, 0);
      const codes = await readCodes(context.getImageData(0, 0, canvas.width, canvas.height));
      return codes.map((rawValue) => ({ rawValue }));
    },
  };
}

/** Whether the camera shows behind the page (native) or in a video element of the page (web). */
export function isNativeCamera(): boolean {
  return isNativeBarcodeAvailable();
}

/**
 * Starts reading with the camera; each code is reported once until another one is seen. Answers
 * the function that stops it. On the web the stream plays in `video`. `onError`: the native camera
 * failed after it started (the scan has stopped and the page is back).
 */
export async function startCameraReading(
  onCode: (code: string) => void,
  video: HTMLVideoElement | null,
  onError?: (message: string) => void,
): Promise<() => Promise<void>> {
  if (isNativeBarcodeAvailable()) return startNativeBarcodeScan(onCode, onError);
  if (!video || !navigator.mediaDevices?.getUserMedia) throw new Error('camera reading unavailable');
  const Detector = detectorClass();
  const detector = Detector ? new Detector() : await zxingDetector();
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
  video.srcObject = stream;
  await video.play();
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
