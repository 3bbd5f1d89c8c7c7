import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/*
 * The web app manifest (issue 20: installable from the browser). Browsers want a name, a start URL
 * inside the scope, a standalone display and PNG icons of 192 and 512 pixels (one maskable); each
 * icon must exist and be the size it claims. The icons come from `npm run assets -w apps/web` (scripts/generate-assets.mjs).
 */

const publicDir = path.resolve(import.meta.dirname, '../../public');

const Icon = z.strictObject({
  src: z.string().startsWith('/icons/'),
  sizes: z.string().regex(/^\d+x\d+$/),
  type: z.literal('image/png'),
  purpose: z.enum(['any', 'maskable']),
});

const Manifest = z.object({
  id: z.string(),
  name: z.string().min(1),
  short_name: z.string().min(1).max(12),
  start_url: z.string().startsWith('/'),
  scope: z.string().startsWith('/'),
  display: z.enum(['standalone', 'fullscreen', 'minimal-ui']),
  theme_color: z.string().regex(/^#[0-9a-f]{6}$/i),
  background_color: z.string().regex(/^#[0-9a-f]{6}$/i),
  lang: z.enum(['es', 'en', 'it']),
  icons: z.array(Icon).min(2),
});

/** Width and height from a PNG's IHDR chunk; null if the file is not a PNG. */
function pngSize(file: string): [number, number] | null {
  const bytes = fs.readFileSync(file);
  if (bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a' || bytes.subarray(12, 16).toString('ascii') !== 'IHDR') return null;
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('the web app manifest', () => {
  const manifest = Manifest.parse(JSON.parse(fs.readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8')));

  it('has what a browser needs to install the app', () => {
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });

  it('points at icons that exist and are the size they claim', () => {
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(path.join(publicDir, icon.src)), icon.src).toEqual([width, height]);
    }
  });

  it('is linked from index.html with the apple touch icon', () => {
    const html = fs.readFileSync(path.resolve(publicDir, '../index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const touch = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1];
    expect(touch && pngSize(path.join(publicDir, touch))).toEqual([180, 180]);
  });
});
