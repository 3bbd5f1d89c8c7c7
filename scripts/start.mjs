// `npm start`: builds what is missing or older than its sources (the server in about a second, the
// web app in about a minute), then runs the compiled server in this process: no tsx, no Vite at run
// time. `npm run serve` (`--no-web`) leaves the web app as it is (the e2e suite serves its own copy).
// A production install (`npm ci --omit=dev` with the built output) has no build tools: it runs what
// was built, with a warning when the sources look newer.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildServer, buildWeb, serverEntry, serverStale, webIndex, webStale } from './build.mjs';

const withWeb = !process.argv.includes('--no-web');
const canBuild = await import('esbuild').then(
  () => true,
  () => false,
);

function warn(message) {
  console.error(JSON.stringify({ level: 40, time: Date.now(), msg: message }));
}

if (serverStale()) {
  if (canBuild) await buildServer();
  else if (fs.existsSync(serverEntry)) warn('sources are newer than apps/server/dist (no build tools here): running the existing build');
  else throw new Error('apps/server/dist/main.js is missing: run `npm run build` (with devDependencies) first');
}
if (withWeb && !process.env.WEB_DIST && webStale()) {
  if (canBuild) buildWeb();
  else if (!fs.existsSync(webIndex)) warn('apps/web/dist is missing: serving the API only');
}

await import(pathToFileURL(serverEntry).href);
