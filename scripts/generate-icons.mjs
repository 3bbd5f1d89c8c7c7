#!/usr/bin/env node
/*
 * Draws the app icons of the web app manifest and of the Android and iOS projects as PNG files:
 * the sun of favicon.svg on the app's orange, with no drawing dependency (a small rasteriser with
 * 4×4 supersampling and Node's zlib). Run it again after changing the design:
 *   node scripts/generate-icons.mjs
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const ORANGE = [0xcc, 0x74, 0x09];
const SUN = [0xff, 0xd1, 0x4d];
const RAY = [0xff, 0xff, 0xff];

/** Distance from p to the segment a-b. */
function segmentDistance(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/**
 * The colour at (x, y) in a 64-unit design square, or null for transparent. `scale` shrinks the sun
 * towards the centre (maskable icons keep it inside the 80 % safe zone); `shape` is the background:
 * rounded square, full square, circle, or none (Android's adaptive foreground, drawn on its colour).
 */
function colourAt(x, y, { scale, shape }) {
  if (shape === 'rounded') {
    const r = 14;
    const cx = Math.min(Math.max(x, r), 64 - r);
    const cy = Math.min(Math.max(y, r), 64 - r);
    if (Math.hypot(x - cx, y - cy) > r) return null;
  }
  if (shape === 'circle' && Math.hypot(x - 32, y - 32) > 32) return null;
  const sx = 32 + (x - 32) / scale;
  const sy = 32 + (y - 32) / scale;
  if (Math.hypot(sx - 32, sy - 32) <= 11) return SUN;
  for (let i = 0; i < 8; i += 1) {
    const angle = (i * Math.PI) / 4;
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    if (segmentDistance(sx, sy, 32 + 17 * c, 32 + 17 * s, 32 + 25 * c, 32 + 25 * s) <= 2.6) return RAY;
  }
  return shape === 'none' ? null : ORANGE;
}

function render(size, options) {
  const pixels = Buffer.alloc(size * size * 4);
  const samples = 4;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const colour = colourAt(((px + (sx + 0.5) / samples) * 64) / size, ((py + (sy + 0.5) / samples) * 64) / size, options);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const offset = (py * size + px) * 4;
      pixels[offset] = a ? Math.round(r / a) : 0;
      pixels[offset + 1] = a ? Math.round(g / a) : 0;
      pixels[offset + 2] = a ? Math.round(b / a) : 0;
      pixels[offset + 3] = Math.round((a / (samples * samples)) * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const WEB_ICONS = 'apps/web/public/icons';
const ANDROID_RES = 'apps/web/android/app/src/main/res';
const IOS_ICONS = 'apps/web/ios/App/App/Assets.xcassets/AppIcon.appiconset';

const icons = [
  { file: `${WEB_ICONS}/icon-192.png`, size: 192, scale: 1, shape: 'rounded' },
  { file: `${WEB_ICONS}/icon-512.png`, size: 512, scale: 1, shape: 'rounded' },
  // Maskable: full bleed, the sun inside the central 80 % that every mask shape keeps.
  { file: `${WEB_ICONS}/maskable-512.png`, size: 512, scale: 0.72, shape: 'square' },
  // iOS rounds the corners itself and wants no transparency.
  { file: `${WEB_ICONS}/apple-touch-icon.png`, size: 180, scale: 0.85, shape: 'square' },
  { file: `${IOS_ICONS}/AppIcon-512@2x.png`, size: 1024, scale: 0.85, shape: 'square' },
];
// Android launcher icons per density: legacy square and round ones, and the adaptive icon's
// foreground (108 dp, of which the launcher shows the central 72 dp) over ic_launcher_background.
for (const [density, size] of [['mdpi', 48], ['hdpi', 72], ['xhdpi', 96], ['xxhdpi', 144], ['xxxhdpi', 192]]) {
  icons.push(
    { file: `${ANDROID_RES}/mipmap-${density}/ic_launcher.png`, size, scale: 1, shape: 'rounded' },
    { file: `${ANDROID_RES}/mipmap-${density}/ic_launcher_round.png`, size, scale: 0.8, shape: 'circle' },
    { file: `${ANDROID_RES}/mipmap-${density}/ic_launcher_foreground.png`, size: Math.round(size * 2.25), scale: 0.6, shape: 'none' },
  );
}

for (const { file, size, ...options } of icons) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), png(size, render(size, options)));
  console.log(`wrote ${file}`);
}
