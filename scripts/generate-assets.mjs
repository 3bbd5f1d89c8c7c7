#!/usr/bin/env node
/*
 * The app's icons and launch screens, from the SVG sources in apps/web/resources/ (issue 35).
 * Run on demand after changing a source (`npm run assets -w apps/web`); its outputs are committed,
 * the way Capacitor projects keep their native resources:
 *
 * - Android and iOS: `@capacitor/assets` (`capacitor-assets generate --android --ios`) from
 *   icon-only, icon-foreground + icon-background (Android's adaptive icon) and splash / splash-dark
 *   (light and dark launch screens: Android `drawable[-night][-port|-land]-*`, iOS Splash.imageset);
 *   then the iOS dark-mode app icon from icon-only-dark (Xcode 16's `luminosity: dark` appearance),
 *   which the tool does not make.
 * - The PWA: the manifest's icons and the Apple touch icon in apps/web/public/icons, rendered from
 *   the same icon sources with the tool's own sharp. (The tool's `--pwa` is not used: it writes WebP
 *   icons that its manifest entries call image/png, marks each "any maskable", and adds dozens of
 *   Apple launch images that the service worker would precache.)
 *
 * `@capacitor/assets` 3.0.5 pins sharp 0.32, whose install downloads libvips from outside the npm
 * registry; so it is not a dependency of the project (CI never installs it). This script installs it
 * once into a cache folder outside the repository with sharp overridden to 0.34, which takes libvips
 * from the npm packages @img/sharp-*, and runs it from there.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const resources = path.join(web, 'resources');
const ASSETS_VERSION = '3.0.5';
const SHARP_VERSION = '0.34.5';
const toolDir =
  process.env.HELIOTRACK_ASSETS_TOOL_DIR ??
  path.join(os.tmpdir(), `heliotrack-capacitor-assets-${ASSETS_VERSION}-sharp-${SHARP_VERSION}`);

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/** @capacitor/assets with a modern sharp, in its own folder (installed on the first run). */
function installTool() {
  const bin = path.join(toolDir, 'node_modules/@capacitor/assets/bin/capacitor-assets');
  if (fs.existsSync(bin)) return bin;
  fs.mkdirSync(toolDir, { recursive: true });
  const pkg = {
    name: 'heliotrack-assets-tool',
    private: true,
    dependencies: { '@capacitor/assets': ASSETS_VERSION, sharp: SHARP_VERSION },
    overrides: { sharp: SHARP_VERSION },
  };
  fs.writeFileSync(path.join(toolDir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  console.log(`Installing @capacitor/assets ${ASSETS_VERSION} (sharp ${SHARP_VERSION}) in ${toolDir}`);
  // sharp 0.34's install script only checks for its prebuilt binary, which comes as an npm package.
  run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], toolDir);
  return bin;
}

const bin = installTool();
const sharp = createRequire(path.join(toolDir, 'package.json'))('sharp');

const source = (name) => path.join(resources, `${name}.svg`);
for (const name of [
  'icon-only',
  'icon-only-dark',
  'icon-foreground',
  'icon-background',
  'splash',
  'splash-dark',
]) {
  if (!fs.existsSync(source(name)))
    throw new Error(`Missing source image ${path.relative(root, source(name))}`);
}

// Android and iOS. The tool logs its errors and still exits 0: the checks below catch a failed run.
// It also rewrites AndroidManifest.xml to set android:icon and android:roundIcon (reformatting the
// whole file): when both are already ours, the file is put back as it was.
const androidManifest = path.join(web, 'android/app/src/main/AndroidManifest.xml');
const manifestBefore = fs.readFileSync(androidManifest, 'utf8');
run(process.execPath, [bin, 'generate', '--android', '--ios', '--assetPath', 'resources'], web);
if (
  manifestBefore.includes('android:icon="@mipmap/ic_launcher"') &&
  manifestBefore.includes('android:roundIcon="@mipmap/ic_launcher_round"')
) {
  fs.writeFileSync(androidManifest, manifestBefore);
}

