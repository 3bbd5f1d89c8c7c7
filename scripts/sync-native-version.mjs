#!/usr/bin/env node
/*
 * The native apps' version is the web app's package.json version (issue 20: the app version comes
 * from package.json at build time; on native the app info reports it). Writes it into the Android
 * project (versionName, and versionCode = major·10000 + minor·100 + patch, which stores require to
 * grow) and the iOS project (MARKETING_VERSION, CURRENT_PROJECT_VERSION). Runs before `cap sync`
 * (npm run cap:sync -w apps/web); with --check it changes nothing and fails when they differ.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const { version } = JSON.parse(fs.readFileSync(path.join(web, 'package.json'), 'utf8'));
const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
if (!match) throw new Error(`apps/web/package.json version ${version} is not major.minor.patch`);
const [major, minor, patch] = match.slice(1).map(Number);
if (minor > 99 || patch > 99) throw new Error(`version ${version}: minor and patch must stay below 100 for the build number`);
const build = major * 10000 + minor * 100 + patch;

const files = [
  {
    file: path.join(web, 'android/app/build.gradle'),
    edits: [
      [/versionCode \d+/, `versionCode ${build}`],
      [/versionName "[^"]*"/, `versionName "${version}"`],
    ],
  },
  {
    file: path.join(web, 'ios/App/App.xcodeproj/project.pbxproj'),
    edits: [
      [/MARKETING_VERSION = [^;]+;/g, `MARKETING_VERSION = ${version};`],
      [/CURRENT_PROJECT_VERSION = [^;]+;/g, `CURRENT_PROJECT_VERSION = ${build};`],
    ],
  },
];

const check = process.argv.includes('--check');
let stale = 0;
for (const { file, edits } of files) {
  const before = fs.readFileSync(file, 'utf8');
  let after = before;
  for (const [pattern, replacement] of edits) {
    if (!pattern.test(after)) throw new Error(`${path.relative(web, file)}: no ${pattern} to set`);
    after = after.replace(pattern, replacement);
  }
  if (after === before) continue;
  stale += 1;
  if (check) console.error(`${path.relative(web, file)} does not carry version ${version} (${build}): run npm run cap:sync -w apps/web`);
  else fs.writeFileSync(file, after);
}
if (check && stale) process.exit(1);
console.log(`native projects at version ${version} (build ${build})`);
