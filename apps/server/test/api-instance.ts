import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * One real API instance (src/main.ts in its own process, as in production) on a port of its own,
 * for the tests and the benchmark that run several instances on one PostgreSQL and one Redis.
 * Its log lines (pino JSON) are kept, so a test can tell which instance ran which job.
 */
export class ApiInstance {
  readonly url: string;
  readonly logs: Record<string, unknown>[] = [];
  private child: ChildProcess | null = null;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start() {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let rest = '';
    child.stdout!.on('data', (data: Buffer) => {
      const lines = (rest + data.toString()).split('\n');
      rest = lines.pop()!;
      for (const line of lines) if (line.startsWith('{')) this.logs.push(JSON.parse(line) as Record<string, unknown>);
    });
    let errors = '';
    child.stderr!.on('data', (data: Buffer) => (errors += data.toString()));
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`${this.name} exited (${code}) while starting: ${errors.slice(-2000)}`))),
    );
    exited.catch(() => {});
    // Ready once it answers; the demo seed and the migrations run before it listens.
    for (const started = Date.now(); Date.now() - started < 120_000; ) {
      if (child.exitCode !== null) await exited;
      try {
        if ((await fetch(`${this.url}/api/openapi.json`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${this.name} did not start in 2 minutes: ${errors.slice(-2000)}`);
  }

  /** Freezes the process where it is (it renews no lock, answers nothing): a machine that hangs. */
  freeze() {
    this.child?.kill('SIGSTOP');
  }

  /** Ends the process at once, with no shutdown: a machine that dies. */
  async kill() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    this.child = null;
  }

  /** A clean stop (SIGTERM: the server closes, its running job finishes or is handed back). */
  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await gone;
    clearTimeout(timer);
    this.child = null;
  }

  /** The ids of the reports this instance started generating, in order. */
  jobsStarted() {
    return this.logs.filter((l) => l.msg === 'report generation started').map((l) => l.report as number);
  }

  fetch(url: string, init: RequestInit = {}) {
    return fetch(`${this.url}${url}`, init);
  }
}
