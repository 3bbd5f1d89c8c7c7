/**
 * Background jobs, one at a time, in this process (DESIGN section 11: "report jobs in process").
 * Only this interface is used by the modules, so a shared queue (BullMQ on REDIS_URL) can take
 * its place: `enqueue` becomes `queue.add(name, { id })` and a BullMQ Worker calls the same handler.
 * Job state lives in the database (the report row), not in the queue, so nothing is lost when the
 * process stops: unfinished jobs are enqueued again on the next start.
 */
export interface JobQueue {
  /** Runs the job `id` after those already waiting; an id already waiting is not queued twice. */
  enqueue(id: number): void;
  /** Resolves when nothing is waiting or running (tests, shutdown). */
  idle(): Promise<void>;
  /** Takes no new job, and waits for the running one. */
  close(): Promise<void>;
  /** Jobs waiting or running (metrics): this process's for the in-process queue, every instance's for BullMQ. */
  depth(): Promise<number>;
}

export type JobHandler = (id: number) => Promise<void>;

export class InProcessJobQueue implements JobQueue {
  private readonly waiting: number[] = [];
  private running: Promise<void> | null = null;
  private closed = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly handler: JobHandler,
    private readonly onError: (id: number, error: unknown) => void,
  ) {}

  enqueue(id: number) {
    if (this.closed || this.waiting.includes(id)) return;
    this.waiting.push(id);
    if (!this.running) this.running = this.drain();
  }

  idle() {
    if (!this.running) return Promise.resolve();
    return new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  async depth() {
    return this.waiting.length + (this.running ? 1 : 0);
  }

  async close() {
    this.closed = true;
    this.waiting.length = 0;
    await this.running;
  }

  private async drain() {
    // Jobs start on a later turn of the event loop, so a request that enqueues answers first.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.waiting.length > 0) {
      const id = this.waiting.shift()!;
      try {
        await this.handler(id);
      } catch (error) {
        this.onError(id, error);
      }
    }
    this.running = null;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
