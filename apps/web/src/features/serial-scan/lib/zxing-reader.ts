import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/*
 * zxing-wasm for browsers without BarcodeDetector (Firefox, Safari, desktop Chrome on Linux): its
 * .wasm is a file of our own build (Vite's `?url`), served by our server with the web app, never
 * fetched from a CDN. Loaded only when the camera is opened on such a browser.
 */
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

/** The codes in one camera frame (the valid ones). */
export async function readCodes(image: ImageData): Promise<string[]> {
  const results = await readBarcodes(image, { tryHarder: true, maxNumberOfSymbols: 4 });
  return results.filter((result) => result.isValid).map((result) => result.text);
}
