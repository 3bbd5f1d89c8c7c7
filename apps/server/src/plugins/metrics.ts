import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as PromClient from 'prom-client';
import { type Db, pgPoolOf } from '../db/database';
import { detailError, notFound } from '../lib/errors';
import type { JobQueue } from '../lib/jobs/job-queue';
import { fileResponse } from '../openapi/media';
import { lazyPackage } from '../lib/lazy-package';

const promClient = lazyPackage<typeof PromClient>('prom-client');

export interface MetricsOptions {
  enabled: boolean;
  /** When set, GET /api/metrics/ wants `Authorization: Bearer <token>`. */
  token?: string;
  db: Db;
  queues: Record<string, JobQueue>;
}

const STATE_CHANGE_ROUTES = new Set(['/api/plants/:id/:type/:elementId/state-change/', '/api/plants/:id/:type/massive-state-change/']);
const SYNC_ROUTE = '/api/plants/:id/sync/';

/** Outcome counts a state-change answer may carry (issue 31: the outbox's late and conflicting changes). */
const OUTCOME_FIELDS = { applied_count: 'accepted', late_count: 'late', conflict_count: 'conflict' } as const;

function sameToken(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /api/metrics/ in Prometheus' text format when METRICS=on (404 otherwise): requests and their
 * durations by route, job queue depths, plant sync downloads, state-change pushes and their
 * outcomes, the PostgreSQL pool, and the process (memory, event loop, CPU). One registry per app,
 * so tests that build several apps do not share counters. Register before the routes.
 */
export function registerMetrics(app: FastifyInstance, { enabled, token, db, queues }: MetricsOptions) {
  app.get(
    '/api/metrics/',
    {
      config: { public: true },
      schema: {
        tags: ['service'],
        summary: 'Prometheus metrics (METRICS=on; a bearer METRICS_TOKEN when set)',
        fileResponses: { 200: fileResponse('Prometheus text exposition format', ['text/plain']) },
      },
    },
    enabled ? (req, reply) => answer(req, reply) : () => Promise.reject(notFound()),
  );
  if (!enabled) return;

  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = promClient();
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'heliotrack_' });
  const requests = new Counter({ name: 'heliotrack_http_requests_total', help: 'HTTP requests answered, by method, route and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const durations = new Histogram({
    name: 'heliotrack_http_request_duration_seconds',
    help: 'Time to answer, by method and route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const syncDownloads = new Counter({ name: 'heliotrack_sync_downloads_total', help: 'Plant sync downloads answered, full or incremental', labelNames: ['kind'], registers: [registry] });
  const pushes = new Counter({ name: 'heliotrack_state_change_pushes_total', help: 'State-change requests (the devices\' outbox pushes included), by outcome: accepted or refused (4xx)', labelNames: ['outcome'], registers: [registry] });
  const changedElements = new Counter({
    name: 'heliotrack_state_change_elements_total',
    help: 'Elements in accepted state-change requests, by outcome: accepted, late or conflict when the answer tells them apart',
    labelNames: ['outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'heliotrack_job_queue_depth',
    help: 'Background jobs waiting or running, by queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      for (const [name, queue] of Object.entries(queues)) this.set({ queue: name }, await queue.depth().catch(() => -1));
    },
  });
  const pool = pgPoolOf(db);
  if (pool) {
    new Gauge({
      name: 'heliotrack_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  async function answer(req: FastifyRequest, reply: FastifyReply) {
    if (token && !sameToken(req.headers.authorization ?? '', `Bearer ${token}`)) throw detailError(401, 'auth.tokenNotValid', 'token_not_valid');
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  }

  // The answer's body as sent (before compression): counts of a state change come from it.
  app.addHook('onSend', async (req, reply, payload) => {
    const route = req.routeOptions.url;
    if (!route || !STATE_CHANGE_ROUTES.has(route)) return payload;
    if (reply.statusCode >= 400 && reply.statusCode < 500) pushes.inc({ outcome: 'refused' });
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    pushes.inc({ outcome: 'accepted' });
    try {
      const body = JSON.parse(payload) as Record<string, unknown>;
      const told = Object.entries(OUTCOME_FIELDS).filter(([field]) => typeof body[field] === 'number');
      if (told.length > 0) for (const [field, outcome] of told) changedElements.inc({ outcome }, body[field] as number);
      else if (typeof body.element_count === 'number') changedElements.inc({ outcome: 'accepted' }, body.element_count);
    } catch {
      // not JSON: nothing to count
    }
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    durations.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    if (route === SYNC_ROUTE && reply.statusCode === 200) {
      syncDownloads.inc({ kind: (req.query as { cursor?: string }).cursor ? 'incremental' : 'full' });
    }
  });
}
