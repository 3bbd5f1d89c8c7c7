import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The API as `npm start` runs it (`apps/server/src/main.ts`: migrate, ready, warm the maps, listen),
 * in a process of its own, so that the bench's client (timing, reading and parsing answers, the raw
 * baselines) never shares its event loop, heap or garbage collector with the server it measures.
 * Its memory and CPU are read from /proc, apart from the client's.
 */
/**
 * The environment of a bench API on a database of its own: the demo seeded by the server itself
 * (without the large plant), files in the database, no login limits, no historic reports, no web app.
 */
export function demoServerEnv(dir: string, databaseUrl: string, jwtSecret: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dir, 'a'),
    JWT_SECRET: jwtSecret,
    STORAGE: 'database',
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_ACCOUNT: '100000',
    SEED_DEMO: 'true',
    DEMO_LARGE_PLANT_MWP: '0',
    HISTORIC_REPORTS: 'off',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dir, 'no-web'),
  };
}

export interface ServerProcess {
  origin: string;
  pid: number;
  /** From the spawn to the first "running" line: module loading, migrations check, map warm-up, listen. */
  startMs: number;
  /** Resident memory of the server process, in bytes. */
  rss(): number;
  /** CPU time of the server process (every thread: zlib's, the database driver's), in ms. */
  cpuMs(): number;
  /** Its JS heap is not visible from here. */
  heap(): null;
  stop(): Promise<void>;
}

const SERVER_DIR = path.resolve(import.meta.dirname, '../apps/server');
/** /proc/<pid>/stat counts CPU in clock ticks; Linux reports 100 a second to user space. */
const TICKS_PER_SECOND = 100;
const PAGE_BYTES = 4096;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces), numbered as in proc(5) from 3. */
function statFields(pid: number): string[] {
  const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

export async function startServer(env: Record<string, string>, log: (msg: string) => void): Promise<ServerProcess> {
  const port = await freePort();
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": where the server's time goes under a
  // figure's load (Node refuses --cpu-prof in NODE_OPTIONS); the profile is written when it stops.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // The young generation `npm start` and the image give the server (README "Running as a service").
  const child: ChildProcess = spawn(process.execPath, ['--max-semi-space-size=32', ...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Started once it says so ("Heliotrack is running", an info line: maps warmed, listening) or, with a
  // quieter LOG_LEVEL, once GET /api/ready/ answers 200 (which it does only when the maps are warm).
  let listening = false;
  await new Promise<void>((resolve, reject) => {
    const done = () => {
      listening = true;
      resolve();
    };
    child.stdout!.on('data', () => output.includes('Heliotrack is running') && done());
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${output.slice(-2000)}`)));
    void (async () => {
      while (!listening && child.exitCode === null) {
        const ready = await fetch(`http://127.0.0.1:${port}/api/ready/`).then((res) => res.ok, () => false);
        if (ready) return done();
        await new Promise((wait) => setTimeout(wait, 100));
      }
    })();
  });
  const startMs = performance.now() - started;
  const pid = child.pid!;
  log(`server process ${pid} listening on port ${port} after ${(startMs / 1000).toFixed(1)} s`);
  return {
    origin: `http://127.0.0.1:${port}`,
    pid,
    startMs,
    // proc(5): field 24 is rss in pages; 14 and 15 are utime and stime in clock ticks.
    rss: () => Number(statFields(pid)[24 - 3]) * PAGE_BYTES,
    heap: () => null,
    cpuMs: () => {
      const fields = statFields(pid);
      return ((Number(fields[14 - 3]) + Number(fields[15 - 3])) * 1000) / TICKS_PER_SECOND;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A bearer header for `admin`, from the token endpoint of the server at `origin`. */
export async function login(origin: string, admin: { email: string; password: string }): Promise<{ authorization: string }> {
  const res = await fetch(`${origin}/api/token/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  if (!res.ok) throw new Error(`login answered ${res.status}`);
  return { authorization: `Bearer ${((await res.json()) as { access: string }).access}` };
}
