import type { Readable } from 'node:stream';
import type sharp from 'sharp';
import type { Storage } from '../storage';
import { lazyPackage } from '../lazy-package';

const sharpPackage = lazyPackage<typeof sharp>('sharp');

/** A stream read whole into one buffer (a stored photo, or a PDF pdfkit has finished). */
export async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * A stored image redrawn by sharp as a small JPEG, `width` points wide at twice the resolution (or
 * null when it cannot be read): pdfkit draws only PNG and JPEG, so WebP photos are converted, and
 * the PDF stays light.
 */
export async function imageForPdf(storage: Storage, key: string, width: number) {
  const stream = await storage.get(key);
  if (!stream) return null;
  try {
    return await sharpPackage()(await readAll(stream))
      .rotate()
      .resize({ width: width * 2, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** The height an image takes when drawn `width` wide (a landscape photo is less tall than wide). */
export async function heightAtWidth(image: Buffer, width: number) {
  const { width: w = 1, height: h = 1 } = await sharpPackage()(image).metadata();
  return Math.min(width, (width * h) / w);
}
