import { BullJobQueue } from './bull-job-queue';
import { InProcessJobQueue, type JobHandler, type JobQueue } from './job-queue';

export interface JobQueueSettings {
  /** REDIS_URL: a queue shared by every API instance (BullMQ); without it, jobs run in this process. */
  redisUrl?: string;
  redisPrefix: string;
  /** Seconds a worker's claim on a job lasts without being renewed (JOB_LOCK_TIMEOUT). */
  jobLockTimeout: number;
}

/** The queue of one kind of job (`name`): BullMQ when Redis is configured, else in process. */
export function createJobQueue(
  settings: JobQueueSettings,
  name: string,
  handler: JobHandler,
  onError: (id: number, error: unknown) => void,
): JobQueue {
  return settings.redisUrl
    ? new BullJobQueue(
        settings.redisUrl,
        { name, prefix: settings.redisPrefix, lockMs: settings.jobLockTimeout * 1000 },
        handler,
        onError,
      )
    : new InProcessJobQueue(handler, onError);
}
