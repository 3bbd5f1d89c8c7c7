import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/database';
import { createMailer, type Mailer } from './lib/mailer';
import { registerAuth } from './plugins/auth';
import { detailError, registerErrorHandler } from './plugins/errors';
import { registerLanguage } from './plugins/language';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { TokenService } from './modules/auth/tokens';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { plantsRoutes } from './modules/plants/plants.routes';
import { PlantsService } from './modules/plants/plants.service';
import { usersRoutes } from './modules/users/users.routes';
import { UsersService } from './modules/users/users.service';

export interface AppOptions {
  config: Config;
  db: Db;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole API (and the web app when built); tests call it and use inject(). */
export async function buildApp({ config, db, mailer, logger }: AppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerLanguage(app);
  registerErrorHandler(app);

  const tokens = new TokenService(config.jwtSecret, { access: config.accessTokenTtl, refresh: config.refreshTokenTtl });
  registerAuth(app, db, tokens);

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) => detailError(429, 'errors.tooManyRequests', 'throttled', { after: context.after }),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Heliotrack API', version: '0.1.0', description: 'Construction follow-up and quality inspection of photovoltaic plants.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, () => app.swagger());

  const services = {
    auth: new AuthService(db, tokens, mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }), config.publicUrl),
    plants: new PlantsService(db),
    users: new UsersService(db),
    dashboard: new DashboardService(db),
  };

  await app.register(
    async (api) => {
      await api.register(authRoutes, { auth: services.auth, rateLimit: config.rateLimitLogin });
      await api.register(plantsRoutes, { plants: services.plants });
      await api.register(usersRoutes, { users: services.users });
      await api.register(dashboardRoutes, { dashboard: services.dashboard });
    },
    { prefix: '/api' },
  );

  registerWeb(app, config.webDist ?? defaultWebDist);
  return app;
}

/** Serves the built web app with a fallback to index.html for client-side routes. */
function registerWeb(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return;
  app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, cacheControl: false });
  app.get('/*', { config: { public: true }, schema: { hide: true } }, (req, reply) => {
    if (/^\/api(\/|$)/i.test(req.url)) {
      throw detailError(404, 'errors.routeNotFound', 'not_found', { method: req.method, url: req.url.split('?')[0] });
    }
    const file = path.join(webDist, path.normalize(req.url.split('?')[0]));
    if (file.startsWith(webDist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      // Hashed assets never change; index.html must always be revalidated.
      if (req.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(path.relative(webDist, file));
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
