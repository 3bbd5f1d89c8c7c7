import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../storage';

/**
 * Removes the files a job wrote (or an earlier run of it left), each on its own: a file that cannot
 * be removed is logged with `message` and does not stop the others.
 */
export async function removeJobFiles(
  storage: Storage,
  log: FastifyBaseLogger,
  keys: (string | null)[],
  message: string,
) {
  for (const key of keys) {
    if (!key) continue;
    try {
      await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, key }, message);
    }
  }
}
