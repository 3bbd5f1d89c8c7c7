import type { FastifyInstance } from 'fastify';
import { type Language, pickLanguage } from '@heliotrack/domain/constants';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
}

/** Accept-Language chooses the language of messages; es when absent or unsupported. */
export function registerLanguage(app: FastifyInstance) {
  app.decorateRequest('lang', 'es');
  app.addHook('onRequest', async (req) => {
    req.lang = pickLanguage(req.headers['accept-language']);
  });
}
