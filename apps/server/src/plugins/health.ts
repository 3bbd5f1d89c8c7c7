import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type * as IoRedis from 'ioredis';
import { z } from 'zod';
import { translate } from '@heliotrack/domain/i18n/translate';
import { pingDatabase, type Db } from '../db/database';
import type { Storage } from '../lib/storage';
import { lazyPackage } from '../lib/lazy-package';

const ioredis = lazyPackage<typeof IoRedis>('ioredis');

export interface HealthOptions {
  db: Db;
  storage: Storage;
  redisUrl?: string;
  /** Mean event-loop delay (ms) over which requests are refused with 503 and `retry-after`; 0: never. */
  maxEventLoopDelay: number;
}

/** How long one dependency may take to answer a readiness check. */
const CHECK_TIMEOUT_MS = 2000;
/** Seconds a client told "overloaded" waits before it tries again. */
export const RETRY_AFTER_S = 5;

const Checks = z.record(z.string(), z.enum(['ok', 'failing']));
const Ready = z.object({ status: z.literal('ok'), checks: Checks });
const NotReady = z.object({ status: z.literal('failing'), detail: z.string(), failing: z.array(z.string()), checks: Checks });

function withTimeout(check: Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

const isProbe = (url: string) => /^\/api\/(health|ready)(\/|\?|$)/.test(url);

/**
 * GET /api/health/: the process is up (a load balancer's liveness probe; no token, no dependency).
 * GET /api/ready/: the database answers, and Redis and S3 when configured; otherwise 503 naming the
 * failing parts (never a URL, a host or an error message that could carry a secret: those go to the log).
 * Under load (the event loop saturated) every other request answers 503 with `retry-after` at once
 * instead of queueing without end; the two probes are exempt. Registered before the routes.
 */
export async function registerHealth(app: FastifyInstance, { db, storage, redisUrl, maxEventLoopDelay }: HealthOptions) {
  // A client of its own, connected on first use and never queueing: a probe must not wait behind jobs.
  const redis = redisUrl ? new (ioredis().Redis)(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
  if (redis) {
    redis.on('error', () => {}); // reported by /api/ready/, not thrown
    app.addHook('onClose', () => void redis.disconnect());
  }
  const checks: Record<string, () => Promise<unknown>> = {
    database: () => pingDatabase(db),
    ...(redis
      ? {
          redis: async () => {
            if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
            return redis.ping();
          },
        }
      : {}),
    ...(storage.check ? { storage: () => storage.check!() } : {}),
    // The map caches warmed at start (app.ts): until then a tile may wait for its plant's geometries.
    maps: async () => {
      if (!app.hasDecorator('mapsWarmed')) return; // an app without maps (tests of this plugin alone)
      const warm = await Promise.race([app.mapsWarmed().then(() => true), new Promise<boolean>((resolve) => setImmediate(() => resolve(false)))]);
      if (!warm) throw new Error('the map caches are still warming');
    },
  };

  if (maxEventLoopDelay > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay,
      retryAfter: RETRY_AFTER_S,
      // Sent here, and Fastify goes no further with a request already answered; a probe goes on.
      pressureHandler: (req, reply) => {
        if (isProbe(req.url)) return;
        void reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_S))
          .send({ detail: translate(req.lang ?? 'es', 'errors.overloaded'), code: 'overloaded' });
      },
    });
  }

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/health/',
    { config: { public: true }, schema: { tags: ['service'], summary: 'The process is up (liveness probe)', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  typed.get(
    '/api/ready/',
    {
      config: { public: true },
      schema: {
        tags: ['service'],
        summary: 'The database answers, and Redis and S3 when configured (readiness probe); 503 names the failing parts',
        response: { 200: Ready, 503: NotReady },
      },
    },
    async (req, reply) => {
      const names = Object.keys(checks);
      const results = await Promise.allSettled(names.map((name) => withTimeout(checks[name]())));
      const answer: Record<string, 'ok' | 'failing'> = {};
      const failing: string[] = [];
      results.forEach((result, i) => {
        answer[names[i]] = result.status === 'fulfilled' ? 'ok' : 'failing';
        if (result.status === 'rejected') {
          failing.push(names[i]);
          req.log.warn({ check: names[i], err: result.reason }, 'readiness check failed');
        }
      });
      if (failing.length === 0) return reply.send({ status: 'ok' as const, checks: answer });
      return reply.code(503).send({
        status: 'failing' as const,
        detail: translate(req.lang ?? 'es', 'errors.notReady', { parts: failing.join(', ') }),
        failing,
        checks: answer,
      });
    },
  );
}
