import type * as BullMq from 'bullmq';
import type * as IoRedis from 'ioredis';
import type { JobHandler, JobQueue } from './job-queue';
import { lazyPackage } from '../lazy-package';

const bullmq = lazyPackage<typeof BullMq>('bullmq');
const ioredis = lazyPackage<typeof IoRedis>('ioredis');

export interface BullJobQueueOptions {
  /** The queue's name; its keys live under `prefix` so that several deployments can share a Redis. */
  name: string;
  prefix: string;
  /**
   * How long a worker's claim on a job lasts without being renewed (it is renewed every half of it
   * while the job runs): when an instance dies, another one takes its job after at most twice this.
   */
  lockMs: number;
}

/**
 * The job queue shared by every API instance (REDIS_URL, issue 21), on BullMQ: each instance runs one
 * worker taking one job at a time, and BullMQ's lock gives each job to one worker only. A job whose
 * instance dies (its lock is not renewed) goes back to the queue and another instance runs it; the
 * handler starts again from the database row, as after a restart (and does nothing for a report
 * already done: an id queued again just after its job finished costs one read). A handler that throws (the
 * database unreachable) is retried 3 times with exponential backoff from 2 s. Job ids are the row
 * ids: an id already waiting or running is not queued twice, whoever enqueues it.
 */
export class BullJobQueue implements JobQueue {
  private readonly queue: BullMq.Queue;
  private readonly worker: BullMq.Worker;
  private readonly connections: IoRedis.Redis[];
  private readonly adding = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    redisUrl: string,
    private readonly options: BullJobQueueOptions,
    handler: JobHandler,
    private readonly onError: (id: number, error: unknown) => void,
  ) {
    // The worker blocks on Redis while it waits for a job: it needs a connection of its own.
    this.connections = [0, 1].map(() => new (ioredis().Redis)(redisUrl, { maxRetriesPerRequest: null }));
    this.queue = new (bullmq().Queue)(options.name, { connection: this.connections[0], prefix: options.prefix });
    this.worker = new (bullmq().Worker)(
      options.name,
      async (job) => {
        await handler((job.data as { id: number }).id);
      },
      {
        connection: this.connections[1],
        prefix: options.prefix,
        concurrency: 1,
        lockDuration: options.lockMs,
        stalledInterval: options.lockMs,
        maxStalledCount: 3,
      },
    );
    this.worker.on('failed', (job, error) => {
      if (job) this.onError((job.data as { id: number }).id, error);
    });
    // Redis unreachable: BullMQ reconnects by itself; told (logged), never thrown.
    this.worker.on('error', (error) => this.onError(0, error));
    this.queue.on('error', (error) => this.onError(0, error));
  }

  enqueue(id: number) {
    if (this.closed) return;
    const added = this.queue
      .add(
        'job',
        { id },
        {
          jobId: `${this.options.name}-${id}`,
          attempts: 3,
          backoff: { type: 'exponential', delay: 2000 },
          // Done or failed jobs go at once, so the same id can be queued again (a retried report).
          removeOnComplete: true,
          removeOnFail: true,
        },
      )
      .catch((error: unknown) => this.onError(id, error))
      .finally(() => this.adding.delete(added));
    this.adding.add(added);
  }

  /** Resolves when no job of this queue waits, runs or waits for a retry, on any instance. */
  async idle() {
    for (;;) {
      await Promise.all(this.adding);
      const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
      if (Object.values(counts).every((n) => n === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async depth() {
    const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
    return Object.values(counts).reduce((sum, n) => sum + n, 0);
  }

  async close() {
    this.closed = true;
    await Promise.all(this.adding);
    await this.worker.close();
    await this.queue.close();
    for (const connection of this.connections) connection.disconnect();
  }
}
