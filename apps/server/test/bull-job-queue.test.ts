import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { BullJobQueue } from '../src/lib/jobs/bull-job-queue';

/*
 * The BullMQ job queue (REDIS_URL) on its own, against the Redis of TEST_REDIS_URL: skipped without
 * it outside CI. The two-instance suite (scale.test.ts) covers it between processes.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.CI === 'true') throw new Error('CI runs the Redis suites: set TEST_REDIS_URL');

describe.skipIf(!redisUrl)('BullMQ job queue', () => {
  const queues: BullJobQueue[] = [];
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.close();
  });

  /** A queue of a prefix of its own, so that tests and runs never see each other's jobs. */
  function makeQueue(handler: (id: number) => Promise<void>, errors: unknown[] = [], prefix = `ht-test-${randomBytes(4).toString('hex')}`) {
    const queue = new BullJobQueue(redisUrl!, { name: 'reports', prefix, lockMs: 5000 }, handler, (_id, error) => errors.push(error));
    queues.push(queue);
    return { queue, prefix };
  }

  it('runs each job once, one at a time, and an id enqueued twice while waiting once', async () => {
    const ran: number[] = [];
    let running = 0;
    let overlapped = false;
    const { queue } = makeQueue(async (id) => {
      overlapped ||= running > 0;
      running++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      ran.push(id);
      running--;
    });
    for (const id of [1, 2, 2, 3, 1]) queue.enqueue(id);
    await queue.idle();
    expect([...ran].sort()).toEqual([1, 2, 3]);
    expect(overlapped).toBe(false);
  });

  it('retries a job that throws, after a backoff, and reports the failed attempt', async () => {
    const attempts: number[] = [];
    const errors: unknown[] = [];
    const { queue } = makeQueue(async () => {
      attempts.push(Date.now());
      if (attempts.length === 1) throw new Error('database unreachable');
    }, errors);
    queue.enqueue(7);
    await queue.idle();
    expect(attempts).toHaveLength(2);
    expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(1900);
    // The failed attempt is reported (logged), the retry then succeeds.
    expect(errors).toEqual([new Error('database unreachable')]);
  }, 20_000);

  it('gives each job to one of two workers on the same queue', async () => {
    const ran: string[] = [];
    const prefix = `ht-test-${randomBytes(4).toString('hex')}`;
    const first = makeQueue(async (id) => void ran.push(`first ${id}`), [], prefix).queue;
    const second = makeQueue(async (id) => void ran.push(`second ${id}`), [], prefix).queue;
    for (let id = 1; id <= 20; id++) (id % 2 ? first : second).enqueue(id);
    await first.idle();
    await second.idle();
    const ids = ran.map((r) => Number(r.split(' ')[1])).sort((x, y) => x - y);
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
