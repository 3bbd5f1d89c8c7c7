import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type * as IoRedis from 'ioredis';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './lib/config';
import type { Db } from './db/database';
import { DOCUMENT_MAX_BYTES } from '@heliotrack/domain/elements';
import { createMailer, type Mailer } from './lib/mailer';
import { createStorage } from './lib/create-storage';
import { registerAuth } from './plugins/auth';
import { registerAccountGuards } from './plugins/account-guards';
import { registerSecurityHeaders } from './plugins/security-headers';
import { detailError } from './lib/errors';
import { registerErrorHandler } from './plugins/errors';
import { registerLanguage } from './plugins/language';
import { registerCompression } from './plugins/compression';
import { registerHealth } from './plugins/health';
import { registerMetrics } from './plugins/metrics';
import { loggerOptions, registerRequestContext } from './plugins/logging';
import { openapiOptions } from './openapi/document';
import { appVersionRoutes } from './modules/app-version/app-version.routes';
import { publicConfigRoutes } from './modules/public-config/public-config.routes';
import { setPasswordHashCost } from './lib/passwords';
import { AppVersionService } from './modules/app-version/app-version.service';
import { authRoutes } from './modules/auth/auth.routes';
import { cataloguesRoutes } from './modules/catalogues/catalogues.routes';
import { CataloguesService } from './modules/catalogues/catalogues.service';
import { AuthService } from './modules/auth/auth.service';
import { TokenService } from './lib/tokens';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { documentsRoutes } from './modules/documents/documents.routes';
import { DocumentsService } from './modules/documents/documents.service';
import { elementsRoutes } from './modules/elements/elements.routes';
import { ElementsService } from './modules/elements/elements.service';
import { plantsRoutes } from './modules/plants/plants.routes';
import { PlantsService } from './modules/plants/plants.service';
import { imageryRoutes } from './modules/imagery/imagery.routes';
import { ImageryService } from './modules/imagery/imagery.service';
import { layoutImportRoutes } from './modules/layout-import/layout-import.routes';
import { LayoutImportService } from './modules/layout-import/layout-import.service';
import { spatialRoutes } from './modules/spatial/spatial.routes';
import { SpatialService } from './modules/spatial/spatial.service';
import { stateChangesRoutes } from './modules/state-changes/state-changes.routes';
import { StateChangesService } from './modules/state-changes/state-changes.service';
import { syncReviewsRoutes } from './modules/sync-reviews/sync-reviews.routes';
import { SyncReviewsService } from './modules/sync-reviews/sync-reviews.service';
import { syncRoutes } from './modules/sync/sync.routes';
import { SyncService } from './modules/sync/sync.service';
import { contractorsRoutes } from './modules/contractors/contractors.routes';
import { ContractorsService } from './modules/contractors/contractors.service';
import { rucsRoutes } from './modules/rucs/rucs.routes';
import { RucsService } from './modules/rucs/rucs.service';
import { stateManagementRoutes } from './modules/state-management/state-management.routes';
import { StateManagementService } from './modules/state-management/state-management.service';
import { usersRoutes } from './modules/users/users.routes';
import { flashReportsRoutes } from './modules/flash-reports/flash-reports.routes';
import { FlashReportsService } from './modules/flash-reports/flash-reports.service';
import { equipmentRoutes } from './modules/equipment/equipment.routes';
import { EquipmentService } from './modules/equipment/equipment.service';
import { itemInventoryRoutes } from './modules/item-inventory/item-inventory.routes';
import { ItemInventoryService } from './modules/item-inventory/item-inventory.service';
import { milestonesRoutes } from './modules/milestones/milestones.routes';
import { MilestonesService } from './modules/milestones/milestones.service';
import { elementExportRoutes } from './modules/element-export/element-export.routes';
import { ElementExportService } from './modules/element-export/element-export.service';
import { createJobQueue } from './lib/jobs/create-job-queue';
import { HistoricReportScheduler, ReportGenerator, resumeUnfinishedReports } from './modules/reports/report-jobs';
import { reportsRoutes } from './modules/reports/reports.routes';
import { ReportsService } from './modules/reports/reports.service';
import { UsersService } from './modules/users/users.service';
import { ppiExportRoutes } from './modules/ppis/exports/exports.routes';
import { PpiExportGenerator, PpiExportsService, resumeUnfinishedExports } from './modules/ppis/exports/exports.service';
import { ppiResultsRoutes } from './modules/ppis/results/results.routes';
import { PpiResultsService, resultForUpload } from './modules/ppis/results/results.service';
import { ppisRoutes } from './modules/ppis/plans/plans.routes';
import { PpisService } from './modules/ppis/plans/plans.service';
import { templatesRoutes } from './modules/ppis/templates/templates.routes';
import { TemplatesService } from './modules/ppis/templates/templates.service';
import { DeliveredSerialsService } from './modules/serials/delivered-serials.service';
import { SerialScanService } from './modules/serials/serial-scan.service';
import { serialsRoutes } from './modules/serials/serials.routes';
import { lazyPackage } from './lib/lazy-package';

