import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { S3Options } from '../src/lib/s3-storage';

const require = createRequire(import.meta.url);

/**
 * s3rver, an S3-compatible test server from npm, in a child process on a free port: the tests talk
 * to it over HTTP through the AWS SDK exactly as to a real bucket, and its own memory is not
 * counted in this process's (the storage suite measures that streaming keeps memory flat).
 */
export async function startS3TestServer(directory: string, bucket = 'heliotrack-test') {
  const script = `
    const S3rver = require(${JSON.stringify(require.resolve('s3rver'))});
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.argv[1], configureBuckets: [{ name: process.argv[2] }] });
    server.run().then(({ port }) => console.log(JSON.stringify({ port })));
  `;
  const child: ChildProcess = spawn(process.execPath, ['-e', script, directory, bucket], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (data: Buffer) => {
      out += data.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  const options: S3Options = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    // s3rver's fixed test credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill();
    });
  return { options, stop };
}
