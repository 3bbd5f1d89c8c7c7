// `npm run build`: the server and the domain package compiled to one JavaScript file
// (apps/server/dist/main.js, run by node without tsx), then the web app (vite build, which also
// precompresses its assets). `npm start` (scripts/start.mjs) calls the same functions, only for the
// parts whose sources are newer than their build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'apps/server/dist/main.js');
export const webIndex = path.join(root, 'apps/web/dist/index.html');

const serverSources = ['apps/server/src', 'apps/server/package.json', 'packages/domain/src', 'packages/domain/package.json', 'scripts/build.mjs'];
const webSources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/domain/src'];

/** The newest modification time (ms) of the files under these paths (0 when none exists). */
function newest(paths) {
  let latest = 0;
  const visit = (file) => {
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) for (const entry of fs.readdirSync(file)) visit(path.join(file, entry));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const p of paths) visit(path.join(root, p));
  return latest;
}

function builtAt(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Missing, or older than one of its sources. */
export const serverStale = () => builtAt(serverEntry) < newest(serverSources);
export const webStale = () => builtAt(webIndex) < newest(webSources);

/**
 * esbuild bundles src/main.ts (and the admin:create command) with the domain package (whose exports are raw .ts, for Vite, Vitest
 * and tsx) into dist/main.js; every other package stays an import resolved in node_modules at run
 * time (native modules, and what `npm ci --omit=dev` installs).
 */
export async function buildServer() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error('esbuild is missing (a production install has no build tools): run `npm run build` where devDependencies are installed');
  }
  const read = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
  const server = read('apps/server/package.json');
  const domain = read('packages/domain/package.json');
  const external = [...Object.keys(server.dependencies), ...Object.keys(domain.dependencies ?? {})].filter((name) => name !== '@heliotrack/domain');
  await esbuild.build({
    // The server, and the first administrator's command for installs without sources (the image):
    // `node apps/server/dist/admin-create.js --organisation … --email …`.
    entryPoints: {
      main: path.join(root, 'apps/server/src/main.ts'),
      'admin-create': path.join(root, 'apps/server/src/admin/create-cli.ts'),
    },
    outdir: path.dirname(serverEntry),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: true,
    logLevel: 'warning',
    // Bundled CommonJS-style code (none of ours today) would find `require` in an ES module.
    banner: { js: "import { createRequire as __heliotrackRequire } from 'node:module'; const require = __heliotrackRequire(import.meta.url);" },
  });
}

export function buildWeb() {
  const run = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('the web build failed');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  await buildServer();
  console.log(`server built into ${path.relative(root, serverEntry)} in ${Date.now() - started} ms`);
  if (!process.argv.includes('--server-only')) buildWeb();
}