const ioredis = lazyPackage<typeof IoRedis>('ioredis');

export interface AppOptions {
  config: Config;
  db: Db;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Told of every route as it is registered: the tenancy sweep (test/tenancy-sweep.test.ts) lists them so. */
  onRoute?: (route: RouteOptions) => void;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole API (and the web app when built); tests call it and use inject(). */
declare module 'fastify' {
  interface FastifyInstance {
    /** Settles when the maps warmed at start are ready (at once before ready()). */
    mapsWarmed(): Promise<void>;
  }
}

export async function buildApp({ config, db, mailer, logger, onRoute }: AppOptions) {
  setPasswordHashCost(config.passwordHashCost);
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // Off unless TRUST_PROXY names the proxies: a client's own X-Forwarded-For must not pick its rate-limit bucket.
    // A hop count believes that many proxies in front (Fastify's own reading of a number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerLanguage(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  await registerCompression(app);
  // Before authentication: a preflight carries no token, and a 401 must reach the app readable.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      // Request headers are allowed as the preflight asks (Authorization, Accept-Language and any a
      // later client adds): the origin list is what keeps strangers out.
      // Downloads are named by it (lib/content-disposition.ts in the web app).
      exposedHeaders: ['Content-Disposition'],
      maxAge: 600,
    });
  }

  const tokens = new TokenService(config.jwtSecret, { access: config.accessTokenTtl, refresh: config.refreshTokenTtl, session: config.sessionMaxAge });
  registerAuth(app, db, tokens);
  registerAccountGuards(app);
  registerRequestContext(app);

  // Several instances (README "Running at scale") count the same attempts in Redis.
  const redis = config.redisUrl ? new (ioredis().Redis)(config.redisUrl) : null;
  if (redis) {
    // ioredis reconnects by itself; a lost connection is logged, not thrown.
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis (rate limits) unreachable'));
    app.addHook('onClose', () => void redis.disconnect());
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}:rate-limit:` } : {}),
    errorResponseBuilder: (_req, context) => detailError(429, 'errors.tooManyRequests', 'throttled', { after: context.after }),
  });

  await app.register(swagger, openapiOptions(config.publicUrl));
  // The documentation is public (README): the page, its assets and the document need no token.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  });
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, () => app.swagger());
  // After swagger (which documents the routes registered after it), before the API's routes.
  const storage = createStorage({ kind: config.storage, dataDir: config.dataDir, db, s3: config.s3 });
  await registerHealth(app, { db, storage, redisUrl: config.redisUrl, maxEventLoopDelay: config.maxEventLoopDelay });

  const spatial = new SpatialService(db);
  const dashboard = new DashboardService(db);
  const milestones = new MilestonesService(db);
  // A report shows the dashboard's figures and the milestones' follow-ups through their services.
  const reportGenerator = new ReportGenerator(db, storage, app.log, { dashboard, milestones });
  const onJobError = (id: number, error: unknown) => app.log.error({ err: error, report: id }, 'report job failed');
  const reportJobs = createJobQueue(config, 'reports', reportGenerator.run, onJobError);
  const historicReports = new HistoricReportScheduler(db, reportJobs, app.log);
  const ppiExportGenerator = new PpiExportGenerator(db, storage, app.log);
  // The register map's result reads: PpisService receives them, as plans never import results.
  const ppiResults = new PpiResultsService(db, { maxUnresolved: config.syncReviewMaxUnresolved });
  const onExportError = (id: number, error: unknown) => app.log.error({ err: error, export: id }, 'PPI export job failed');
  // The dossiers run on the reports' kind of queue: BullMQ when Redis is configured, else in process.
  const ppiExportJobs = createJobQueue(config, 'ppi-exports', ppiExportGenerator.run, onExportError);
  const services = {
    auth: new AuthService(
      db,
      tokens,
      mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log, production: config.production }),
      config.publicUrl,
      passwordRecovery(config),
    ),
    plants: new PlantsService(db),
    users: new UsersService(db),
    dashboard,
    stateManagement: new StateManagementService(db),
    contractors: new ContractorsService(db),
    rucs: new RucsService(db),
    spatial,
    layoutImport: new LayoutImportService(db, (plantId) => spatial.forgetPlant(plantId)),
    imagery: new ImageryService(db, storage, config.dataDir),
    catalogues: new CataloguesService(db),
    elements: new ElementsService(db),
    stateChanges: new StateChangesService(db, { maxUnresolved: config.syncReviewMaxUnresolved }),
    syncReviews: new SyncReviewsService(db, config.syncReviewRetentionDays),
    sync: new SyncService(db, config.jwtSecret),
    documents: new DocumentsService(db, storage, (user, resultId) => resultForUpload(db, user, resultId)),
    flashReports: new FlashReportsService(db, storage),
    equipment: new EquipmentService(db),
    itemInventory: new ItemInventoryService(db),
    milestones,
    reports: new ReportsService(db, storage, reportJobs, reportGenerator),
    elementExport: new ElementExportService(db),
    ppis: new PpisService(db, storage, spatial, ppiResults),
    ppiResults,
    ppiExports: new PpiExportsService(db, storage, ppiExportJobs, ppiExportGenerator),
    templates: new TemplatesService(db),
    appVersion: new AppVersionService(db),
    serialScan: new SerialScanService(db),
    deliveredSerials: new DeliveredSerialsService(db),
  };

  registerMetrics(app, { enabled: config.metrics, token: config.metricsToken, db, queues: { reports: reportJobs, 'ppi-exports': ppiExportJobs } });

  // Report jobs start once the server is ready (after migrations) and stop before the database closes.
  // The maps of the largest plants are warmed once the server is ready (seconds for a 250 MWp
  // plant, longer than Fastify lets a ready hook take): `npm start` waits for mapsWarmed() before
  // it listens, so the first tile after a start does not wait for geometries; tests do not.
  let warming: Promise<void> = Promise.resolve();
  app.decorate('mapsWarmed', () => warming);
  app.addHook('onReady', async () => {
    // On a later turn: `npm start` listens first (main.ts), then the maps warm.
    warming = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => spatial.warm(app.log))
      .catch((error: unknown) => app.log.error({ err: error }, 'map warm-up failed'));
    await resumeUnfinishedReports(db, reportJobs);
    await resumeUnfinishedExports(db, ppiExportJobs);
    if (config.historicReports) historicReports.start();
  });
  app.addHook('onClose', async () => {
    await historicReports.stop();
    await reportJobs.close();
    await ppiExportJobs.close();
    services.imagery.close();
    storage.close?.();
  });

  await app.register(
    async (api) => {
      await api.register(authRoutes, { auth: services.auth, rateLimit: config.rateLimitLogin, accountLimit: config.rateLimitAccount });
      await api.register(plantsRoutes, { plants: services.plants });
      await api.register(usersRoutes, { users: services.users });
      await api.register(dashboardRoutes, { dashboard: services.dashboard });
      await api.register(stateManagementRoutes, { stateManagement: services.stateManagement });
      await api.register(contractorsRoutes, { contractors: services.contractors });
      await api.register(rucsRoutes, { rucs: services.rucs });
      await api.register(spatialRoutes, { spatial: services.spatial });
      await api.register(layoutImportRoutes, { layoutImport: services.layoutImport });
      await api.register(imageryRoutes, { imagery: services.imagery });
      // One document per upload (DESIGN section 10: size and type limits); files stream to storage.
      // preservePath: busboy would strip folders from a file name; the documents service refuses them instead.
      await api.register(multipart, { preservePath: true, limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 7, fieldSize: 100, parts: 8 } });
      await api.register(cataloguesRoutes, { catalogues: services.catalogues });
      await api.register(elementsRoutes, { elements: services.elements });
      await api.register(stateChangesRoutes, { stateChanges: services.stateChanges });
      await api.register(syncReviewsRoutes, { syncReviews: services.syncReviews });
      await api.register(syncRoutes, { sync: services.sync });
      await api.register(documentsRoutes, { documents: services.documents });
      await api.register(flashReportsRoutes, { flashReports: services.flashReports });
      await api.register(equipmentRoutes, { equipment: services.equipment });
      await api.register(itemInventoryRoutes, { itemInventory: services.itemInventory });
      await api.register(milestonesRoutes, { milestones: services.milestones });
      await api.register(reportsRoutes, { reports: services.reports });
      await api.register(elementExportRoutes, { elementExport: services.elementExport });
      await api.register(templatesRoutes, { templates: services.templates });
      await api.register(ppisRoutes, { ppis: services.ppis });
      await api.register(ppiResultsRoutes, { results: services.ppiResults, ppis: services.ppis });
      await api.register(ppiExportRoutes, { exports: services.ppiExports });
      await api.register(appVersionRoutes, { appVersion: services.appVersion });
      await api.register(publicConfigRoutes, { publicConfig: { demo_warning: config.demoInProduction, password_recovery: passwordRecovery(config) } });
      await api.register(serialsRoutes, { serialScan: services.serialScan, deliveredSerials: services.deliveredSerials });
    },
    { prefix: '/api' },
  );

  registerWeb(app, config.webDist ?? defaultWebDist);
  return app;
}

/** Recovery mails reach people by SMTP; outside production the outbox and the log stand in (the demo). */
export const passwordRecovery = (config: Config) => Boolean(config.smtpUrl) || !config.production;

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Serves the built web app with a fallback to index.html for client-side routes. */
function registerWeb(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return;
  // preCompressed: the build's `.br` / `.gz` twin of a file goes out when the client accepts it.
  // serve: false: no route per file (they would bypass the headers below); only reply.sendFile.
  app.register(fastifyStatic, { root: webDist, serve: false, index: false, cacheControl: false, preCompressed: true });
  app.get('/*', { config: { public: true }, schema: { hide: true } }, (req, reply) => {
    // An unknown API path is a 404 like any other, not the web app.
    if (/^\/api(\/|$)/i.test(req.url)) return reply.callNotFound();
    const file = path.join(webDist, path.normalize(req.url.split('?')[0]));
    reply.header('vary', 'accept-encoding');
    if (file.startsWith(webDist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      // Hashed assets never change; the service worker and index.html must always be revalidated.
      if (req.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else if (/^\/(sw\.js|index\.html)(\?|$)/.test(req.url)) reply.header('cache-control', 'no-cache');
      return reply.sendFile(path.relative(webDist, file));
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
