import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicConfig } from '@heliotrack/domain/auth';

/** What the login page needs to know before anyone signs in (issue 31). */
export const publicConfigRoutes: FastifyPluginAsyncZod<{ publicConfig: PublicConfig }> = async (app, { publicConfig }) => {
  app.get(
    '/public-config/',
    {
      // Public like token/, and limited per address like every public route.
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: ['app'], summary: 'What the login page shows: the demo warning, whether password recovery works', response: { 200: PublicConfig } },
    },
    () => publicConfig,
  );
};
