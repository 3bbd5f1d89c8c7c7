import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AvailableVersion, AvailableVersionRequest } from '@heliotrack/domain/app-version';
import type { AppVersionService } from './app-version.service';

export const appVersionRoutes: FastifyPluginAsyncZod<{ appVersion: AppVersionService }> = async (app, { appVersion }) => {
  const tags = ['app'];
  app.get(
    '/app-version/',
    { schema: { tags, summary: 'The app version the organisation makes available (null fields when none)', response: { 200: AvailableVersion } } },
    (req) => appVersion.get(req.user),
  );
  app.put(
    '/app-version/',
    { config: { adminOnly: true }, schema: { tags, summary: 'Publish the available app version (administrators)', body: AvailableVersionRequest, response: { 200: AvailableVersion } } },
    (req) => appVersion.publish(req.user, req.body),
  );
};
