// The end-to-end tests drive Debian's Chromium (browser downloads are not possible here).
// On a fresh machine this installs it with apt-get; elsewhere it says what to do.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (fs.existsSync(CHROMIUM)) process.exit(0);

console.log(`${CHROMIUM} is missing: installing Debian's chromium package…`);
const asRoot = process.getuid?.() === 0 ? '' : 'sudo ';
try {
  execSync(`${asRoot}apt-get update -qq && ${asRoot}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, {
    stdio: 'inherit',
  });
} catch {
  console.error('Could not install chromium. Install it with: apt-get install chromium (or set CHROMIUM_PATH).');
  process.exit(1);
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`chromium installed but ${CHROMIUM} is still missing; set CHROMIUM_PATH.`);
  process.exit(1);
}
