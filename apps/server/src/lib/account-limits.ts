import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { detailError } from './errors';

/*
 * The per-address limit of token/ and password recovery (config RATE_LIMIT_LOGIN, route config) does
 * not stop a guesser with many addresses. These limits count per account as well: `max` attempts in
 * 15 minutes for one email (or one signed-in user), whatever the address, in the rate-limit plugin's
 * store (Redis when REDIS_URL is set, so every instance shares the count). The answer is the
 * per-address one: 429 throttled with retry-after.
 */

const WINDOW_MS = 15 * 60 * 1000;

/** A preHandler limiting one route per key (the body is parsed and validated by then). */
export function perAccountLimit(app: FastifyInstance, name: string, max: number, key: (req: FastifyRequest) => string) {
  const limiter = app.createRateLimit({ max, timeWindow: WINDOW_MS, keyGenerator: (req) => `${name}:${key(req)}` });
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const result = await limiter(req);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', String(result.ttlInSeconds));
    const seconds = result.ttlInSeconds;
    throw detailError(429, 'errors.tooManyRequests', 'throttled', { after: seconds >= 60 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds` });
  };
}