// iOS: the dark-mode app icon next to the light one, and no launch image left that Contents.json no longer names.
const appIconSet = path.join(web, 'ios/App/App/Assets.xcassets/AppIcon.appiconset');
const DARK_ICON = 'AppIcon-512@2x-dark.png';
await sharp(source('icon-only-dark'))
  .resize(1024, 1024)
  .flatten({ background: '#242424' })
  .png()
  .toFile(path.join(appIconSet, DARK_ICON));
const iconContents = JSON.parse(fs.readFileSync(path.join(appIconSet, 'Contents.json'), 'utf8'));
iconContents.images = [
  ...iconContents.images.filter((image) => image.filename !== DARK_ICON),
  {
    appearances: [{ appearance: 'luminosity', value: 'dark' }],
    filename: DARK_ICON,
    idiom: 'universal',
    platform: 'ios',
    size: '1024x1024',
  },
];
fs.writeFileSync(path.join(appIconSet, 'Contents.json'), `${JSON.stringify(iconContents, null, 2)}\n`);

const splashSet = path.join(web, 'ios/App/App/Assets.xcassets/Splash.imageset');
const splashContents = JSON.parse(fs.readFileSync(path.join(splashSet, 'Contents.json'), 'utf8'));
const named = new Set(splashContents.images.map((image) => image.filename));
for (const file of fs.readdirSync(splashSet)) {
  if (file.endsWith('.png') && !named.has(file)) fs.rmSync(path.join(splashSet, file));
}
fs.writeFileSync(path.join(splashSet, 'Contents.json'), `${JSON.stringify(splashContents, null, 2)}\n`);

// The PWA: the icons apps/web/public/manifest.webmanifest and index.html name.
const icons = path.join(web, 'public/icons');
fs.mkdirSync(icons, { recursive: true });
await sharp(source('icon-only')).resize(192, 192).png().toFile(path.join(icons, 'icon-192.png'));
await sharp(source('icon-only')).resize(512, 512).png().toFile(path.join(icons, 'icon-512.png'));
await sharp(source('icon-only')).resize(180, 180).png().toFile(path.join(icons, 'apple-touch-icon.png'));
// Maskable: the adaptive icon's two layers, the sun kept inside the central 80 % safe zone.
const foreground = await sharp(source('icon-foreground')).resize(410, 410).png().toBuffer();
await sharp(source('icon-background'))
  .resize(512, 512)
  .composite([{ input: foreground, gravity: 'centre' }])
  .png()
  .toFile(path.join(icons, 'maskable-512.png'));

// Every file the native projects and the manifest name must now exist.
const expected = [
  'android/app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml',
  'android/app/src/main/res/mipmap-xxxhdpi/ic_launcher.png',
  'android/app/src/main/res/mipmap-xxxhdpi/ic_launcher_round.png',
  'android/app/src/main/res/mipmap-xxxhdpi/ic_launcher_foreground.png',
  'android/app/src/main/res/mipmap-xxxhdpi/ic_launcher_background.png',
  'android/app/src/main/res/drawable/splash.png',
  'android/app/src/main/res/drawable-night/splash.png',
  'android/app/src/main/res/drawable-port-night-xxxhdpi/splash.png',
  ...iconContents.images.map((image) => `ios/App/App/Assets.xcassets/AppIcon.appiconset/${image.filename}`),
  ...splashContents.images.map((image) => `ios/App/App/Assets.xcassets/Splash.imageset/${image.filename}`),
  ...JSON.parse(fs.readFileSync(path.join(web, 'public/manifest.webmanifest'), 'utf8')).icons.map(
    (icon) => `public${icon.src}`,
  ),
  'public/icons/apple-touch-icon.png',
];
const missing = expected.filter((file) => !fs.existsSync(path.join(web, file)));
if (missing.length > 0) throw new Error(`Not generated:\n  ${missing.join('\n  ')}`);
if (splashContents.images.filter((image) => image.appearances).length !== 3)
  throw new Error('iOS dark launch images missing');
console.log('Icons and launch screens written for Android, iOS and the PWA.');
